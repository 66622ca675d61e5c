"""Leaving the shell never drops work silently: when the save was changed by another
program while it was open (a hand edit), it is left as that program wrote it and the
session's work goes to a new file beside it, and `quit` says so and where."""

from __future__ import annotations

import io
import os

from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from shaper_gm.app import autosave, new_session
from shaper_gm.persist import journal, saves
from shaper_gm.shell.app import Shell
from shaper_gm.shell.output import make_renderer

FIGHT = ["add josh --as josh --at B4", "add raider --as raider --at B3"]


def saved_fight(tmp_path):
    path = tmp_path / "fight.yaml"
    session = new_session(seed=3)
    for line in FIGHT:
        session.execute(line)
    saves.write_save(session, path)
    return path


def edited_by_hand(path) -> bytes:
    """Another program rewrites the save (a new file renamed over it, as editors do)."""
    text = path.read_text().replace("name: Josh", "name: Joshua", 1)
    other = path.with_name("edited.tmp")
    other.write_text(text)
    os.replace(other, path)
    return path.read_bytes()


def unsaved_files(path) -> list:
    return sorted(path.parent.glob(f"{path.stem}-unsaved-*.yaml"))


def test_quit_after_a_hand_edit_says_where_the_sessions_work_went(tmp_path):
    path = saved_fight(tmp_path)
    session, keeper, _ = autosave.open_for_shell(str(path))
    out = io.StringIO()
    with create_pipe_input() as inp:
        shell = Shell(session, keeper, input=inp, output=DummyOutput(),
                      renderer=make_renderer(out), history=InMemoryHistory())
        assert shell.run_line("init josh raider")          # journaled
        theirs = edited_by_hand(path)
        assert shell.run_line("start")                      # not on disk: said at once
        assert shell.run_line("quit") is False
        shell.close()                                       # as the loop ends
    said = " ".join(out.getvalue().split())
    assert "could not write the autosave" in said
    assert "was changed by another program while it was open" in said
    (kept,) = unsaved_files(path)
    assert str(kept) in said
    assert path.read_bytes() == theirs                      # left as that program wrote it
    assert not journal.journal_path(path).exists()          # nothing set aside next open
    again = saves.read_save(kept)
    assert again.state == session.state and again.log == session.log


def test_a_hand_edit_with_nothing_done_since_opening_is_left_quietly(tmp_path):
    path = saved_fight(tmp_path)
    session, keeper, _ = autosave.open_for_shell(str(path))
    theirs = edited_by_hand(path)
    assert keeper.close() is None
    assert path.read_bytes() == theirs and unsaved_files(path) == []


def test_load_after_a_hand_edit_keeps_the_work_and_says_where(tmp_path):
    path = saved_fight(tmp_path)
    other = tmp_path / "other.yaml"
    saves.write_save(new_session(seed=9), other)
    session, keeper, _ = autosave.open_for_shell(str(path))
    session.execute("init josh raider")
    keeper.commit()
    edited_by_hand(path)
    result = session.execute(f"load {other}")
    (kept,) = unsaved_files(path)
    assert str(kept) in result.view.text
    assert saves.read_save(kept).log[-1] == "init josh raider"
    keeper.close()


def test_when_the_work_cannot_be_written_anywhere_the_error_says_what_is_lost(
        tmp_path, monkeypatch):
    path = saved_fight(tmp_path)
    session, keeper, _ = autosave.open_for_shell(str(path))
    session.execute("init josh raider")
    keeper.commit()
    edited_by_hand(path)
    session.execute("start")

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(autosave, "write_save_text", full)
    out = io.StringIO()
    shell = Shell.__new__(Shell)
    shell.autosave, shell.renderer = keeper, make_renderer(out)
    shell.close()
    said = " ".join(out.getvalue().split())
    assert "No space left on device" in said and "1 command not yet in its journal" in said
