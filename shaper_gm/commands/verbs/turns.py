"""The turn verbs every ruleset shares: end, pass, and the two actions any ruleset can
price in its own units, act (on the actor's turn) and react (outside it)."""

from __future__ import annotations

from shaper_gm.commands.acting import read_request
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import SlotDice
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine import common, play
from shaper_gm.engine.request import Request
from shaper_gm.errors import CommandError

verbs = VerbTable()


@verbs.command("end", aliases=("next",), rules=lambda rs: rs.term("end_rules"),
               summary="end the current turn; what the turn does not keep lapses",
               examples=("end",))
def end(ctx: Context) -> Outcome:
    if ctx.parsed.words:
        raise CommandError("end takes no words", "type end to pass the turn")
    dice = _moment_dice(ctx)
    state, events = play.end_turn(ctx.state, ctx.ruleset, dice and dice.tape())
    return Outcome(state, events, request=_logged(Request("end"), dice, ctx))


@verbs.command("pass", rules=lambda rs: rs.term("pass_rule"),
               summary="give up everything left for the round", examples=("pass",),
               positionals=("actor?",))
def pass_(ctx: Context) -> Outcome:
    request = read_request(ctx)
    dice = _moment_dice(ctx)
    state, events = play.pass_turn(ctx.state, ctx.ruleset, request.actor, dice and dice.tape())
    return Outcome(state, events, request=_logged(request, dice, ctx))


def _moment_dice(ctx: Context) -> SlotDice | None:
    """The faces the GM gave for what the turn's end and the next turn's start roll by
    themselves (a ruleset extends `end` and `pass` with those slots: d20's `--death`)."""
    return SlotDice(ctx, ctx.verb.slot_map()) if ctx.verb.slots else None


def _logged(request: Request, dice: SlotDice | None, ctx: Context) -> Request:
    """Every face rolled written into the log line, so a replay rolls the same; faces
    given for a roll no turn brought are refused (they would be lost)."""
    if dice is None:
        return request
    for slot in dice.unrolled():
        what, verb = _rolled_by(ctx.ruleset, slot)
        raise CommandError(f"nobody rolled {what}: this {ctx.verb.name} brought no turn "
                           f"that rolls one, so --{slot} would be lost", f"leave --{slot} out" + (
                               f", or roll it by hand: {verb} ACTOR --{slot} FACES"
                               if verb in ctx.session.registry.verbs else ""))
    return request.with_flags(dice.logged())


def _rolled_by(rs, slot: str) -> tuple[str, str]:
    """(what rolls `slot` by itself, the verb that rolls it by hand): the moment's action
    that declares it (d20's death save), else the slot's name."""
    for name, declared in getattr(getattr(rs, "library", None), "actions", ()):
        if getattr(declared, "at", None) is not None and slot in dict(declared.slots):
            return str(declared.what or name), name
    return f"a {slot} roll", ""


def _examples(key: str):
    return lambda rs: tuple(rs.term(key).split("|")) if rs.term(key) else ()


verbs.declare(common.ACT, rules=lambda rs: rs.term("act_rules"),
              summary="any other action: spend its cost and log what it was",
              examples=_examples("act_examples"), positionals=("actor?", "cost", "text"))
verbs.declare(common.REACT,
              rules=lambda rs: rs.term("react_rule"),
              summary="a reaction outside the acting actor's turn, paying its cost",
              examples=lambda rs: (f"react {rs.term('react_example')}",)
              if rs.term("react_example") else (),
              positionals=("actor", "react-cost", "text"))
