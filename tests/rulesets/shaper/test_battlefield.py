"""Shaper's zones are the engine's grid cells (S9); its distance counts at most one
diagonal step (S10), or any with the "king" rule; bands name distances (S10)."""

from dataclasses import replace

import pytest

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.grid import cell_name as zone_name
from shaper_gm.engine.grid import parse_cell
from shaper_gm.rulesets.shaper.situation import band_name, steps


def parse_zone(text, cols, rows):
    return parse_cell(text, cols, rows, rule="S9")

NAMES = ("Close", "Short", "Medium", "Long")


def test_parse_zone_case_insensitive_and_round_trip():
    assert parse_zone("B4", 5, 5) == (1, 3)
    assert parse_zone(" b4 ", 5, 5) == (1, 3)
    assert parse_zone("A1", 5, 5) == (0, 0)
    assert zone_name((1, 3)) == "B4"
    assert zone_name((27, 0)) == "AB1"
    assert parse_zone("AB1", 30, 2) == (27, 0)


@pytest.mark.parametrize("text", ["F1", "A6", "A0", "4B", "", "B-1"])
def test_parse_zone_refuses_off_grid_or_malformed(text):
    with pytest.raises(RuleViolation) as err:
        parse_zone(text, 5, 5)
    assert "S9" in err.value.message and "E5" in err.value.hint


def test_off_grid_message_names_the_grid():
    with pytest.raises(RuleViolation, match=r"zone F1 is off the 5x5 battlefield \(S9\)"):
        parse_zone("f1", 5, 5)


@pytest.mark.parametrize("a,b,shaper,king", [
    ("A1", "A1", 0, 0), ("A1", "B2", 1, 1), ("A1", "C2", 2, 2), ("A1", "E5", 7, 4),
    ("A1", "A4", 3, 3), ("C3", "A1", 3, 2), ("B4", "E1", 5, 3),
])
def test_distance_table(numbers, a, b, shaper, king):
    za, zb = parse_zone(a, 5, 5), parse_zone(b, 5, 5)
    assert steps(numbers, za, zb) == shaper
    assert steps(replace(numbers, diagonal="king"), za, zb) == king
    assert steps(numbers, zb, za) == shaper


def test_band_names():
    assert [band_name(n, NAMES) for n in range(7)] == \
        ["Close", "Short", "Medium", "Long", "Long+1", "Long+2", "Long+3"]
