"""`Declared.check`, what completion and simulated fights ask before a line is tried,
refuses exactly what `Declared.facts` refuses, in the same words, though it works out a
given fact only where a check reads it: over every state of played fights, for every
action with a target, every actor and every other actor, in each ruleset written as
data."""

from __future__ import annotations

import pytest

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.request import Request
from shaper_gm.errors import GmError
from shaper_gm.persist.saves import read_save
from shaper_gm.rulesets.data.ruleset import DataRuleset
from shaper_gm.simulate import runner
from tests.view.kit import RULESETS, demo_copy


def _said(method, state, rs, request) -> str | None:
    try:
        method(state, rs, request)
    except (GmError, RuleViolation) as refusal:
        return refusal.message
    return None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_check_refuses_what_facts_refuses(tmp_path, ruleset):
    base = read_save(demo_copy(tmp_path, ruleset))
    session, _ = runner.played(base, runner.run_seed(3, 0), "focus-fire")
    rs = session.ruleset_for(session.state)
    if not isinstance(rs, DataRuleset):
        pytest.skip(f"{ruleset} is written in Python")
    actions = [a for _, a in rs.library.actions if a.target is not None]
    compared = refused = 0
    for frame in session.history[::3]:
        state = frame.after
        for actor in state.actors:
            for other in state.actors:
                for action in actions:
                    request = Request(action.name, (("actor", actor), ("target", other)))
                    said = _said(action.facts, state, rs, request)
                    assert _said(action.check, state, rs, request) == said
                    compared += 1
                    refused += said is not None
    assert compared > 100 and 0 < refused < compared
