"""A folder of a ruleset written as data plays under its folder's name, even where that
name is a Python ruleset's: a GM's own version of a ruleset replaces the shipped one, and
a ruleset moves to data by its content folder alone."""

from __future__ import annotations

import shutil

from shaper_gm.engine import registry
from shaper_gm.places import data_rulesets
from tests.rulesets.declared.duel import DUEL, duel_fight


def test_a_folder_named_as_a_python_ruleset_plays_in_its_place(tmp_path, monkeypatch):
    folder = tmp_path / "rulesets" / "shaper"
    shutil.copytree(DUEL, folder)
    lines = ("new --ruleset shaper --seed 7", "add ash --as ash --side party --at B2",
             "add rook --as rook --at C3", "init ash rook", "start")
    session = duel_fight(tmp_path / "rulesets", monkeypatch, lines)
    assert registry.module_of("shaper").__name__ == registry.DATA
    assert session.state.ruleset == "shaper"
    assert set(session.state.actors) == {"ash", "rook"}         # the duel's own templates
    assert "written as data" in registry.known()["shaper"][1]
    monkeypatch.delenv("SHAPER_GM_RULESETS")            # the shipped one again
    assert (registry.module_of("shaper").__name__ == registry.DATA) == \
        ("shaper" in data_rulesets())
