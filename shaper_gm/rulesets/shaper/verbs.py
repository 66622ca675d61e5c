"""Shaper's verbs (S1-S29) are declared in `content/shaper/verbs.yaml`: attack, skill and
cast with their dice slots and the targets' reaction answers, moving, engaging and
items (actions in `actions.py`, run by the engine), Shaper's flags on the shared `add`,
`damage` and `roll`, and `odds`, whose handler is here."""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.acting import read_request
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.decisions import Decisions, parse_react

verbs = VerbTable.from_file(__name__)


def odds(ctx: Context) -> Outcome:
    """The attack prepared as it would be made (no turn needed), its odds exact."""
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.shaper import combat
    from shaper_gm.rulesets.shaper.odds import attack_odds
    request = read_request(ctx)
    prepared = combat.aim(ctx.state, ctx.ruleset, request).prepared
    declared = parse_react(request.get("react") or (),
                           lambda word: resolve.actor(ctx.state, word))
    return odds_outcome(attack_odds(ctx.ruleset, request.actor, prepared,
                                    Decisions(declared=declared)), request)
