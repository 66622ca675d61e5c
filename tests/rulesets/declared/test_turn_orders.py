"""`turn_order:` of a ruleset written as data: the tutorial duel (tests/fixtures/rulesets/
duel) with its turn's action made a round's budget of 3, played in passes or by most
left (docs/rulesets.md, ruleset.yaml's `turn_order`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shaper_gm.app import new_session

DUEL = Path(__file__).resolve().parents[2] / "fixtures" / "rulesets" / "duel"
TURN = "  action: {max: 1, refill: turn_start, lapse: turn_end, rule: U1}"
ROUND = "  action: {max: 3, refill: round_start, lapse: round_end, off_turn: true, rule: U1}"


@pytest.fixture
def duel_with(tmp_path, monkeypatch):
    """A fight of Ash (skill 2) and Rook (skill 1) in a copy of the duel whose action is
    a round's budget of 3, played in the turn order given."""
    def start(order: str):
        folder = tmp_path / "rulesets" / "duel"
        shutil.copytree(DUEL, folder)
        numbers = (folder / "ruleset.yaml").read_text()
        assert numbers.count(TURN) == 1
        (folder / "ruleset.yaml").write_text(
            numbers.replace(TURN, ROUND) + f"turn_order: {order}\n")
        monkeypatch.setenv("SHAPER_GM_RULESETS", str(folder.parent))
        s = new_session(ruleset="duel", seed=7)
        for line in ("add ash --as ash --side party --at B2", "add rook --as rook --at C2",
                     "init ash rook", "start"):
            s.execute(line)
        return s
    return start


def left(s) -> dict[str, int]:
    return {a: x.resource("action") for a, x in s.state.actors.items()}


def test_fixed_is_the_default_and_a_turn_lasts_until_end(duel_with):
    s = duel_with("{kind: fixed}")
    s.execute("strike rook --roll 1,1")
    s.execute("strike rook --roll 1,1")
    assert (s.state.turn, left(s)) == ("ash", {"ash": 1, "rook": 3})
    s.execute("end")                                   # the rest lapses only at round end
    assert s.state.turn == "rook"


def test_passes_keep_what_is_left_for_the_next_pass(duel_with):
    s = duel_with("{kind: passes, resource: action}")
    s.execute("strike rook --roll 1,1")
    s.execute("end")                                   # Ash keeps 2 for the next pass
    s.execute("pass")                                  # Rook gives up the round
    assert (s.state.turn, s.state.round, left(s)) == ("ash", 1, {"ash": 2, "rook": 0})
    s.execute("strike rook --roll 1,1")
    s.execute("strike rook --roll 1,1")                # spent: the turn ends, the round too
    assert (s.state.round, s.state.turn, left(s)) == (2, "ash", {"ash": 3, "rook": 3})


def test_most_left_acts_next_and_a_tie_goes_to_the_higher_side_total(duel_with):
    s = duel_with("{kind: most, resource: action, group_stat: skill}")
    assert s.state.turn == "ash"                       # 3 and 3: skill 2 beats skill 1
    s.execute("strike rook --roll 1,1")
    assert (s.state.turn, left(s)) == ("rook", {"ash": 2, "rook": 3})


def test_a_most_left_order_is_worked_out_again_after_the_gms_change(duel_with):
    """Who is up follows every change, not only an action's: the GM's damage that drops
    the one up hands the turn on, and its side's total no longer counts it."""
    s = duel_with("{kind: most, resource: action, group_stat: skill}")
    for line in ("add fern --as rook --side party --at A1", "add moth --as rook --at D2"):
        s.execute(line)                                # all at 3: skill 2 + 1 beats 1 + 1
    assert s.state.up == ("ash", "fern")
    s.execute("damage ash 99")                         # 1 against 1 + 1
    assert (s.state.up, s.state.turn) == (("rook", "moth"), "rook")
