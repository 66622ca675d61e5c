"""The time-slice demo: saves/timeslice-demo.txt sets a fight up through the installed
program, and the same lines in a session end where the script says."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shaper_gm.commands import Session

from .commands_kit import surprised

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "saves" / "timeslice-demo.txt"
PROGRAM = shutil.which("shaper-gm")


def script_lines() -> list[str]:
    lines = (line.split("#", 1)[0].strip() for line in DEMO.read_text().splitlines())
    return [line for line in lines if line]


def test_the_demo_sets_up_a_surprise_round_with_the_sniper_to_act():
    s = Session()
    s.run_lines(script_lines())
    state = s.state
    assert state.ruleset == "timeslice" and (state.round, state.turn) == (1, "sniper")
    assert state.order == ("sniper", "ren", "kara", "brute", "ida", "guard")
    assert surprised(s) == ["kara"]
    assert {a: x.resource("ts") for a, x in state.actors.items()} == {
        "kara": 0, "ren": 11, "ida": 10, "sniper": 9, "brute": 8, "guard": 10}
    again = Session()
    again.run_lines(list(s.log))
    assert again.state == state


@pytest.mark.slow
def test_the_demo_runs_cleanly_through_the_program():
    command = [PROGRAM] if PROGRAM else [sys.executable, "-m", "shaper_gm"]
    ran = subprocess.run([*command, "run", str(DEMO)], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr == ""
    for expected in ("Turn order: Sniper 13, Ren 11, Kara 10, Brute 10, Ida 8, Guard 7",
                     "The enemies spring a surprise (T16)",
                     "Round 1 is a surprise round: Kara gains no TS in it (T16)",
                     "Sniper's turn"):
        assert expected in ran.stdout, expected
