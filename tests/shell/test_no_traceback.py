"""Issue 8, "never a traceback": hostile input, devices, closed pipes and full disks each
end in one line and an exit code from the README."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys

import pytest

from shaper_gm import cli
from shaper_gm.app import autosave, new_session
from shaper_gm.commands import build_registry
from shaper_gm.errors import GmError
from shaper_gm.persist import saves
from shaper_gm.persist.journal_file import JournalFile
from shaper_gm.shell.dice import BadFaces, read_faces

PROGRAM = [shutil.which("shaper-gm")] if shutil.which("shaper-gm") else [
    sys.executable, "-m", "shaper_gm"]
SUPERSCRIPT_TWO = "\u00b2"          # str.isdigit() says yes, int() says no


def shaper(*args, stdin: str = "", stdout=subprocess.PIPE, timeout: float = 30):
    done = subprocess.run([*PROGRAM, *args], input=stdin.encode(), stdout=stdout,
                          stderr=subprocess.PIPE, timeout=timeout, check=False)
    out = done.stdout.decode() if done.stdout is not None else ""
    return done.returncode, out, done.stderr.decode()


@pytest.fixture
def fight():
    session = new_session(seed=3)
    for line in ("add josh --as josh --at B4", "add raider --as raider --at B3",
                 "init josh raider", "start"):
        session.execute(line)
    return session


def numeric_lines() -> list[str]:
    """Every number a command takes, as flag or word, given a non-ASCII digit."""
    two = SUPERSCRIPT_TWO
    lines = [f"damage raider {two}", f"heal raider {two}", f"undo {two}", f"redo {two}",
             f"log {two}", f"set josh hp={two}", f"set josh initiative={two}",
             f"add zed --skill longshot:{two}", f"init josh --roll {two},5,5",
             f"attack raider --roll 4,5,{two}", "new --grid \u0663x\u0663",
             f"effect josh blessed --until round:{two}"]
    for verb in build_registry().verbs.values():
        for spec in verb.flags:
            if spec.kind in ("int", "faces"):
                lines.append(f"{verb.name} raider --{spec.name} {two}")
    return lines


@pytest.mark.parametrize("line", numeric_lines())
def test_a_non_ascii_digit_is_refused_in_every_number(fight, line):
    log = list(fight.log)
    with pytest.raises(GmError) as caught:
        fight.execute(line)
    assert "\n" not in str(caught.value) and fight.log == log


@pytest.mark.parametrize("typed", [SUPERSCRIPT_TWO, "5 \u0663 5", "\u00b9\u00b2\u00b3"])
def test_a_non_ascii_digit_at_the_dice_prompt_is_asked_again(typed):
    with pytest.raises(BadFaces, match="is not a die face"):
        read_faces(typed, 3, 6)


@pytest.mark.parametrize("seed", ["1795317749", "-5", "1" * 30, "\u00b2"])
def test_an_out_of_range_seed_is_a_usage_error(tmp_path, seed, capsys):
    script = tmp_path / "s.txt"
    script.write_text("roll 1d6\n")
    with pytest.raises(SystemExit) as caught:
        cli.main(["run", str(script), "--seed", seed])
    assert caught.value.code == 2
    assert "is not a seed" in capsys.readouterr().err


def test_new_refuses_a_seed_beyond_the_range():
    session = new_session(seed=1)
    with pytest.raises(GmError, match="--seed needs a whole number"):
        session.execute("new --seed 1999999999")
    with pytest.raises(GmError, match="--seed -5 is out of range; use 0 to 999999999"):
        session.execute("new --seed -5")
    session.execute("new --seed 999999999")


def test_a_negative_dice_position_in_a_save_is_refused_naming_the_key(tmp_path, fight):
    path = tmp_path / "s.yaml"
    saves.write_save(fight, path)
    path.write_text(path.read_text().replace("dice_position: ", "dice_position: -1", 1))
    with pytest.raises(GmError, match="dice_position"):
        saves.read_save(path)


@pytest.mark.slow
def test_standard_output_on_a_full_disk_is_one_error_line(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("roll 1d6\n" * 50)
    with open("/dev/full", "w") as full:
        code, _, err = shaper("run", str(script), stdout=full)
    assert code == 2
    assert err == "error: cannot write the output: No space left on device\n"


@pytest.mark.slow
def test_a_reader_that_stops_early_ends_the_run_quietly(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("add josh --as josh --at B4\n" + "heal josh 0\n" * 2999)
    out = tmp_path / "out.yaml"
    child = subprocess.Popen([*PROGRAM, "run", str(script), "--save", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.readline()                      # `| head -1`
    child.stdout.close()
    err = child.stderr.read().decode()
    assert (child.wait(timeout=60), err) == (0, "")
    assert len(saves.read_save(out).log) == 3001          # the whole script ran


def test_a_piped_open_on_a_full_disk_stops_with_one_line(tmp_path, fight, monkeypatch,
                                                         capsys):
    path = tmp_path / "s.yaml"
    saves.write_save(fight, path)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"end\nend\n")))
    real = saves.write_text_atomic
    calls = []

    def fill_up(target, text):
        calls.append(target)
        if len(calls) > 1:                       # the disk fills after the open
            raise OSError(28, "No space left on device")
        real(target, text)

    def append(journal, line, lines):            # a command's record in the journal
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_text_atomic", fill_up)
    monkeypatch.setattr(JournalFile, "append", append)
    assert cli.main(["open", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_devices_are_not_read_as_saves(device):
    with pytest.raises(GmError, match="not a regular file"):
        saves.read_save(device)


@pytest.mark.slow
def test_a_fifo_or_a_device_as_save_script_or_sheet_never_hangs(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for args in (["open", str(fifo)], ["replay", str(fifo)], ["replay", "/dev/zero"],
                 ["run", str(fifo)], ["run", "/dev/zero"]):
        code, _, err = shaper(*args, timeout=20)
        assert code == 2 and "not a regular file" in err, (args, err)
    code, _, err = shaper("run", "-", stdin=f"add z --as {fifo}\n", timeout=20)
    assert code == 1 and "not a regular file" in err


def test_an_unusable_history_file_falls_back_to_memory_with_one_note(tmp_path, monkeypatch):
    from shaper_gm.shell.app import SafeFileHistory, open_history
    notes = []
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "shaper-gm" / "history").mkdir(parents=True)     # not a file
    history = open_history(notes.append)
    history.append_string("end")
    assert [s for s in history.get_strings()] == ["end"]
    assert len(notes) == 1 and "kept for this session only" in notes[0]
    notes.clear()
    (tmp_path / "blocker").write_text("")
    broken = SafeFileHistory(str(tmp_path / "blocker" / "history"), notes.append)
    broken.append_string("end")
    broken.append_string("end")
    assert len(notes) == 1 and list(broken.get_strings()) == ["end", "end"]


def test_open_of_a_save_held_elsewhere_is_refused_and_nothing_is_written(tmp_path, fight):
    path = tmp_path / "s.yaml"
    saves.write_save(fight, path)
    _, keeper, _ = autosave.open_for_shell(str(path))
    try:
        before = path.read_bytes()
        with pytest.raises(GmError, match="open in another shaper-gm \\(pid "):
            autosave.open_for_shell(str(path))
        assert path.read_bytes() == before
    finally:
        keeper.close()
