"""The demo: the source's battle from saves/demo.yaml, through the installed program."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shaper_gm.persist import saves

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = shutil.which("shaper-gm")


def program(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    command = [PROGRAM] if PROGRAM else [sys.executable, "-m", "shaper_gm"]
    return subprocess.run([*command, *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


@pytest.mark.slow
def test_the_demo_fight_runs_saves_reopens_and_replays_to_the_same_state(tmp_path):
    demo = (ROOT / "saves" / "demo.yaml").read_bytes()
    out = tmp_path / "after.yaml"
    ran = program("run", "saves/demo-fight.txt", "--save", str(out))
    assert ran.returncode == 0, ran.stderr
    assert "Raider is Down" in ran.stdout
    after = saves.read_save(out)
    state = after.state
    assert {a: (x.hp, x.down) for a, x in state.actors.items()} == {
        "josh": (6, False), "monica": (12, False), "taylor": (4, False),
        "raider": (0, True), "crossbowman": (0, True), "reaver": (0, True)}
    assert after.log[:9] == saves.read_save(ROOT / "saves" / "demo.yaml").log

    reopened = program("open", str(out), stdin="")
    assert reopened.returncode == 0, reopened.stderr
    assert saves.read_save(out).state == state

    replayed = program("replay", str(out))
    assert replayed.returncode == 0, replayed.stderr
    assert "matches" in replayed.stdout + replayed.stderr
    assert (ROOT / "saves" / "demo.yaml").read_bytes() == demo     # run never writes it
