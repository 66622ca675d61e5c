"""Issue 22, start-up: with a save open, the shell draws its prompt before it checks that
the save's log rebuilds its state; the check still runs, is told once, and is done before
any command runs or the save is closed."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from shaper_gm.app import autosave
from shaper_gm.errors import GmError
from shaper_gm.shell.app import run_shell
from shaper_gm.shell.output import make_renderer

DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo.yaml"
CTRL_D = "\x04"
DIVERGES = "Warning: the save's log does not rebuild its state"


@pytest.fixture
def edited(tmp_path) -> Path:
    """The Shaper demo's fight, saved as the program saves today (a version-1 save such as
    saves/demo.yaml is opened by replaying its log, its state never read), with its
    state's round changed by hand: the log does not rebuild it."""
    from shaper_gm.app import new_session
    from shaper_gm.content.yamlio import load_yaml_file
    from shaper_gm.persist.saves import write_save
    session = new_session(seed=2024)
    for line in load_yaml_file(DEMO)["log"][1:]:
        session.execute(line)
    write_save(session, tmp_path / "fresh.yaml")
    text = (tmp_path / "fresh.yaml").read_text(encoding="utf-8")
    assert "\nround: 1\n" in text
    path = tmp_path / "edited.yaml"
    path.write_text(text.replace("\nround: 1\n", "\nround: 2\n", 1), encoding="utf-8")
    return path


def open_shell(path: Path, keys: str) -> tuple[str, str, object]:
    """`shaper-gm open PATH` at a keyboard typing `keys`: (the greeting, what the shell
    printed, the session)."""
    session, saving, greeting = autosave.open_for_shell(str(path), check_log=False)
    out = io.StringIO()
    with create_pipe_input() as keys_in:
        keys_in.send_text(keys)
        status = run_shell(session, saving, input=keys_in, output=DummyOutput(),
                           renderer=make_renderer(out, ruleset_for=session.ruleset_for),
                           history=InMemoryHistory(), greeting=greeting,
                           late_check=lambda: autosave.log_check(session))
    assert status == 0
    return greeting, out.getvalue(), session


def test_a_log_that_does_not_rebuild_is_told_once_after_the_greeting(edited):
    greeting, printed, _ = open_shell(edited, CTRL_D)
    assert greeting.startswith("Opened") and "Warning" not in greeting
    assert printed.count(DIVERGES) == 1


def test_a_command_typed_at_once_runs_after_the_check(edited):
    # `undo` needs the rebuilt history: it is refused with the check's reason, never run
    # on a history the check is still replacing.
    _, printed, session = open_shell(edited, "undo\n" + CTRL_D)
    assert printed.count(DIVERGES) == 1
    assert printed.index(DIVERGES) < printed.index("cannot be undone past where it was")
    with pytest.raises(GmError, match="does not rebuild its state"):
        session.execute("undo")


def test_a_save_whose_log_rebuilds_says_nothing_and_undoes_at_once(tmp_path):
    path = tmp_path / "demo.yaml"
    path.write_bytes(DEMO.read_bytes())
    _, printed, session = open_shell(path, "undo\n" + CTRL_D)
    assert "Warning" not in printed and session.rebuild is None


def test_the_check_runs_once_and_its_warning_is_told_once():
    from shaper_gm.shell.latecheck import LateCheck
    ran = []
    late = LateCheck(lambda: ran.append(1) or "it diverges")
    assert late.pending and late.untold() is None          # not run yet: nothing to tell
    late.run()
    late.run()
    assert ran == [1] and late.pending
    assert late.untold() == "Warning: it diverges." and late.untold() is None
    assert not late.pending
    quiet = LateCheck(lambda: None)
    quiet.run()
    assert not quiet.pending and quiet.untold() is None


def test_a_check_that_fails_is_a_warning_not_a_crash():
    from shaper_gm.shell.latecheck import LateCheck
    late = LateCheck(lambda: 1 / 0)
    late.run()
    assert late.untold().startswith("Warning: the save's log could not be checked "
                                    "(ZeroDivisionError")


PROBE = """
import sys
from shaper_gm import cli
from shaper_gm.persist import replay
from shaper_gm.shell import app

checked = []
real = replay.check_tail
replay.check_tail = lambda session, *a, **k: checked.append(1) or real(session, *a, **k)


class Keyboard:
    def isatty(self):
        return True


def shell_drawn(session, saving, *, greeting=None, late_check=None, **rest):
    print("CHECKED BEFORE THE PROMPT", len(checked), file=sys.stderr)
    print("LATER", late_check() if late_check else None, file=sys.stderr)
    saving.close()
    return 0


sys.stdin = Keyboard()
app.run_shell = shell_drawn
print("EXIT", cli.main(sys.argv[1:]), file=sys.stderr)
"""


def test_open_at_a_keyboard_draws_the_prompt_before_the_check(edited, tmp_path):
    done = subprocess.run([sys.executable, "-c", PROBE, "open", str(edited)], cwd=tmp_path,
                          text=True, capture_output=True, timeout=60)
    said = dict(line.split(" ", 1) for line in done.stderr.splitlines()
                if line.startswith(("CHECKED", "LATER", "EXIT")))
    assert said.get("EXIT") == "0", done.stderr
    assert said["CHECKED"] == "BEFORE THE PROMPT 0"
    assert said["LATER"].startswith("the save's log does not rebuild its state")


def test_open_fed_by_a_pipe_still_checks_at_open(edited, tmp_path):
    done = subprocess.run([sys.executable, "-m", "shaper_gm", "open", str(edited)],
                          cwd=tmp_path, input="", text=True, capture_output=True,
                          timeout=60)
    assert DIVERGES in done.stdout, done.stdout + done.stderr
