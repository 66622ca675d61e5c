"""`offered_first`, which simulated fights ask of one target, answers what `offers`
ranks first, in every ruleset: over the states of played fights, for each actor's basic
attack on each other actor (a ruleset written as data checks that target alone; the
others read their offers, kept for the state)."""

from __future__ import annotations

import pytest

from shaper_gm.engine.offers import FIRST
from shaper_gm.persist.saves import read_save
from shaper_gm.simulate import runner
from tests.view.kit import RULESETS, demo_copy


@pytest.mark.parametrize("ruleset", RULESETS)
def test_offered_first_is_what_offers_rank_first(tmp_path, ruleset):
    base = read_save(demo_copy(tmp_path, ruleset))
    session, _ = runner.played(base, runner.run_seed(5, 0), "focus-fire")
    rs = session.ruleset_for(session.state)
    verb = rs.attack_verb
    answers = []
    for frame in session.history[::2]:
        state = frame.after
        for actor in state.actors:
            first = {o.text for o in rs.offers(state, "target", actor, verb) or ()
                     if o.rank == FIRST}
            for other in state.actors:
                found = rs.offered_first(state, "target", actor, verb, other)
                assert found == (other in first), (actor, other)
                answers.append(found)
    assert True in answers and False in answers
