"""The dice-pool verbs (P1-P12) are declared in `content/dicepool/verbs.yaml`: attack,
move, prepare, wield, ability, act and react as declared actions (attack.py,
actions.py), the ruleset's flags on the shared `add` and `damage`, and `odds`, whose
handler is here with `prepare`'s reading of its words."""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.acting import read_request
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.request import Request
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.dicepool.attack import AttackRequest

verbs = VerbTable.from_file(__name__)


def read_prepare(ctx: Context) -> Request:
    """`prepare [ACTOR] TEXT`: a first word naming an actor, with words after it, is the
    actor; `--with` is a weapon of the attacker `--against` names."""
    words = ctx.parsed.words
    if not words:
        raise CommandError("prepare: expected prepare [ACTOR] TEXT",
                           "type help prepare for examples")
    named = len(words) > 1 and resolve.is_actor(ctx.state, words[0])
    request = read_request(ctx, ("actor", "text") if named else None)
    against, weapon = request.get("against"), request.get("with")
    if against is not None and weapon is not None:
        other = ctx.state.actors[against]
        request = request.with_flags({"with": resolve.match_one(
            weapon, list(other.sheet.weapons), f"weapon of {other.name}",
            f"{other.name} has: {', '.join(other.sheet.weapons) or 'none'}")})
    return request


def odds(ctx: Context) -> Outcome:
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.dicepool.odds import attack_odds
    request = read_request(ctx)
    return odds_outcome(attack_odds(ctx.state, ctx.ruleset, AttackRequest.read(request)),
                        request)
