"""saves/reactions-demo.txt sets up a reactions encounter that the installed program
runs cleanly, and a short fight played on from it replays to the same encounter."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shaper_gm.commands.session import Session
from shaper_gm.errors import GmError
from shaper_gm.shell.script import read_script
from tests.rulesets.reactions.conftest import replayed

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "saves" / "reactions-demo.txt"


def demo_session() -> Session:
    s = Session()
    s.run_lines([line for _, line in read_script(str(DEMO))])
    return s


@pytest.mark.slow
def test_the_program_runs_the_demo_setup_cleanly():
    program = shutil.which("shaper-gm")
    command = [program] if program else [sys.executable, "-m", "shaper_gm"]
    ran = subprocess.run([*command, "run", str(DEMO)], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr == ""
    assert "New reactions encounter on a 8x8 battlefield" in ran.stdout
    assert "Round 1 begins" in ran.stdout and "Reactions" in ran.stdout


def test_the_demo_is_a_reactions_fight_ready_to_play():
    s = demo_session()
    state = s.state
    assert state.ruleset == "reactions" and state.round == 1 and state.turn is not None
    assert set(state.actors) == {"ann", "cy", "bo", "knox", "bones-1", "bones-2"}
    assert all(a.zone and a.initiative is not None for a in state.actors.values())


def test_a_few_turns_played_on_from_the_demo_replay_exactly():
    s = demo_session()
    for _ in range(len(s.state.order)):
        who = s.state.turn
        for line in (f"attack {target} --react {target}=block"
                     for target in s.state.actors if target != who):
            try:
                s.execute(line)
                break
            except GmError:             # out of reach: try the next one
                continue
        s.execute("end")
    assert replayed(s).state == s.state
