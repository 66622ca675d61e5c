"""Play verbs that are not attacks or skills: move, engage, items, act, end."""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.encounter import turns
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.shaper import actions, model

ACTION_KINDS = ("major", "minor", "free")


def register(reg: Registry) -> None:
    @reg.command("move", usage="move [ACTOR] ZONE", rules="S10, S12",
                 summary="move to a zone: one Major action per Short distance",
                 examples=("move C4", "move monica C4"), positionals=("actor?", "zone"),
                 aliases=("mv",))
    def move(ctx: Context) -> Outcome:
        who, (zone,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "move",
                                           "move [ACTOR] ZONE")
        state, events = actions.move(ctx.state, ctx.ruleset, who, zone)
        ctx.parsed.words[:] = [who, state.actors[who].zone]
        return Outcome(state, events)

    @reg.command("engage", usage="engage [ACTOR] TARGET", rules="S11, S14",
                 summary="engage someone in your zone (Minor); joins their engagement",
                 examples=("engage goblin-1", "engage minion monica"),
                 positionals=("actor?", "target"))
    def engage(ctx: Context) -> Outcome:
        who, (target,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "engage",
                                             "engage [ACTOR] TARGET")
        target = resolve.actor(ctx.state, target)
        ctx.parsed.words[:] = [who, target]
        return Outcome(*actions.engage(ctx.state, ctx.ruleset, who, target))

    @reg.command("disengage", usage="disengage [ACTOR]", rules="S14",
                 summary="leave your engagement (Minor); you stay in your zone",
                 examples=("disengage", "disengage goblin-1"), positionals=("actor?",))
    def disengage(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "disengage",
                                     "disengage [ACTOR]")
        ctx.parsed.words[:] = [who]
        return Outcome(*actions.disengage(ctx.state, ctx.ruleset, who))

    @reg.command("draw", usage="draw [ACTOR] ITEM", rules="S19, S19a",
                 summary="draw a weapon or shield into a free hand (Minor)",
                 examples=("draw longbow", "draw monica longsword"), positionals=("actor?", "item"))
    def draw(ctx: Context) -> Outcome:
        who, (item,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "draw",
                                           "draw [ACTOR] ITEM")
        item = _item(ctx, who, item, held=False)
        ctx.parsed.words[:] = [who, item]
        return Outcome(*actions.draw(ctx.state, ctx.ruleset, ctx.library, who, item))

    @reg.command("sheathe", usage="sheathe [ACTOR] ITEM", rules="S19",
                 summary="put a held item away (Minor)", aliases=("stow",),
                 examples=("sheathe longbow",), positionals=("actor?", "held-item"))
    def sheathe(ctx: Context) -> Outcome:
        who, (item,) = resolve.split_actor(ctx.state, ctx.parsed.words, 1, "sheathe",
                                           "sheathe [ACTOR] ITEM")
        item = _item(ctx, who, item, held=True)
        ctx.parsed.words[:] = [who, item]
        return Outcome(*actions.sheathe(ctx.state, ctx.ruleset, who, item))

    @reg.command("raise", usage="raise [ACTOR]", rules="S20",
                 summary="raise your shield (Minor): +Evasion until your next turn starts",
                 examples=("raise", "raise monica"), positionals=("actor?",))
    def raise_(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "raise", "raise [ACTOR]")
        ctx.parsed.words[:] = [who]
        return Outcome(*actions.raise_shield(ctx.state, ctx.ruleset, ctx.library, who))

    @reg.command("reload", usage="reload [ACTOR]", rules="S19",
                 summary="reload a held weapon that needs it, e.g. a crossbow (Minor)",
                 examples=("reload", "reload raider"), positionals=("actor?",))
    def reload(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "reload", "reload [ACTOR]")
        ctx.parsed.words[:] = [who]
        return Outcome(*actions.reload(ctx.state, ctx.ruleset, who))

    @reg.command("act", usage="act [ACTOR] major|minor|free TEXT", rules="S18, S19",
                 summary="any other action: spend it and log what it was",
                 examples=("act minor pick up the key", "act josh free shout a warning"),
                 positionals=("actor?", "kind", "text"))
    def act(ctx: Context) -> Outcome:
        words = ctx.parsed.words
        if words and words[0].lower() in ACTION_KINDS:
            who, rest = resolve.acting(ctx.state), words
        elif len(words) >= 2 and words[1].lower() in ACTION_KINDS:
            who, rest = resolve.actor(ctx.state, words[0]), words[1:]
        else:
            raise CommandError("act: name the action's kind: major, minor or free",
                               "e.g. act minor pick up the key")
        kind, text = rest[0].lower(), " ".join(rest[1:])
        ctx.parsed.words[:] = [who, kind, *([text] if text else [])]
        return Outcome(*actions.act(ctx.state, ctx.ruleset, who, kind, text))

    @reg.command("end", usage="end", aliases=("next",), rules="S8, S17, S18, S20-S22, S24, S26",
                 summary="end the current turn; unused actions lapse", examples=("end",))
    def end(ctx: Context) -> Outcome:
        if ctx.parsed.words:
            raise CommandError("end takes no words", "type end to pass the turn")
        return Outcome(*turns.end_turn(ctx.state, ctx.ruleset))


def _item(ctx: Context, who: str, word: str, *, held: bool) -> str:
    actor = ctx.state.actors[who]
    stats = actor.sheet
    pool = list(model.holding(actor)) if held else [*stats.weapons,
                                             *([stats.shield] if stats.shield else [])]
    if not pool:
        raise CommandError(f"{actor.name} {'holds' if held else 'carries'} nothing",
                           "add weapons with add --weapon")
    return resolve.match_one(word, pool, "item", f"{actor.name}: {', '.join(pool)}")
