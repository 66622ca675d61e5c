"""GM tools: damage, heal, set, effect, roll, rolls, undo, redo."""

from __future__ import annotations

import re

from shaper_gm.commands import resolve
from shaper_gm.commands.args import ascii_digits, flag
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.viewdata import HistoryMoved, Message
from shaper_gm.dice import Modifiers, parse, roll
from shaper_gm.encounter import events as ev
from shaper_gm.encounter import harm, setup
from shaper_gm.encounter.state import ActiveEffect
from shaper_gm.errors import CommandError

MODIFIER_FLAGS = (flag("edge", help="Edge: highest die becomes 6 (S3)"),
                  flag("pressured", help="Pressured: lowest die becomes 1 (S3)"),
                  flag("adv", help="Advantage: lowest die becomes 6 (S3)"),
                  flag("dis", help="Disadvantage: highest die becomes 1 (S3)"))
SETTABLE = ("hp", "sp", "zone", "side", "name", "initiative")
MAX_AMOUNT = 100_000


def modifiers_of(parsed) -> Modifiers:
    return Modifiers(edge=int(bool(parsed.get("edge"))),
                     pressured=int(bool(parsed.get("pressured"))),
                     advantage=int(bool(parsed.get("adv"))),
                     disadvantage=int(bool(parsed.get("dis"))))


def amount(word: str, verb: str) -> int:
    if not ascii_digits(word) or len(word) > 6 or int(word) > MAX_AMOUNT:
        raise CommandError(f"{verb}: the amount must be a whole number from 0 to {MAX_AMOUNT}, "
                           f"got {word!r}", f"e.g. {verb} goblin-1 5")
    return int(word)


def target_and_amount(ctx: Context, verb: str) -> tuple[str, int]:
    """`VERB TARGET N`: the resolved target and the amount, written back resolved."""
    words = ctx.parsed.words
    if len(words) != 2:
        raise CommandError(f"expected {verb} TARGET N", f"e.g. {verb} goblin-1 5")
    target = resolve.actor(ctx.state, words[0])
    n = amount(words[1], verb)
    words[:] = [target, str(n)]
    return target, n


