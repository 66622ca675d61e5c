"""`help VERB` in every ruleset: every flag described."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session

RULESETS = ("shaper", "dungeoneers", "timeslice", "dicepool", "reactions")


def session_of(ruleset: str):
    s = new_session(seed=1)
    if ruleset != "shaper":
        s.execute(f"new --ruleset {ruleset}")
    return s


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_flag_of_every_verb_has_a_description(ruleset):
    registry = session_of(ruleset).registry
    missing = [f"{verb.name} --{spec.name}" for verb in registry.verbs.values()
               for spec in verb.flags if not spec.help.strip()]
    assert missing == []
