"""Shaper written as data opens the Python ruleset's version-1 save, saves/demo.yaml,
by replaying its log (ruleset.yaml's `replayed_saves: [1]`): the same actors, HP,
zones, Major, Minor, Free and SP, order, round and who is up as the Python ruleset reads
from the file, and its log replays to that state."""

from __future__ import annotations

from pathlib import Path

from shaper_gm.persist.saves import read_save
from tests.replaying import replayed
from tests.rulesets.twins import FOLDER

DEMO = Path(__file__).resolve().parents[3] / "saves" / "demo.yaml"


def facts(s) -> tuple:
    state = s.state
    return (state.round, state.turn, tuple(state.order), sorted(
        (a.id, a.name, a.side, a.hp, a.max_hp, a.zone,
         *(a.resource(r) for r in ("major", "minor", "free", "sp")))
        for a in state.actors.values()))


def test_the_demo_save_of_version_1_opens_by_its_log_alike(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(FOLDER))
    text = DEMO.read_text(encoding="utf-8")
    assert text.startswith("version: 1\nruleset: shaper\n")
    data_save = tmp_path / "demo.yaml"
    data_save.write_text(text.replace("ruleset: shaper\n", "ruleset: shaper-data\n", 1)
                         .replace("--ruleset shaper\n", "--ruleset shaper-data\n", 1),
                         encoding="utf-8")
    python, data = read_save(DEMO), read_save(data_save)
    assert data.state.ruleset == "shaper-data"
    assert facts(data) == facts(python)
    assert replayed(data).state == data.state
