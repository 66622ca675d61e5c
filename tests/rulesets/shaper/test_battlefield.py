"""Shaper's zones are the engine's grid cells (S9); its distance counts at most one
diagonal step (S10), or any with the "king" rule; bands name distances (S10)."""

import os
import re
import shutil
from pathlib import Path

import pytest

from shaper_gm.app import new_session
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.grid import cell_name as zone_name
from shaper_gm.engine.grid import parse_cell
from shaper_gm.errors import GmError
from tests.rulesets.shaper.conftest import battle


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


def _content() -> Path:
    return Path(os.environ.get("SHAPER_GM_CONTENT") or
                Path(__file__).resolve().parents[3] / "content")


@pytest.fixture(scope="module")
def king_content(tmp_path_factory) -> Path:
    """The content playing `shaper` with the "king" rule: any number of diagonal steps
    (the Python ruleset's `diagonal: king`, the data version without `most_diagonals`)."""
    root = tmp_path_factory.mktemp("king") / "content"
    shutil.copytree(_content(), root)
    numbers = root / "shaper" / "ruleset.yaml"
    text = numbers.read_text(encoding="utf-8").replace("diagonal: shaper", "diagonal: king")
    numbers.write_text(re.sub(r"(?m)^most_diagonals:.*\n", "", text), encoding="utf-8")
    return root


def steps(a, b, content=None):
    """Zed's steps from zone a to zone b: the Major a move there costs (S12), read from
    the pool or from the refusal of a move dearer than 3 Major; 0 where Zed is there."""
    s = new_session(seed=1234)
    for line in (f"add zed --at {a} --side party", "add raider --as raider --at E5",
                 "init zed raider", "start"):
        s.execute(line)
    try:
        s.execute(f"move zed {b}")
    except GmError as refused:
        if "already in" in str(refused):
            return 0
        return int(re.search(r"this move costs (\d+) Major", str(refused)).group(1))
    return 3 - s.state.actors["zed"].resource("major")


@pytest.mark.parametrize("a,b,shaper,king", [
    ("A1", "A1", 0, 0), ("A1", "B2", 1, 1), ("A1", "C2", 2, 2), ("A1", "E5", 7, 4),
    ("A1", "A4", 3, 3), ("C3", "A1", 3, 2), ("B4", "E1", 5, 3),
])
def test_distance_table(king_content, monkeypatch, a, b, shaper, king):
    assert steps(a, b) == shaper
    assert steps(b, a) == shaper
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(king_content))
    assert steps(a, b) == king


def test_band_names():
    """Each distance by its band's name (S10, S13), as a Charm out of reach names it:
    Taylor at A1, Monica 1 to 6 zones away."""
    names = []
    for zone in ("A1", "A2", "A3", "A4", "A5", "E3", "E4"):
        s = battle("end", "end", "end", "place taylor A1", f"place monica {zone}")
        try:
            s.execute("cast taylor charm monica")
            names.append("Close")
        except GmError as refused:
            names.append(re.search(r"Monica is at (\S+);", str(refused)).group(1))
    assert names == ["Close", "Short", "Medium", "Long", "Long+1", "Long+2", "Long+3"]
