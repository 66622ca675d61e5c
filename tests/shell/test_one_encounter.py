"""One log, one encounter: a `new` in the middle of a script, a journal or a log is
refused at that line (nothing starts over silently); a `new` before anything happened
only chooses the battlefield again."""

from __future__ import annotations

import os

import pytest

from shaper_gm import cli
from shaper_gm.app import autosave, new_session
from shaper_gm.errors import GmError
from shaper_gm.persist import replay, saves

FIGHT = ["new --seed 1", "add josh --as josh --at B4", "add raider --as raider --at B3"]


def write(tmp_path, *lines: str) -> str:
    path = tmp_path / "s.gm"
    path.write_text("".join(f"{line}\n" for line in lines))
    return str(path)


def test_a_second_new_in_a_script_is_an_error_line_and_the_fight_so_far_is_saved(
        tmp_path, capsys):
    out = tmp_path / "out.yaml"
    script = write(tmp_path, *FIGHT, "new --seed 2", "add monica --as monica --at C5")
    assert cli.main(["run", script, "--save", str(out)]) == 1
    captured = capsys.readouterr()
    assert "error: line 4: new would start over: this encounter has 2 commands" \
        in captured.err
    assert "(seed 2)" not in captured.out
    assert [line.split(" --")[0] for line in saves.read_save(out).log] == \
        ["new", "add josh", "add raider"]


def test_with_keep_going_the_script_goes_on_in_the_same_encounter(tmp_path, capsys):
    out = tmp_path / "out.yaml"
    script = write(tmp_path, *FIGHT, "new --seed 2", "add monica --as monica --at C5")
    assert cli.main(["run", script, "--save", str(out), "--keep-going"]) == 1
    assert "line 4: new would start over" in capsys.readouterr().err
    assert set(saves.read_save(out).state.actors) == {"josh", "raider", "monica"}


def test_a_new_before_anything_happened_chooses_the_battlefield_again():
    session = new_session(seed=1)
    session.execute("new --grid 8x3 --seed 5")
    session.execute("new --grid 6x4 --seed 5")
    assert session.log[0].startswith("new --grid 6x4") and len(session.log) == 1


def test_a_journal_that_starts_over_is_refused_as_damaged(tmp_path):
    path = tmp_path / "fight.yaml"
    session = new_session(seed=1)
    for line in FIGHT[1:]:
        session.execute(line)
    saves.write_save(session, path)
    opened, keeper, _ = autosave.open_for_shell(str(path))
    opened.execute("init josh raider")
    keeper.commit()
    keeper.journal.append(keeper.journal.record({"keep": 4, "add": ["new --seed 9"]}), 1)
    keeper.journal.close()
    os.close(keeper.lock.fd)                       # killed: files stay as they are
    keeper.lock.fd = None
    with pytest.raises(GmError, match="new would start over"):
        saves.read_save(path)


def test_a_log_that_starts_over_is_refused_at_that_entry_by_replay(tmp_path):
    session = new_session(seed=1)
    for line in FIGHT[1:]:
        session.execute(line)
    path = tmp_path / "s.yaml"
    saves.write_save(session, path)
    path.write_text(path.read_text().replace("- add raider", "- new --seed 4\n- add raider"))
    report = replay.replay_save(path)
    assert not report.ok and "entry 3 is refused: new would start over" in report.message
