"""The reactions ruleset's verbs (R1-R12) are declared in `content/reactions/verbs.yaml`:
attack, move and shield (actions in `attack.py` and `actions.py`, run by the engine),
its flags on the shared `add` and `damage`, and `odds`, whose handler is here."""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.acting import read_request
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.slots import REACT
from shaper_gm.commands.table import VerbTable
from shaper_gm.engine.decisions import Decisions, parse_react

verbs = VerbTable.from_file(__name__)


def odds(ctx: Context) -> Outcome:
    from shaper_gm.commands.oddsjson import odds_outcome
    from shaper_gm.rulesets.reactions.odds import attack_odds
    request = read_request(ctx)
    declared = parse_react(request.get(REACT) or (), lambda word: resolve.actor(ctx.state, word))
    return odds_outcome(attack_odds(ctx.state, ctx.ruleset, request,
                                    Decisions(declared=declared)), request)
