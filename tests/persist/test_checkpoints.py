"""Issue 8, scale: undo past the open point re-runs a bounded stretch of the log, and a
save whose log does not replay to its state says so at open."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from shaper_gm.app import autosave
from shaper_gm.commands.session import Session
from shaper_gm.errors import GmError
from shaper_gm.persist import checkpoints, replay, saves

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))
from _session import long_session  # noqa: E402


def test_which_checkpoints_a_save_keeps():
    assert checkpoints.wanted(99) == []
    assert checkpoints.wanted(10_000) == [5000, 6000, 7000, 8000, 9000,
                                          9500, 9600, 9700, 9800, 9900]
    assert len(checkpoints.wanted(1_000_000)) <= 120


@pytest.fixture(scope="module")
def long_save(tmp_path_factory):
    path = tmp_path_factory.mktemp("long") / "long.yaml"
    saves.write_save(long_session(1_250), path)
    return path


def test_undo_after_open_reruns_only_from_the_nearest_checkpoint(long_save, monkeypatch,
                                                                 tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_bytes(long_save.read_bytes())
    session, keeper, message = autosave.open_for_shell(str(mine))
    ran = []
    real = Session.run_lines
    monkeypatch.setattr(Session, "run_lines",
                        lambda self, lines, on_result=None: ran.append(len(lines))
                        or real(self, lines, on_result))
    try:
        state = session.state
        session.execute("undo 3")               # the stretch after 1200 was re-run at open
        session.execute("redo 3")
        assert session.state == state and ran == []
        session.execute("undo 160")             # needs entry 1090: from checkpoint 1000
        assert ran == [250]
    finally:
        keeper.close()
    assert message.startswith("Opened") and "Warning" not in message


def test_undo_after_open_ends_where_a_full_replay_does(long_save):
    session = saves.read_save(long_save)
    full = saves.read_save(long_save)
    session.undo(120)
    replay.rebuild_history(full)            # the whole log, from the start
    full.undo(120)
    assert session.state == full.state and session.log == full.log


def test_a_save_whose_log_does_not_replay_says_so_at_open(tmp_path, long_save):
    path = tmp_path / "edited.yaml"
    text = long_save.read_text()
    head, log = text.split("\nlog:\n", 1)
    path.write_text(head.replace("round: 249", "round: 248", 1) + "\nlog:\n" + log)
    session, keeper, message = autosave.open_for_shell(str(path))
    keeper.close()
    assert "Warning: the save's log does not rebuild its state (entries 1201 to 1250: " \
           "round is 248 in the save, 249 after replay)" in message
    with pytest.raises(GmError, match="does not rebuild its state"):
        session.execute("undo")
