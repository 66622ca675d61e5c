"""The `shaper-gm` program run as a GM's scripts would run it: in a subprocess."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import textwrap

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from shaper_gm.app import new_session
from shaper_gm.persist import saves
from shaper_gm.shell.app import run_shell
from shaper_gm.shell.output import make_renderer

pytestmark = pytest.mark.slow

PROGRAM = [shutil.which("shaper-gm")] if shutil.which("shaper-gm") else [
    sys.executable, "-m", "shaper_gm"]

GOOD = """\
# the opening of the source's battle
add josh --as josh --at B4
add raider --as raider --side enemies --at B1

init josh raider
start
draw longbow
"""
BAD = """\
add josh --as josh --at B4
add raider --as raider --side enemies --at B1
move josh Z9
add monica --as monica --at C5
place raider Q1
"""


class Unsaved:
    path = None

    def commit(self):
        pass

    def close(self):
        pass


def shaper(*args, stdin: bytes | str | None = None, timeout: float = 30):
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run([*PROGRAM, *args], input=data, capture_output=True,
                          timeout=timeout, check=False)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def script(tmp_path, text: str, name: str = "fight.txt") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_run_prints_what_the_shell_would_and_exits_0(tmp_path):
    code, out, err = shaper("run", script(tmp_path, GOOD), "--seed", "3")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:5] == ["Josh (josh) joins the party at B4, 13 HP",
                         "Raider (raider) joins the enemies at B1, 18 HP",
                         "Turn order: Josh, Raider (set by hand)",
                         "Round 1 begins", "Josh's turn"]
    assert lines[-1] == "Josh draws the longbow (Minor)"
    assert "\x1b[" not in out                    # not a terminal: no colour, no cursor


def test_run_prints_exactly_what_the_shell_prints(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    code, out, _ = shaper("run", script(tmp_path, GOOD), "--seed", "3")
    assert code == 0
    session = new_session(seed=3)
    printed = io.StringIO()
    with create_pipe_input() as inp:
        inp.send_text(GOOD + "\x04")
        run_shell(session, Unsaved(), input=inp, output=DummyOutput(), history=InMemoryHistory(),
                  renderer=make_renderer(printed, ruleset_for=session.ruleset_for))
    assert printed.getvalue() == out


def test_first_failing_line_stops_the_script_exit_1(tmp_path):
    out_save = tmp_path / "out.yaml"
    code, out, err = shaper("run", script(tmp_path, BAD), "--save", str(out_save))
    assert code == 1
    assert err == ("error: line 3: zone Z9 is off the 5x5 battlefield (S9); "
                   "use a zone from A1 to E5\n")
    assert "Monica" not in out
    saved = saves.read_save(out_save)            # --save writes also after an error
    assert saved.log[1:] == ["add josh --as josh --at B4",
                             "add raider --as raider --side enemies --at B1"]
    assert saved.state.actors["josh"].zone == "B4"


def test_keep_going_reports_every_failing_line(tmp_path):
    code, out, err = shaper("run", script(tmp_path, BAD), "--keep-going")
    assert code == 1
    assert [line.split(":")[:2] for line in err.splitlines()] == [
        ["error", " line 3"], ["error", " line 5"]]
    assert "Monica (monica) joins the party at C5, 13 HP" in out


def test_stdin_script_and_piped_stdin(tmp_path):
    code, out, _ = shaper("run", "-", "--seed", "3", stdin=GOOD)
    assert code == 0 and out.splitlines()[-1] == "Josh draws the longbow (Minor)"
    code2, out2, err2 = shaper(stdin=GOOD)       # not a terminal: like `run -`
    assert (code2, err2) == (0, "")
    assert out2.splitlines()[:2] == out.splitlines()[:2]
    code3, _, err3 = shaper(stdin=BAD)
    assert code3 == 1 and err3.startswith("error: line 3: zone Z9")


def test_the_seed_makes_rolled_dice_repeat(tmp_path):
    path = script(tmp_path, "add josh --as josh\nadd raider --as raider\ninit\n")
    first = shaper("run", path, "--seed", "11")
    assert first[0] == 0 and first[1].count("Turn order: ") == 1
    assert shaper("run", path, "--seed", "11") == first


@pytest.mark.parametrize("data, message", [
    (b"add josh\n\x00start\n", "line 2 holds a NUL byte"),
    (b"add j\xe9 --as josh\n", "line 1 is not valid UTF-8 (byte 0xe9)"),
])
def test_binary_scripts_are_refused_nothing_run(tmp_path, data, message):
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    out_save = tmp_path / "never.yaml"
    code, out, err = shaper("run", str(path), "--save", str(out_save))
    assert (code, out) == (2, "")
    assert message in err and err.startswith("error: ")
    assert not out_save.exists()


def test_usage_and_unreadable_files_exit_2(tmp_path):
    assert shaper("run", str(tmp_path / "missing.txt"))[0] == 2
    assert shaper("run", str(tmp_path))[0] == 2
    assert shaper("fly")[0] == 2
    assert shaper("replay", str(tmp_path / "missing.yaml"))[0] == 2
    code, out, _ = shaper("--version")
    assert code == 0 and out.startswith("shaper-gm ")
    code, out, _ = shaper("--help")
    assert code == 0 and "replay" in out and "run" in out


def test_replay_checks_the_save_and_stops_where_told(tmp_path):
    out_save = tmp_path / "fight.yaml"
    assert shaper("run", script(tmp_path, GOOD), "--seed", "3", "--save", str(out_save))[0] == 0
    code, out, err = shaper("replay", str(out_save))
    assert (code, err) == (0, "")
    assert "[6] draw josh longbow" in out
    assert out.splitlines()[-1] == "all 6 entries replayed; the state matches the save"
    code, out, _ = shaper("replay", str(out_save), "--to", "2")
    assert code == 0 and "[3]" not in out and "stopped after entry 2 of 6" in out
    assert shaper("replay", str(out_save), "--to", "9")[0] == 2


def test_replay_that_diverges_exits_1(tmp_path):
    out_save = tmp_path / "fight.yaml"
    shaper("run", script(tmp_path, GOOD), "--seed", "3", "--save", str(out_save))
    text = out_save.read_text()
    assert "zone: B4" in text
    out_save.write_text(text.replace("zone: B4", "zone: C4", 1))
    code, _, err = shaper("replay", str(out_save))
    assert code == 1
    assert err.startswith("error: the log does not end in the saved state: josh.zone")


def test_non_interactive_runs_never_import_prompt_toolkit(tmp_path):
    path = script(tmp_path, GOOD)
    out_save = tmp_path / "fight.yaml"
    probe = textwrap.dedent(f"""
        import io, sys
        from shaper_gm.cli import main
        assert main(["run", {path!r}, "--save", {str(out_save)!r}]) == 0
        assert main(["replay", {str(out_save)!r}]) == 0
        sys.stdin = io.TextIOWrapper(io.BytesIO(b"add josh --as josh\\n"))
        assert main([]) == 0
        sys.stdin = io.TextIOWrapper(io.BytesIO(b"end\\n"))
        assert main(["open", {str(out_save)!r}]) == 0
        loaded = sorted(m for m in sys.modules if m.startswith("prompt_toolkit"))
        print("LOADED", loaded)
    """)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "LOADED []"


def test_open_with_piped_input_runs_the_lines_on_the_save(tmp_path):
    out_save = tmp_path / "fight.yaml"
    shaper("run", script(tmp_path, GOOD), "--seed", "3", "--save", str(out_save))
    code, out, err = shaper("open", str(out_save), stdin="move B3\nmove Z9\n")
    assert code == 1
    assert out.startswith(f"Opened {out_save}: 6 commands (round 1, Josh's turn).\n")
    assert err.startswith("error: line 2: zone Z9")
    saved = saves.read_save(out_save)
    assert saved.log[-1] == "move josh B3"
    assert "closed: true" in out_save.read_text()
    assert shaper("open", str(tmp_path / "missing.yaml"), stdin="")[0] == 2


def test_an_unreadable_content_library_is_one_error_line(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAPER_GM_CONTENT", str(tmp_path / "no-such-content"))
    code, _, err = shaper("run", script(tmp_path, "roll 3d6\n"))
    assert code == 2
    assert err.startswith("error: ") and "content folder not found" in err
    assert "Traceback" not in err and err.count("\n") == 1
