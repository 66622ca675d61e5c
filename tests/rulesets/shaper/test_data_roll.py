"""Shaper written as data beside the Python ruleset: the GM's own `roll` of the basic
roll's dice, any bonus added, shows its automatic result (S1, S2) alike; other dice
have none. The format's `basic_roll` (ruleset.yaml)."""

from __future__ import annotations

import pytest

from shaper_gm.render.text import describe_events
from tests.rulesets.shaper.test_data_examples import both

__all__ = ["both"]


@pytest.mark.parametrize("line, says", [
    ("roll 3d6+2 --faces 6,6,6", "3d6+2: [6, 6, 6] + 2 = 20 (automatic success)"),
    ("roll 3d6-1 --faces 1,1,1", "3d6-1: [1, 1, 1] - 1 = 2 (automatic failure)"),
    ("roll 3d6 --faces 6,6,5", "3d6: [6, 6, 5] = 17"),
    ("roll 2d6+2 --faces 6,6", "2d6+2: [6, 6] + 2 = 14"),
])
def test_the_basic_roll_shows_its_automatic_result_alike(both, line, says):
    for s in both().values():
        assert describe_events(s.execute(line).events, {}) == [says]
