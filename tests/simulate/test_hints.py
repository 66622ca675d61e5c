"""simulate.yaml: Shaper's hints ready an attack; a broken file is one line."""

from __future__ import annotations

import random
from unittest.mock import patch

import pytest

from shaper_gm.content.schema import ContentError
from shaper_gm.persist.saves import read_save
from shaper_gm.simulate import tactics
from tests.view.kit import SAVES


def test_shapers_hints_draw_reload_and_engage_first():
    session = read_save(SAVES / "demo.yaml")
    lines = list(tactics.turn_lines(session, "josh", "focus-fire", random.Random(1)))
    assert lines[:2] == ["draw josh longbow", "reload josh"]
    assert lines[2].startswith("engage josh ") and lines[-2:] == ["pass josh", "end"]


@pytest.mark.parametrize("data", [[], {"ready": "draw"}, {"prepare": []},
                                  {"ready": [3]}, {"attacks": ["power-strike {actor}"]},
                                  {"attacks": [{"do": "power-strike {actor} {target}"}]},
                                  {"attacks": [{"do": "x", "odds": "strike {actor}"}]},
                                  {"options": [["ability"]]}])
def test_a_broken_hints_file_is_one_line(data):
    tactics.hints_of.cache_clear()
    try:
        with patch("shaper_gm.simulate.tactics.declaration",
                   lambda *_: ("content/x/simulate.yaml", data)):
            with pytest.raises(ContentError) as refused:
                tactics.hints_of("x")
    finally:
        tactics.hints_of.cache_clear()
    assert refused.value.errors == ("content/x/simulate.yaml: expected ready and "
                                    "before_attack, each a list of commands, e.g. ready: "
                                    "['draw {actor} {item}']; attacks, a list of {do: "
                                    "COMMAND, odds: ODDS}, e.g. {do: 'power-strike {actor} "
                                    "{target}', odds: 'odds {actor} {target} --power'}; "
                                    "options, a list of the attack's flags, e.g. "
                                    "[ability]",)
