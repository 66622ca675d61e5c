"""The time-slice verbs (T1-T17) are declared in `content/timeslice/verbs.yaml`: the
maneuvers attack, move, tend and draw (actions the engine runs), the ruleset's flags and
words on the shared verbs, and the handlers here: odds, surprise, and the GM's wait,
wake and stabilise."""

from __future__ import annotations

from shaper_gm.commands.acting import read_request
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import SlotDice
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.clock import duration_text, parse_duration
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.timeslice import harm
from shaper_gm.rulesets.timeslice.surprise import surprise as spring

verbs = VerbTable.from_file(__name__)


def odds(ctx: Context) -> Outcome:
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.timeslice.odds import attack_odds
    request = read_request(ctx)
    return odds_outcome(attack_odds(ctx.state, ctx.ruleset, request), request)


def surprise(ctx: Context) -> Outcome:
    request = read_request(ctx)
    dice = SlotDice(ctx, ctx.verb.slot_map())
    state, events, _ = spring(ctx.state, ctx.ruleset, request, dice.tape())
    return Outcome(state, events, request=request.with_flags(dice.logged()))


def wait(ctx: Context) -> Outcome:
    request = read_request(ctx)
    if not request.arg("text"):
        raise CommandError("expected wait MINUTES (T15)", "e.g. wait 2 or wait 30s")
    seconds = parse_duration(request.arg("text"))
    return Outcome(*harm.wait(ctx.state, seconds),
                   request=request.with_args(text=duration_text(seconds)))


def wake(ctx: Context) -> Outcome:
    request = read_request(ctx)
    return Outcome(*harm.wake(ctx.state, request.actor), request=request)


def stabilise(ctx: Context) -> Outcome:
    request = read_request(ctx)
    return Outcome(*harm.stop_dying(ctx.state, request.actor, "stabilised by the GM (T14)"),
                   request=request)
