"""`shaper-gm demo [RULESET]`: every run plays a fresh copy of the shipped demo, which
itself never changes; an unknown ruleset is refused with the known ids."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys

import pytest

from shaper_gm.app.demo import copy_demo, shipped_demo, shipped_folder
from shaper_gm.engine import registry
from shaper_gm.errors import GmError
from shaper_gm.persist import saves

PROGRAM = [shutil.which("shaper-gm")] if shutil.which("shaper-gm") else [
    sys.executable, "-m", "shaper_gm"]


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_two_demos_are_two_fresh_copies_and_the_shipped_file_stays(tmp_path):
    shipped = shipped_demo("shaper")
    assert shipped == shipped_folder() / "demo.yaml"
    before = digest(shipped)
    first = copy_demo("shaper", tmp_path)
    second = copy_demo("Shaper", tmp_path)
    assert (first.name, second.name) == ("demo-shaper.yaml", "demo-shaper-2.yaml")
    assert digest(first) == digest(second) == before == digest(shipped)
    state = saves.read_save(second).state
    assert (state.ruleset, state.round, state.turn) == ("shaper", 1, "josh")


def test_a_copy_never_replaces_a_file_already_there(tmp_path):
    (tmp_path / "demo-timeslice.yaml").write_text("mine")
    (tmp_path / "demo-timeslice-2.yaml").write_text("mine too")
    path = copy_demo("timeslice", tmp_path)
    assert path.name == "demo-timeslice-3.yaml"
    assert (tmp_path / "demo-timeslice.yaml").read_text() == "mine"


@pytest.mark.parametrize("ruleset", registry.ids())
def test_every_ruleset_has_a_demo_save_of_its_own(ruleset, tmp_path):
    state = saves.read_save(copy_demo(ruleset, tmp_path)).state
    assert state.ruleset == ruleset and state.round == 1 and state.over is None


def test_an_unknown_ruleset_is_refused_with_the_known_ids(tmp_path):
    with pytest.raises(GmError) as caught:
        copy_demo("chess", tmp_path)
    assert str(caught.value) == ("no ruleset 'chess'; known rulesets: d20, dicepool, dungeoneers, "
                                 "reactions, shaper, timeslice")
    assert list(tmp_path.iterdir()) == []


def run(*args, stdin: str = "", cwd):
    env = {**os.environ, "SHAPER_GM_SAVES": str(cwd / "saves"), "NO_COLOR": "1"}
    done = subprocess.run([*PROGRAM, *args], input=stdin.encode(), capture_output=True,
                          timeout=60, check=False, cwd=cwd, env=env)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


@pytest.mark.slow
def test_the_program_plays_a_copy_and_refuses_an_unknown_ruleset(tmp_path):
    before = digest(shipped_demo("dicepool"))
    code, out, err = run("demo", "dicepool", stdin="end\n", cwd=tmp_path)
    copy = tmp_path / "saves" / "demo-dicepool.yaml"
    assert code == 0, err
    assert out.startswith(f"A fresh copy of the dicepool demo (the shipped one stays as it "
                          f"is):\n  {copy}\nCome back to it with: shaper-gm open {copy}\n")
    assert "end" in saves.read_save(copy).log                 # played on the copy
    assert digest(shipped_demo("dicepool")) == before
    code, out, err = run("demo", "chess", cwd=tmp_path)
    assert code == 2 and out == ""
    assert err == ("error: no ruleset 'chess'; known rulesets: d20, dicepool, dungeoneers, "
                   "reactions, shaper, timeslice\n")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("shaper-gm") is None, reason="shaper-gm is not installed")
def test_in_a_terminal_each_demo_is_fresh_and_the_fight_ends_with_its_result(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    from tests.shell.test_terminal import CTRL_D, spawn, type_line
    before = digest(shipped_demo("shaper"))
    gm = spawn(tmp_path, "demo")
    try:
        gm.expect(re.escape("A fresh copy of the shaper demo (the shipped one stays as it is):"))
        gm.expect(re.escape(f"{tmp_path}/saves/demo-shaper.yaml"))
        gm.expect("josh ›")
        type_line(gm, "damage crossbowman 99 --direct", "Crossbowman is Down")
        type_line(gm, "damage reaver 99 --direct", "Reaver is Down")
        type_line(gm, "damage raider 99 --direct",
                  re.escape("The fight is over in round 1: party won (Josh, Monica, Taylor "
                            "standing)"))
        gm.expect("gm ›")
        gm.send("end\r")
        gm.expect(re.escape("error: end: the fight is over: party won in round 1"))
        gm.send(CTRL_D)
        gm.expect(pexpect.EOF)
    finally:
        gm.child.close(force=True)
    again = spawn(tmp_path, "demo")
    try:
        again.expect("demo-shaper-2.yaml")
        again.expect(re.escape("9 commands (round 1, Josh's turn)"))    # a fresh start
        again.expect("josh ›")      # keys typed before the prompt takes the terminal: see
        again.send(CTRL_D)          # test_terminal.test_type_ahead_before_the_prompt_is_kept
        again.expect(pexpect.EOF)
    finally:
        again.child.close(force=True)
    assert digest(shipped_demo("shaper")) == before
