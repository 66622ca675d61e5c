"""Shaper written as data beside the Python ruleset: the log writes an action's own words
as they are typed (`logs_words`): `draw josh longbow`, `switch josh longbow dagger`, a
spell cast on its caster without its target (`cast taylor energy-shield --sp`), and a
word given as its flag is logged as the word; the log replays to the same state."""

from __future__ import annotations

from shaper_gm.app import new_session
from tests.rulesets.shaper.test_data_examples import DATA, DEMO, PYTHON, both

__all__ = ["both"]

LINES = (("draw josh longbow", "draw josh --item longbow"),   # the Python one's, the data
         "switch josh longbow dagger", "cast taylor energy-shield --sp")


def test_an_actions_words_are_logged_as_typed_and_replay(both):
    sessions = both(*DEMO, *LINES)
    logs = {rs: s.log[-len(LINES):] for rs, s in sessions.items()}
    assert logs[PYTHON] == logs[DATA] == [
        "draw josh longbow", "switch josh longbow dagger", "cast taylor energy-shield --sp"]
    played = sessions[DATA]
    again = new_session(ruleset=DATA, seed=1)
    for line in played.log[1:]:
        again.execute(line)
    assert again.state.actors == played.state.actors
