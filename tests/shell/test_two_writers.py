"""Issue 8: two shells on one save, and signals during `run --save`, lose nothing."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess

import pytest

from shaper_gm.app import new_session
from shaper_gm.persist import saves

pexpect = pytest.importorskip("pexpect")

PROGRAM = shutil.which("shaper-gm")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(PROGRAM is None, reason="shaper-gm is not installed")]
CPR_REQUEST = r"\x1b\[6n"


def expect(child, pattern) -> None:
    while child.expect([pattern, CPR_REQUEST]) == 1:
        child.send("\x1b[20;1R")


def spawn(tmp_path, *args):
    env = {**os.environ, "TERM": "xterm-256color", "XDG_DATA_HOME": str(tmp_path / "data"),
           "SHAPER_GM_SAVES": str(tmp_path / "saves")}
    return pexpect.spawn(PROGRAM, list(args), cwd=str(tmp_path), env=env,
                         dimensions=(40, 120), encoding="utf-8", timeout=20)


def test_a_second_shell_on_a_save_is_told_and_neither_loses_a_command(tmp_path):
    path = tmp_path / "a.yaml"
    session = new_session(seed=3)
    saves.write_save(session, path)
    first = spawn(tmp_path, "open", str(path))
    expect(first, "gm ›")
    first.send("add josh --as josh --at B4\r")
    expect(first, "joins the party")
    expect(first, "gm ›")
    second = spawn(tmp_path, "open", str(path))
    second.expect(pexpect.EOF)
    second.close()
    told = second.before
    assert second.exitstatus == 2
    assert f"{path} is open in another shaper-gm (pid {first.pid} on " in told
    assert "Recovered" not in told
    first.send("add raider --as raider --at B3\r")
    expect(first, "joins the enemies")
    first.send("quit\r")
    first.expect(pexpect.EOF)
    log = saves.read_save(path).log
    assert log[1:] == ["add josh --as josh --at B4", "add raider --as raider --at B3"]
    again = spawn(tmp_path, "open", str(path))     # free again once the first is gone
    expect(again, "Opened ")
    expect(again, "gm ›")
    again.send("add monica --as monica --at C5\r")
    expect(again, "joins the party")
    again.send("quit\r")
    again.expect(pexpect.EOF)
    assert saves.read_save(path).log[-1] == "add monica --as monica --at C5"


def test_a_lock_left_by_a_killed_shell_is_taken_over_with_a_note(tmp_path):
    path = tmp_path / "a.yaml"
    saves.write_save(new_session(seed=3), path)
    first = spawn(tmp_path, "open", str(path))
    expect(first, "gm ›")
    first.kill(signal.SIGKILL)
    first.close(force=True)
    second = spawn(tmp_path, "open", str(path))
    expect(second, "Recovered")
    expect(second, f"took over the lock of {path} left by pid {first.pid}")
    second.send("quit\r")
    second.expect(pexpect.EOF)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_during_run_save_writes_the_state_reached(tmp_path, signum):
    script = tmp_path / "long.txt"
    script.write_text("add josh --as josh --at B4\n" + "heal josh 1\n" * 20000)
    out = tmp_path / "out.yaml"
    child = subprocess.Popen([PROGRAM, "run", str(script), "--seed", "1", "--save",
                              str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for _ in range(50):                          # well into the script
        child.stdout.readline()
    child.send_signal(signum)
    rest, err = child.communicate(timeout=60)
    assert child.returncode == 128 + signum
    name = signal.Signals(signum).name
    assert err.decode().startswith(f"error: stopped by {name} after ")
    assert f"writing the state reached to {out}" in err.decode()
    log = saves.read_save(out).log
    assert log[0].startswith("new --seed 1 --grid 5x5 --ruleset shaper --id ")
    assert log[1] == "add josh --as josh --at B4"
    assert 2 < len(log) < 20002


def test_a_signal_during_a_piped_open_keeps_every_completed_command(tmp_path):
    path = tmp_path / "a.yaml"
    saves.write_save(new_session(seed=3), path)
    child = subprocess.Popen([PROGRAM, "open", str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdin.write(b"roll 1d6\n" * 3000)
    child.stdin.close()
    for _ in range(20):
        child.stdout.readline()
    child.send_signal(signal.SIGTERM)
    child.stdin = None
    _, err = child.communicate(timeout=60)
    assert child.returncode == 128 + signal.SIGTERM
    assert "stopped by SIGTERM; every completed command is in" in err.decode()
    data = saves.read_data(path)
    assert data["closed"] is True
