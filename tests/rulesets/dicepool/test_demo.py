"""saves/dicepool-demo.txt sets up a dice-pool fight that the installed program runs
cleanly, and its log replays to the same state."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shaper_gm.commands import Session
from shaper_gm.shell.script import parse_script
from tests.rulesets.dicepool.commands import replayed

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "saves" / "dicepool-demo.txt"


def demo_session() -> Session:
    session = Session()
    session.run_lines([line for _, line in parse_script(DEMO.read_bytes(), str(DEMO))])
    return session


def test_the_demo_sets_up_round_1_with_every_pool_built():
    s = demo_session()
    state = s.state
    assert state.ruleset == "dicepool" and (state.cols, state.rows) == (10, 10)
    assert state.round == 1 and state.turn == state.order[0] == "freya"
    assert {a: state.actors[a].resource("pool") for a in state.order} == {
        "freya": 5, "kit": 4, "odo": 3, "barry": 4, "raider": 3, "wolf": 3}
    assert state.actors["barry"].sheet["holding"] == "halberd"   # the weapon in hand (P7)
    replayed(s)


@pytest.mark.slow
def test_the_installed_program_runs_the_demo():
    program = shutil.which("shaper-gm")
    command = [program] if program else [sys.executable, "-m", "shaper_gm"]
    done = subprocess.run([*command, "run", "saves/dicepool-demo.txt"], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "New dicepool encounter on a 10x10 battlefield (seed 1260)" in done.stdout
    assert "Freya's turn" in done.stdout and "Pool" in done.stdout
