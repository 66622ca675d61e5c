"""SIGTERM and Ctrl-C end a long computation within about a second, in `run` and in the
shell, with a true message and the save unchanged or complete; a second SIGTERM never
loses what the first would have saved.

The program runs with its exact-odds runners (the Python ruleset's and the data
format's) replaced by an endless loop (and, where the test needs it, its save writing
slowed), so `odds` is a command that never finishes on its own: only the signal can
end it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from shaper_gm.app import new_session
from shaper_gm.persist import saves

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.slow

PROMPT_WAIT = 20
SOON = 1.5                  # seconds from the signal to the end: "about a second"
CPR_REQUEST = r"\x1b\[6n"

LONG = '''
import sys, time
from shaper_gm.engine import mixing, steps

def endless(*args, **kwargs):
    print("working it out", flush=True)
    while True:
        sum(range(1000))

steps.exact = endless
mixing.exact_read = endless          # a ruleset written as data weighs its steps here
if "--slow-save" in sys.argv:
    sys.argv.remove("--slow-save")
    from shaper_gm.persist import saves
    write = saves.write_save

    def slow_write(session, path):
        print("writing the save", flush=True)
        until = time.monotonic() + 1.0
        while time.monotonic() < until:
            time.sleep(0.01)
        write(session, path)

    saves.write_save = slow_write
from shaper_gm import cli
sys.exit(cli.main(sys.argv[1:]))
'''
FIGHT = "add josh --as josh --at B4 --holding longbow\nadd raider --as raider --at B4\n"


def program(tmp_path) -> list[str]:
    wrapper = tmp_path / "long_odds.py"
    wrapper.write_text(LONG)
    return [sys.executable, str(wrapper)]


def env(tmp_path) -> dict:
    return {**os.environ, "TERM": "xterm-256color", "XDG_DATA_HOME": str(tmp_path / "data"),
            "SHAPER_GM_SAVES": str(tmp_path / "saves")}


def run_until_working(tmp_path, *extra: str):
    script = tmp_path / "fight.txt"
    script.write_text(FIGHT + "odds josh raider\nadd reaver --as reaver\n")
    out = tmp_path / "out.yaml"
    child = subprocess.Popen([*program(tmp_path), "run", str(script), "--seed", "1",
                              "--save", str(out), *extra], cwd=tmp_path, env=env(tmp_path),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for line in child.stdout:
        if "working it out" in line:
            return child, out
    raise AssertionError(f"the run ended first: {child.communicate()}")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_in_a_long_run_command_ends_it_at_once_and_saves_what_was_reached(
        tmp_path, signum):
    child, out = run_until_working(tmp_path)
    sent = time.monotonic()
    child.send_signal(signum)
    _, err = child.communicate(timeout=PROMPT_WAIT)
    assert time.monotonic() - sent < SOON
    assert child.returncode == 128 + signum
    name = signal.Signals(signum).name
    assert err == (f"error: stopped by {name} after 2 logged commands (line 3 was stopped "
                   f"and changed nothing); writing the state reached to {out}\n")
    assert saves.read_save(out).log[1:] == FIGHT.splitlines()


def test_a_second_sigterm_while_the_save_is_written_loses_nothing(tmp_path):
    child, out = run_until_working(tmp_path, "--slow-save")
    child.send_signal(signal.SIGTERM)
    assert any("writing the save" in line for line in child.stdout)
    child.send_signal(signal.SIGTERM)            # the second, while the save is written
    _, err = child.communicate(timeout=PROMPT_WAIT)
    assert child.returncode == 128 + signal.SIGTERM
    assert "writing the state reached to" in err
    assert saves.read_save(out).log[1:] == FIGHT.splitlines()


def expect(child, pattern) -> None:
    while child.expect([pattern, CPR_REQUEST]) == 1:
        child.send("\x1b[20;1R")


def test_ctrl_c_and_sigterm_stop_a_long_shell_command_at_once(tmp_path):
    path = tmp_path / "fight.yaml"
    saves.write_save(new_session(seed=1), path)
    argv = program(tmp_path)
    child = pexpect.spawn(argv[0], [*argv[1:], "open", str(path)], cwd=str(tmp_path),
                          env=env(tmp_path), dimensions=(40, 120), encoding="utf-8",
                          timeout=PROMPT_WAIT)
    try:
        expect(child, "gm ›")
        for line in FIGHT.splitlines():
            child.send(line + "\r")
            expect(child, "joins")
        child.send("odds josh raider\r")
        expect(child, "working it out")
        sent = time.monotonic()
        child.send("\x03")                        # Ctrl-C: this command only
        expect(child, "Ctrl-C: stopped; the command changed nothing")
        assert time.monotonic() - sent < SOON
        expect(child, "gm ›")
        child.send("odds josh raider\r")
        expect(child, "working it out")
        sent = time.monotonic()
        child.kill(signal.SIGTERM)                # the shell ends, its save closed
        expect(child, "stopped by SIGTERM: the command in hand was stopped and changed "
                      "nothing")
        child.expect(pexpect.EOF)
        child.wait()
        assert time.monotonic() - sent < SOON
        assert child.exitstatus == 128 + signal.SIGTERM
        data = saves.read_data(path)
        assert data["closed"] is True and data["log"][1:] == FIGHT.splitlines()
    finally:
        if child.isalive():
            child.terminate(force=True)
