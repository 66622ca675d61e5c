"""Shaper written as data beside the Python ruleset: an actor brought Down leaves its
engagement for good (S8): healed, it is in none, though the foes it was engaged with
still are. The fixture's `down` action, run by itself at the `damaged` moment when the
actor is at 0 HP, clears its sheet's engagement, whatever brought it there (a hit, the
GM's damage)."""

from __future__ import annotations

import pytest

from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, both, numbers

__all__ = ["both"]

SETUP = ("add zed --weapon longsword --holding longsword --at B1 --side party",
         "add raider --as raider --at B1", "add reaver --as reaver --at B1",
         "init zed raider reaver", "start", "engage zed raider", "engage zed reaver")


@pytest.mark.parametrize("downing", [
    ("damage raider 99 --direct",),
    ("damage raider 40 --defense 1",),
    ("set raider hp=3", "attack zed raider --roll 4,4,4 --evade 3,3,3 --damage 6 --defense 1"),
])
def test_one_brought_down_is_out_of_its_engagement_when_healed_alike(both, downing):
    sessions = both(*SETUP)
    for line in (*downing, "heal raider 5", "end", "end"):
        for s in sessions.values():
            s.execute(line)
        assert numbers(sessions[DATA]) == numbers(sessions[PYTHON]), line
    assert numbers(sessions[DATA])["raider"][9] == frozenset()      # engaged with none
    assert numbers(sessions[DATA])["zed"][9] == {"reaver"}
