"""Shaper written as data beside the Python ruleset: an item lying within Melee range is
picked up for a Minor (S11, S19): beside the actor, or beside one in the actor's
engagement (`lying_with.engagement`, the engagement of whom it lies beside); elsewhere
in its zone, a Major."""

from __future__ import annotations

from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, both, lying, numbers

__all__ = ["both"]


def test_an_item_beside_a_foe_in_the_engagement_is_within_melee_range(both):
    sessions = both("add zed --weapon javelin --side party --at B3",
                    "add raider --as raider --at B3", "init raider zed", "start",
                    "drop raider longsword", "end", "engage zed raider", "end", "end")
    for s in sessions.values():
        s.execute("pickup zed longsword")
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON])
    assert numbers(sessions[DATA])["zed"][1:4] == (3, 0, 1)        # Minor: in his engagement
    assert lying(sessions[DATA]) == lying(sessions[PYTHON]) == []


def test_an_item_beside_another_in_no_engagement_is_a_major(both):
    sessions = both("add zed --weapon javelin --side party --at B3",
                    "add raider --as raider --at B3", "init raider zed", "start",
                    "drop raider longsword", "end")
    for s in sessions.values():
        s.execute("pickup zed longsword")
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON])
    assert numbers(sessions[DATA])["zed"][1:4] == (2, 1, 1)        # Major: not engaged