def register(reg: Registry) -> None:
    @reg.command("damage", group="gm", rules="S7, S8", positionals=("actor", "number"),
                 usage="damage TARGET N [--magic] [--pierce N] [--defense FACES] [--direct]",
                 summary="deal N damage through the target's Defense, like a hit",
                 examples=("damage goblin-1 6", "damage josh 7 --magic --pierce 1",
                           "damage josh 3 --direct"), aliases=("dmg",),
                 flags=(flag("magic", help="magic: Defense halved (S7)"),
                        flag("pierce", "int", metavar="N"), flag("defense", "faces"),
                        flag("direct", help="straight off HP, no Defense")))
    def damage(ctx: Context) -> Outcome:
        p = ctx.parsed
        target, n = target_and_amount(ctx, "damage")
        actor = ctx.state.actors[target]
        if p.get("direct"):
            if p.get("magic") or p.get("pierce") or p.get("defense"):
                raise CommandError("--direct skips Defense, so --magic, --pierce and --defense "
                                   "do not apply", "drop them, or drop --direct")
            return Outcome(*harm.set_hp(ctx.state, target, actor.hp - n, f"{n} damage (direct)"))
        pierce = p.get("pierce") or 0
        if pierce < 0:
            raise CommandError("--pierce cannot be negative", "e.g. --pierce 2")
        rs = ctx.ruleset
        source = ctx.dice.source("defense", p.get("defense"), actor=target)
        defense = rs.defense_roll(actor.stats, source)
        if defense is not None:
            p.flags["defense"] = tuple(source.used)
        elif p.get("defense"):
            raise CommandError(f"{actor.name} wears no armor: there is no Defense roll (S7)",
                               "drop --defense")
        result = rs.apply_damage(n, defense.total if defense else None,
                                 magic=bool(p.get("magic")), pierce=pierce,
                                 absorb=harm.absorb_available(ctx.state, target), hp=actor.hp)
        state, events = harm.apply_result(ctx.state, target, result)
        if defense is not None:
            events.insert(0, ev.DiceRolled(f"Defense of {actor.name}", defense))
        return Outcome(state, events)

    @reg.command("heal", group="gm", usage="heal TARGET N", rules="S8",
                 summary="restore N HP (up to max); revives a Down actor",
                 examples=("heal monica 4",), positionals=("actor", "number"))
    def heal(ctx: Context) -> Outcome:
        target, n = target_and_amount(ctx, "heal")
        actor = ctx.state.actors[target]
        return Outcome(*harm.set_hp(ctx.state, target, actor.hp + n, f"healed {n}"))

    @reg.command("set", group="gm", usage="set ACTOR FIELD=VALUE...",
                 summary=f"set fields by hand: {', '.join(SETTABLE)}",
                 examples=("set josh hp=9 sp=0", "set goblin-1 zone=C3"),
                 positionals=("actor", "field=value*"))
    def set_(ctx: Context) -> Outcome:
        p = ctx.parsed
        if len(p.words) < 2:
            raise CommandError("expected set ACTOR FIELD=VALUE...", "e.g. set josh hp=9")
        target = resolve.actor(ctx.state, p.words[0])
        p.words[0] = target
        state, events = ctx.state, []
        for pair in p.words[1:]:
            key, sep, value = pair.partition("=")
            key = key.lower()
            if not sep or key not in SETTABLE:
                raise CommandError(f"cannot set {pair!r}",
                                   f"write FIELD=VALUE with FIELD one of {', '.join(SETTABLE)}")
            state, changed = _set_field(ctx, state, target, key, value)
            events += changed
        return Outcome(state, events)

    @reg.command("effect", group="gm", rules="S26", positionals=("actor", "text"),
                 usage="effect ACTOR NAME [--attack N] [--damage N] [--evasion N] [--absorb N] "
                       "[--until WHEN]",
                 summary="put a lasting effect on an actor; it expires by itself",
                 examples=("effect monica blessed --attack 1 --until end:monica",
                           "effect taylor ward --absorb 3"),
                 flags=(flag("attack", "int"), flag("damage", "int"), flag("evasion", "int"),
                        flag("absorb", "int"),
                        flag("until", "text",
                             metavar="start:ID|end:ID|round|rounds:N|used_up|never"),
                        flag("remove", help="remove the named effect instead")))
    def effect(ctx: Context) -> Outcome:
        p = ctx.parsed
        if len(p.words) < 2:
            raise CommandError("expected effect ACTOR NAME",
                               "e.g. effect monica blessed --attack 1")
        target = resolve.actor(ctx.state, p.words[0])
        name = " ".join(p.words[1:])
        p.words[:] = [target, name]
        actor = ctx.state.actors[target]
        if p.get("remove"):
            keep = tuple(e for e in actor.effects if e.name.lower() != name.lower())
            if len(keep) == len(actor.effects):
                names = ", ".join(e.name for e in actor.effects) or "none"
                raise CommandError(f"{actor.name} has no effect {name!r}", f"effects: {names}")
            return Outcome(ctx.state.with_actor(actor.with_(effects=keep)),
                           [ev.EffectEnded(target, name, "removed by the GM")])
        absorb = p.get("absorb") or 0
        if absorb < 0:
            raise CommandError("--absorb cannot be negative", "e.g. --absorb 2")
        until = _until(ctx, p.get("until") or ("used_up" if absorb else "never"))
        new = ActiveEffect(name, "gm", None, p.get("attack") or 0, p.get("damage") or 0,
                           p.get("evasion") or 0, absorb, until)
        if until != "never":
            p.flags["until"] = until
        return Outcome(ctx.state.with_actor(actor.with_(effects=(*actor.effects, new))),
                       [ev.EffectAdded(target, new)])

    @reg.command("roll", group="gm", usage="roll EXPR [--edge] [--pressured] [--adv] [--dis]",
                 summary="roll any dice expression, e.g. roll 3d6+2 --adv", rules="S1-S4",
                 examples=("roll 3d6+2 --adv", "roll 2d6", "roll 1d6 --faces 4"),
                 positionals=("dice",),
                 flags=(*MODIFIER_FLAGS, flag("faces", "faces", help="the faces rolled")))
    def roll_(ctx: Context) -> Outcome:
        p = ctx.parsed
        if not p.words:
            raise CommandError("roll needs a dice expression", "e.g. roll 3d6+2")
        expr = parse("".join(p.words))
        p.words[:] = [str(expr)]
        source = ctx.dice.source("faces", p.get("faces"))
        result = roll(expr, source, modifiers_of(p), what=f"roll {expr}",
                      basic=str(expr) == ctx.ruleset.numbers.basic_roll)
        p.flags["faces"] = tuple(source.used)
        return Outcome(ctx.state, [ev.DiceRolled(str(expr), result)])

    @reg.command("rolls", group="gm", usage="rolls ACTOR manual|auto", logged=False, rules="S4",
                 summary="in the shell, ask for this actor's dice instead of rolling them",
                 examples=("rolls josh manual", "rolls josh auto"),
                 positionals=("actor", "manual|auto"))
    def rolls(ctx: Context) -> Outcome:
        p = ctx.parsed
        if len(p.words) != 2 or p.words[1].lower() not in ("manual", "auto"):
            raise CommandError("expected rolls ACTOR manual|auto", "e.g. rolls josh manual")
        target = resolve.actor(ctx.state, p.words[0])
        manual = p.words[1].lower() == "manual"
        (ctx.session.manual.add if manual else ctx.session.manual.discard)(target)
        name = ctx.state.actors[target].name
        how = "asked for at the prompt (Enter rolls)" if manual else "rolled by the tool"
        return Outcome(view=Message(f"{name}'s dice are now {how}."))

    @reg.command("undo", group="gm", usage="undo [N]", logged=False,
                 summary="take back the last N commands", examples=("undo", "undo 3"),
                 positionals=("number?",))
    def undo(ctx: Context) -> Outcome:
        frames = ctx.session.undo(_count(ctx.parsed.words, "undo"))
        return Outcome(view=HistoryMoved(tuple(f.line for f in frames), redo=False))

    @reg.command("redo", group="gm", usage="redo [N]", logged=False,
                 summary="apply again what undo took back (same dice)",
                 examples=("redo", "redo 2"), positionals=("number?",))
    def redo(ctx: Context) -> Outcome:
        frames = ctx.session.redo(_count(ctx.parsed.words, "redo"))
        return Outcome(view=HistoryMoved(tuple(f.line for f in frames), redo=True))


