"""Kill a live shell at a random moment and check that reopening loses nothing.

The shell is driven in a pseudo-terminal with the source's battle (every die given, so
what is accepted does not depend on the seed) mixed with lines it must refuse. A
command counts as completed once the shell has read the next line (a marker it refuses):
it reads that only at the next prompt, by which time the spec promises the command is
on disk. After SIGKILL, the autosave must parse, open with a recovery message, and
hold exactly the completed commands (the one in flight may or may not have landed).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import pexpect

from shaper_gm.app import autosave, new_session
from shaper_gm.errors import GmError
from shaper_gm.persist import saves

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = shutil.which("shaper-gm")
CPR_REQUEST = r"\x1b\[6n"
PROMPT = "›"
JUNK = ["attack nobody", "move Z9", "frobnicate", "draw", "undo 999", "set josh hp=-1"]


def battle_lines() -> list[str]:
    setup = [line for line in (ROOT / "saves" / "demo-setup.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    fight = [line for line in (ROOT / "saves" / "demo-fight.txt").read_text().splitlines()
             if line and not line.startswith(("#", "load"))]
    return setup + fight


@dataclass
class CrashRun:
    typed: list[str]           # lines whose prompt came back before the kill
    in_flight: str | None      # the line sent when the kill came, if any
    saved_log: list[str]
    message: str


def _wait_prompt(child) -> None:
    _expect(child, PROMPT)


def _expect(child, pattern: str) -> None:
    """Wait for `pattern`, answering cursor-position queries as a terminal does."""
    while child.expect([pattern, CPR_REQUEST]) == 1:
        child.send("\x1b[20;1R")


def crash_once(folder: Path, rng: random.Random) -> CrashRun:
    lines = battle_lines()
    script = []
    for line in lines:
        if rng.random() < 0.15:
            script.append(rng.choice(JUNK))
        script.append(line)
    kill_after = rng.randint(1, len(script))
    mid_command = rng.random() < 0.5
    env = {**os.environ, "TERM": "xterm-256color", "XDG_DATA_HOME": str(folder / "data"),
           "SHAPER_GM_SAVES": str(folder / "saves")}
    child = pexpect.spawn(PROGRAM, [], cwd=str(folder), env=env, dimensions=(40, 120),
                          encoding="utf-8", timeout=30)
    child.expect(r"saving as you go to (\S+\.yaml)")
    path = Path(child.match.group(1))
    path = path if path.is_absolute() else folder / path
    _wait_prompt(child)
    typed, in_flight = [], None
    for n, line in enumerate(script, 1):
        child.send(line + "\r")
        if n == kill_after and mid_command:
            time.sleep(rng.random() * 0.05)
            in_flight = line
            break
        # A refused marker line is read only at the next prompt, which comes after the
        # command's save: seeing its refusal proves the command is on disk.
        child.send(f"mark{n}\r")
        _expect(child, f"unknown command 'mark{n}'")
        typed.append(line)
        if n == kill_after:
            break
    os.kill(child.pid, signal.SIGKILL)
    child.wait() if child.isalive() else None
    child.close(force=True)
    saved = saves.read_save(path)                      # parses, whole
    _, keeper, message = autosave.open_for_shell(str(path))
    keeper.close()
    return CrashRun(typed, in_flight, saved.log, message)


def expected_logs(run: CrashRun) -> list[list[str]]:
    """The logs a correct shell may have left: the completed commands, plus maybe the one
    in flight. Computed by running the same lines in-process."""
    session = new_session(seed=0)
    for line in run.typed:
        try:
            session.execute(line)
        except GmError:
            pass
    done = session.log[1:]
    options = [done]
    if run.in_flight is not None:
        try:
            session.execute(run.in_flight)
            options.append(session.log[1:])
        except GmError:
            pass
    return options


def check(run: CrashRun) -> None:
    got = [re.sub(r" --by-hand \S+$", "", line) for line in run.saved_log[1:]]
    assert got in expected_logs(run), (
        f"lost or extra commands: saved {len(got)} entries, completed {len(run.typed)} lines")
    assert run.message.startswith("Recovered"), run.message
