"""The GM's tools in time-slice terms: `damage` through DR (T12-T14), `heal` of the
dying timer (T14), `set` that keeps conditions and turns right, `roll` and `init` of
d10s read 0-9 (T1, T4), and the ruleset's own `wait` (T15) and `wake` (T14).

`set` and `init` keep the shared verbs' behaviour and add time-slice checks around them.
"""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.commands import resolve
from shaper_gm.commands.args import Parsed, flag
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.verbs.gm import roll_outcome, target_and_amount
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.timeslice import actions
from shaper_gm.rulesets.timeslice.clock import duration_text, parse_duration
from shaper_gm.rulesets.timeslice.manual import (
    check_d10_faces,
    check_expression_faces,
)


def register(reg: Registry, rs) -> None:
    _register_harm(reg)
    _register_set(reg, rs)
    _register_dice(reg, rs)
    _register_time(reg)


def _register_harm(reg: Registry) -> None:
    @reg.command("damage", group="gm", rules="T12-T14", aliases=("dmg",),
                 usage="damage TARGET N [--direct] [--nonlethal]",
                 summary="N damage like a hit: less DR, 0 HP by T13; a dying target loses a "
                         "minute of its timer instead (T14)",
                 examples=("damage guard 6", "damage kara 4 --direct",
                           "damage guard 20 --nonlethal"),
                 positionals=("actor", "number"),
                 flags=(flag("direct", help="straight off HP, no DR (T12)"),
                        flag("nonlethal", help="at 0 HP a non-player is unconscious (T13)")))
    def damage(ctx: Context) -> Outcome:
        target, amount = target_and_amount(ctx, "damage")
        options = {key: True for key in ("direct", "nonlethal") if ctx.parsed.get(key)}
        return Outcome(*ctx.ruleset.damage(ctx.state, target, amount, options))

    @reg.command("heal", group="gm", rules="T14", usage="heal TARGET N",
                 summary="heal N HP; a dying character gains a minute a point, and the points "
                         "past 5 minutes become HP: it stops dying, still unconscious",
                 examples=("heal ida 4",), positionals=("actor", "number"))
    def heal(ctx: Context) -> Outcome:
        target, amount = target_and_amount(ctx, "heal")
        return Outcome(*ctx.ruleset.heal(ctx.state, target, amount))


def _register_set(reg: Registry, rs) -> None:
    """`set` as shared, but `hp=` follows T13/T14 and the turn settles afterwards (T5)."""
    shared = reg.verbs["set"]

    @reg.command("set", group="gm", usage=shared.usage, summary=shared.summary,
                 examples=shared.examples, positionals=shared.positionals, rules="T5, T13, T14")
    def set_(ctx: Context) -> Outcome:
        words = ctx.parsed.words
        if len(words) < 2:
            return shared.handler(ctx)
        target = resolve.actor(ctx.state, words[0])
        state, events, written = ctx.state, [], []
        for pair in words[1:]:
            key, sep, value = pair.partition("=")
            if sep and key.strip().lower() == "hp":
                hp = _hp_value(state.actors[target], value)
                state, changed = ctx.ruleset.set_hp(state, target, hp)
                written.append(f"hp={hp}")
            else:
                single = replace(ctx, state=state, parsed=Parsed("set", [target, pair]))
                done = shared.handler(single)
                state, changed = done.state, list(done.events)
                written.append(pair)
            events += changed
        words[:] = [target, *written]
        return Outcome(*ctx.ruleset.settle(state, events))


def _hp_value(actor, text: str) -> int:
    body = text.strip()
    if not (body.isascii() and body.isdigit()) or len(body) > 6 \
            or not 0 <= int(body) <= (actor.max_hp or 0):
        raise CommandError(f"hp must be a whole number from 0 to {actor.max_hp} for "
                           f"{actor.name}, got {text!r}", "e.g. set kara hp=9")
    return int(body)


def _register_dice(reg: Registry, rs) -> None:
    @reg.command("roll", group="gm", rules="T1, T2", usage="roll EXPR [--faces FACES]",
                 summary="roll any dice; a d10 reads 0-9 (T1), so 2d10 runs 0-18",
                 examples=("roll 2d10", "roll 2d10+3 --faces 0,9", "roll 1d6"),
                 positionals=("dice",),
                 flags=(flag("faces", "faces", help="the faces rolled; a d10's are 0-9"),))
    def roll_(ctx: Context) -> Outcome:
        if ctx.parsed.words:
            expr = ctx.ruleset.dice_expression("".join(ctx.parsed.words))
            check_expression_faces(expr, ctx.parsed.get("faces"))
        return roll_outcome(ctx)

    shared = reg.verbs["init"]

    @reg.command("init", group="setup", rules="T1, T4", positionals=shared.positionals,
                 usage=shared.usage, flags=shared.flags,
                 summary="roll the turn order (2d10 read 0-9 + the [Q] bonus; ties to the "
                         "higher [Q]), set it by hand, enter a roll, or move one actor",
                 examples=("init", "init kara guard ren", "init kara --roll 0,7",
                           "init --roll kara=3,7 --roll guard=9,0", "init guard --after kara"))
    def init(ctx: Context) -> Outcome:
        check_d10_faces(ctx, ("roll",))
        return shared.handler(ctx)


def _register_time(reg: Registry) -> None:
    @reg.command("wait", group="gm", rules="T15", usage="wait MINUTES",
                 summary="let time pass: every dying timer counts it down (2 or 0.5 are "
                         "minutes, 30s seconds)",
                 examples=("wait 2", "wait 30s"), positionals=("time",))
    def wait(ctx: Context) -> Outcome:
        words = ctx.parsed.words
        if not words:
            raise CommandError("expected wait MINUTES (T15)", "e.g. wait 2 or wait 30s")
        seconds = parse_duration("".join(words))
        words[:] = [duration_text(seconds)]
        state, events, _ = actions.wait(ctx.state, ctx.ruleset, actions.WaitRequest(seconds))
        return Outcome(state, events)

    @reg.command("wake", group="gm", rules="T14", usage="wake ACTOR", positionals=("actor",),
                 summary="wake an unconscious combatant that has HP again",
                 examples=("wake ida",))
    def wake(ctx: Context) -> Outcome:
        words = ctx.parsed.words
        if len(words) != 1:
            raise CommandError("expected wake ACTOR", "e.g. wake ida")
        who = resolve.actor(ctx.state, words[0])
        words[:] = [who]
        state, events, _ = actions.wake(ctx.state, ctx.ruleset, actions.WakeRequest(who))
        return Outcome(state, events)