def _count(words: list[str], verb: str) -> int:
    if not words:
        return 1
    if len(words) != 1 or not ascii_digits(words[0]) or len(words[0]) > 7:
        raise CommandError(f"{verb} takes a count, got {' '.join(words)!r}", f"e.g. {verb} 2")
    return int(words[0])


def _until(ctx: Context, text: str) -> str:
    text = text.lower()
    state = ctx.state
    if text in ("never", "used_up", "used-up"):
        return text.replace("-", "_")
    if text in ("round", "end-of-round", "end_of_round"):
        return f"round:{max(state.round, 1)}"
    m = re.match(r"^rounds:(\d{1,4})$", text, re.ASCII)
    if m and int(m.group(1)) >= 1:
        return f"round:{max(state.round, 1) + int(m.group(1)) - 1}"
    m = re.match(r"^(start|end):(.+)$", text)
    if m:
        return f"{m.group(1)}:{resolve.actor(state, m.group(2))}"
    m = re.match(r"^round:(\d{1,4})$", text, re.ASCII)
    if m:
        return text
    raise CommandError(f"--until {text!r} is not a moment I know",
                       "use start:ID, end:ID, round, rounds:N, used_up or never")


def _set_field(ctx: Context, state, target: str, key: str, value: str):
    actor = state.actors[target]
    if key in ("hp", "sp", "initiative"):
        if not ascii_digits(value.removeprefix("-")) or len(value) > 6:
            raise CommandError(f"{key} must be a whole number, got {value!r}", f"e.g. {key}=5")
        number = int(value)
        if key == "hp":
            if not 0 <= number <= actor.max_hp:
                raise CommandError(f"hp must be 0 to {actor.max_hp} for {actor.name}",
                                   "heal or damage to change it, or pick a value in range")
            return harm.set_hp(state, target, number, "set by the GM")
        if key == "sp" and not 0 <= number <= actor.max_sp:
            raise CommandError(f"sp must be 0 to {actor.max_sp} for {actor.name}",
                               "pick a value in range")
    if key == "zone":
        return setup.place(state, ctx.ruleset, target, value)
    if key in ("side", "name") and not value.strip():
        raise CommandError(f"{key} cannot be empty", f"e.g. {key}=enemies")
    if key == "sp":
        new_value: object = int(value)
    elif key == "initiative":
        new_value = int(value)
    else:
        new_value = value if key == "name" else value.lower()
    before = getattr(actor, key)
    state = state.with_actor(actor.with_(**{key: new_value}))
    return state, [ev.FieldSet(target, key, before, new_value)]
