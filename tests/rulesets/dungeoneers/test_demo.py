"""The Dungeoneers demo script runs cleanly through the installed program, and a fight
played on from it replays; the program draws the odds even before anything else."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from shaper_gm.commands import Session
from shaper_gm.shell.script import read_script

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "saves" / "dungeoneers-demo.txt"


def program(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    command = [shutil.which("shaper-gm")] if shutil.which("shaper-gm") else [
        sys.executable, "-m", "shaper_gm"]
    return subprocess.run([*command, *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_the_demo_script_runs_cleanly():
    ran = program("run", str(DEMO.relative_to(ROOT)))
    assert ran.returncode == 0 and ran.stderr == "", ran.stderr
    flat = " ".join(ran.stdout.split())
    assert "New dungeoneers encounter on a 8x6 battlefield (seed 2024)" in flat
    assert "Up: Freya, Alberich, Suori (tie at 6 AP between sides: party's body total 7 " \
           "beats the others (party 7, enemies 3) (D5)" in flat


def test_a_fight_from_the_demo_replays():
    session = Session()
    session.run_lines([line for _, line in read_script(str(DEMO))])
    assert session.state.ruleset == "dungeoneers" and session.state.round == 1
    for line in ("strike freya skeleton --roll 6 --dodge 1 --pierce 5", "strike alberich "
                 "skeleton", "interact suori --draw dagger", "odds suori gob --with dagger",
                 "strike gob suori"):
        try:
            session.execute(line)
        except Exception as err:          # a refusal is fine; a crash is not
            assert type(err).__name__ == "GmError", err
    fresh = Session()
    fresh.run_lines(session.log)
    assert fresh.state == session.state


def test_the_odds_view_is_drawn_in_a_fresh_program():
    ran = program("run", "-", stdin="new --ruleset dungeoneers\nadd a --as suori --at B2\n"
                                    "add b --as skeleton --at C2\nodds a b\n")
    assert ran.returncode == 0, ran.stderr
    assert "Odds: Suori strikes Skeleton with the Warhammer" in ran.stdout
    assert "StrikeOdds" not in ran.stdout
