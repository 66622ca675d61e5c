"""Issue 20, files, in a live shell: a file nested past the limit, a lock that is a link
and a history file that is a pipe each cost one line (or one note), and the GM keeps the
shell and the encounter."""

from __future__ import annotations

import os

import pytest

from .test_terminal import CTRL_D, spawn, type_line

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.slow
LIMIT = "nests deeper than 64 levels"


def leave(gm) -> int:
    gm.send(CTRL_D)
    gm.expect(pexpect.EOF)
    gm.child.close()
    return gm.child.exitstatus


@pytest.mark.parametrize("depth", [990, 40_000])
def test_deep_files_are_refused_and_the_shell_keeps_its_encounter(tmp_path, depth):
    deep = "[" * depth + "]" * depth
    for name in ("deep.yaml", "deep.json"):
        (tmp_path / name).write_text(deep)
    gm = spawn(tmp_path)
    try:
        gm.expect("gm ›")
        type_line(gm, "add josh --as josh --at B4", "joins the party at B4")
        for line in ("load deep.yaml", "add zed --as ./deep.yaml", "add zed --as ./deep.json"):
            type_line(gm, line, LIMIT)
            gm.expect("gm ›")
        type_line(gm, "show josh", "Vigor")                  # Josh is still there
        gm.expect("gm ›")
        assert leave(gm) == 0
    finally:
        gm.child.close(force=True)


def test_a_lock_that_is_a_link_is_refused_and_its_target_untouched(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("somebody else's file\n")
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / ".other.yaml.lock").symlink_to(victim)
    gm = spawn(tmp_path)
    try:
        gm.expect("gm ›")
        type_line(gm, "add josh --as josh --at B4", "joins the party at B4")
        type_line(gm, "save other", "is a symbolic link")
        gm.expect("gm ›")
        type_line(gm, "save mine", "mine.yaml")
        gm.expect("gm ›")
        assert leave(gm) == 0
    finally:
        gm.child.close(force=True)
    assert victim.read_text() == "somebody else's file\n"
    assert not (tmp_path / "saves" / "other.yaml").exists()
    assert (tmp_path / "saves" / "mine.yaml").exists()


def test_a_history_file_that_is_a_pipe_is_noted_not_waited_on(tmp_path):
    history = tmp_path / "data" / "shaper-gm" / "history"
    history.parent.mkdir(parents=True)
    os.mkfifo(history)
    gm = spawn(tmp_path)
    try:
        gm.expect("is not usable")
        gm.expect("gm ›")
        type_line(gm, "add josh --as josh --at B4", "joins the party at B4")
        gm.expect("gm ›")
        assert leave(gm) == 0
    finally:
        gm.child.close(force=True)
