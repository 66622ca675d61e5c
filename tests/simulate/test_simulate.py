"""simulate: a fight one side cannot lose is won every time, the same seed gives the same
summary (however many processes), every ruleset's demo simulates without touching its
save, and bad input is refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError
from shaper_gm.persist.saves import read_save
from shaper_gm.simulate.summary import percentile, wilson
from tests.view.kit import RULESETS, demo_copy


def unlosable():
    """Josh, who always hits and is never hit, against a raider at 1 HP."""
    session = new_session(seed=3)
    for line in ("add josh --as josh --at A1", "add raider --as raider --side enemies --at E5",
                 "effect josh blessed --attack 100 --evasion 100", "set raider hp=1",
                 "init josh raider", "start", "draw josh longbow"):
        session.execute(line)
    return session


def test_a_fight_one_side_cannot_lose_is_won_every_time():
    session = unlosable()
    data = json.loads(session.execute("simulate 40 --json").view.text)
    assert data["sides"]["party"] == {"wins": 40, "p": 1.0,
                                      "ci95": [round(wilson(40, 40)[0], 4), 1.0]}
    assert data["sides"]["enemies"]["wins"] == 0 and data["draws"] == 0
    # Every hit lands; the raider's Defense roll may still stop one arrow's damage (S7).
    assert sum(data["rounds"]["counts"].values()) == 40 and data["rounds"]["p50"] == 1
    assert data["actors"]["raider"]["down"] == 1.0 and data["actors"]["josh"]["down"] == 0


def test_simulating_changes_nothing_and_is_no_undo_step():
    session = unlosable()
    state, log = session.state, list(session.log)
    session.execute("simulate 10")
    assert session.state is state and session.log == log
    session.execute("undo")                       # takes back `start`, not the simulation
    assert session.log == log[:-1]


def test_the_same_seed_gives_the_same_summary_and_another_seed_another():
    first = unlosable().execute("simulate 30 --seed 5 --json --tactics random").view.text
    again = unlosable().execute("simulate 30 --seed 5 --json --tactics random").view.text
    assert first == again


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_demo_simulates_and_its_save_is_untouched(tmp_path, ruleset):
    path = demo_copy(tmp_path, ruleset)
    before = path.read_bytes()
    done = subprocess.run([sys.executable, "-m", "shaper_gm", "simulate", str(path), "-n",
                           "12", "--jobs", "1", "--json"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["runs"] == 12 and data["method"] == "monte-carlo"
    wins = sum(side["wins"] for side in data["sides"].values()) + data["draws"]
    assert wins == 12
    assert set(data["actors"]) == set(read_save(path).state.actors)
    assert path.read_bytes() == before


@pytest.mark.slow
def test_processes_give_the_same_result_as_one(tmp_path):
    path = demo_copy(tmp_path, "dicepool")
    outs = [subprocess.run([sys.executable, "-m", "shaper_gm", "simulate", str(path), "-n",
                            "120", "--jobs", jobs, "--json", "--seed", "9"],
                           capture_output=True, text=True, timeout=300).stdout
            for jobs in ("1", "2")]
    assert outs[0] == outs[1] and json.loads(outs[0])["runs"] == 120


def test_bad_input_is_one_line_and_changes_nothing(tmp_path):
    session = unlosable()
    log = list(session.log)
    for line, says in [("simulate 0", "0 fights is out of range"),
                       ("simulate x", "'x' is not a number of fights"),
                       ("simulate --tactics sneaky", "no tactic 'sneaky'")]:
        with pytest.raises(GmError, match=says):
            session.execute(line)
    lonely = new_session()
    lonely.execute("add josh --as josh --at A1")
    lonely.execute("start")
    with pytest.raises(GmError, match="only party is left standing"):
        lonely.execute("simulate")
    assert session.log == log
    for args, says in [(["-n", "0"], "is not a number of fights"),
                       (["-n", "x"], "is not a number of fights"),
                       ([], "no save at")]:
        target = str(tmp_path / "none.yaml") if not args else str(demo_copy(tmp_path, "d20"))
        done = subprocess.run([sys.executable, "-m", "shaper_gm", "simulate", target, *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and says in done.stderr.splitlines()[-1]


def test_the_summary_s_numbers():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert [percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], q) for q in (0.5, 0.9)] == [5, 9]
