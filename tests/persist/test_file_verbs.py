"""The file verbs as the GM types them: save, load, export."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError

FIGHT = ["add josh --as josh --at B4", "add raider --as raider --at B3",
         "init josh raider", "start", "draw longbow",
         "attack raider --roll 4,5,5 --evade 2,3,3 --damage 3 --defense 1", "end"]


@pytest.fixture()
def fight(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_SAVES", str(tmp_path / "saves"))
    session = new_session(seed=3)
    for line in FIGHT:
        session.execute(line)
    return session


def test_export_writes_a_recap_by_round_and_turn(fight, tmp_path):
    target = tmp_path / "recap.md"
    result = fight.execute(f"export {target}")
    assert result.line is None                       # file verbs are never logged
    text = target.read_text()
    assert "## Round 1" in text and "### Josh's turn" in text
    assert "Raider" in text and "15 vs 8" in text   # 4+5+5+1 against 2+3+3


def test_save_then_load_brings_the_encounter_back(fight, tmp_path):
    fight.execute("save bridge")
    path = tmp_path / "saves" / "bridge.yaml"
    assert path.exists()
    state, log = fight.state, list(fight.log)
    fight.execute("heal raider 3")
    fight.execute(f"load {path}")
    assert fight.state == state and fight.log == log
    fight.execute("save")                            # back to the file it came from
    fight.execute("load bridge")                     # a bare name looks in saves/
    assert fight.state == state


def test_load_plays_on_the_rulesets_the_save_was_read_with(tmp_path, monkeypatch):
    """The first command after `load` does not build the save's ruleset again (reading
    the save built it): for a ruleset written as data, a whole read of its files."""
    import shutil
    from pathlib import Path

    from shaper_gm.engine import registry
    save = tmp_path / "dungeon.yaml"
    shutil.copyfile(Path(__file__).parents[2] / "saves" / "dungeoneers-demo.yaml", save)
    session = new_session(seed=3)                    # a Shaper encounter so far
    built, build = [], registry.build
    monkeypatch.setattr(registry, "build", lambda *a: built.append(a[0]) or build(*a))
    session.execute(f"load {save}")
    hurt = next(iter(session.state.actors))
    session.execute(f"damage {hurt} 1")
    session.execute("undo")
    assert built == ["dungeoneers"]                  # by the load alone


def test_export_after_load_rebuilds_the_story_from_the_log(fight, tmp_path):
    fight.execute("save bridge")
    other = new_session(seed=9)
    other.execute("load bridge")
    target = tmp_path / "after-load.md"
    other.execute(f"export {target}")
    assert "15 vs 8" in target.read_text()


def test_load_of_a_missing_file_changes_nothing(fight):
    state = fight.state
    with pytest.raises(GmError, match="no save at"):
        fight.execute("load nowhere")
    assert fight.state == state
