"""Shaper written as data beside the Python ruleset, refusing alike and in the same
words: a cost of several parts refused whole before anything is paid (S18, S23: a move,
an attack with skills), a move while engaged naming whom with (S12: the situation's
`X.foe_ids_with.KEY`), a skill of an attack or an answer to one used on its own (S23),
too many Ability Points or skill levels for the level (S27, S29); and the GM's `set
ACTOR max_hp=N` and `temp_hp=N` (ruleset.yaml's `gm_fields`), a pickup told in one line
(a quiet `take`)."""

from __future__ import annotations

import pytest

from shaper_gm.render.text import describe_events
from tests.rulesets.shaper.test_data_examples import DATA, DEMO, PYTHON, both
from tests.rulesets.shaper.test_data_short import refused

__all__ = ["both"]


@pytest.mark.parametrize("setup, line", [
    (("draw josh longbow", "act josh major aims", "act josh major waits"), "move josh E4"),
    (("draw josh longbow", "act josh major aims"),
     "attack josh raider --skill piercing-strike --skill longshot"),
    (("draw josh longbow", "act josh major aims", "set josh sp=0"),
     "attack josh raider --skill piercing-strike --skill longshot"),
    (("draw josh longbow", "act josh major aims", "act josh major waits"),
     "attack josh raider --skill piercing-strike:sp --skill longshot"),
    (("move josh B2", "engage josh reaver"), "move josh C2"),
    ((), "skill josh piercing-strike"),
    ((), "skill reaver overswing --sp"),
    (("add bo --as bandit --at B4",), "skill bo shield-block --sp"),
    (("act josh minor looks", "act josh major aims", "act josh major aims",
      "act josh major aims"), "act josh minor kicks"),
    ((), "add zed --mentality 1 --skill retreat --skill charm"),
    ((), "add zed --vigor 1 --finesse 1"),
])
def test_refused_alike_in_the_same_words(both, setup, line):
    results = refused(both(*DEMO, *setup), line)
    assert results[DATA] == results[PYTHON]


def lines(s, command: str) -> list[str]:
    result = s.execute(command)
    return describe_events(result.events, {a.id: a.name for a in s.state.actors.values()})


def test_the_gm_sets_max_hp_and_temporary_hp_alike(both):
    sessions = both(*DEMO, "set monica max_hp=20", "heal monica 10")
    for s in sessions.values():
        monica = s.state.actors["monica"]
        assert (monica.hp, monica.max_hp) == (20, 20)
    said = {rs: (lines(s, "set monica max_hp=12"), lines(s, "set monica temp_hp=3"))
            for rs, s in sessions.items()}
    assert said[DATA] == said[PYTHON] == (["Monica: max HP 20 → 12 (set by the GM)"],
                                          ["Monica: temporary HP 0 → 3 (set by the GM)"])
    for rs, s in sessions.items():
        out = lines(s, "damage monica 8 --defense 1")
        assert out[-1] == "Monica's Temporary HP is used up", rs
        assert s.state.actors["monica"].hp == 11 and s.state.actors["monica"].effects == ()
    refusals = refused(sessions, "set monica max_hp=0")
    assert refusals[DATA] == refusals[PYTHON]


def test_a_pickup_is_told_in_one_line(both):
    sessions = both(*DEMO, "draw josh longbow", "drop josh longbow")
    said = {rs: lines(s, "pickup josh longbow") for rs, s in sessions.items()}
    assert said[DATA] == said[PYTHON] == ["Josh picks up the longbow (Major for a Minor)"]
