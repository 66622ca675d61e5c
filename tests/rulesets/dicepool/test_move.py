"""Movement on the metre grid (P10)."""

from __future__ import annotations

import pytest

from shaper_gm.engine import grid
from shaper_gm.errors import GmError
from tests.rulesets.dicepool import conftest as act
from tests.rulesets.dicepool.conftest import Fight, ruleset


def move(fight, actor, square):
    """The move's facts by the Python outcome's names: start, end, metres, speed."""
    start = fight.state.actors[actor].zone
    out = fight.run(act.move, act.MoveRequest(actor, square))
    return act.Facts({"start": start, "end": out.destination, "metres": out.travel,
                      "speed": out.speed})


def Moved(actor, start, end, metres, speed):  # noqa: N802
    """The Python Moved event, read from what the data version played: its facts."""
    return act.Facts({"actor": actor, "destination": end, "travel": metres, "speed": speed,
                      "start": start})


def moved(fight) -> list:
    return [act.Facts({k: v for k, v in e.outcome.results[-1].facts.items()})
            for e in fight.events if getattr(e, "action", "") == "move"
            and hasattr(e, "outcome")]


def test_p10_straight_steps_cost_a_metre_each(fight):
    fight.start()
    out = move(fight, "freya", "A11")
    assert (out.start, out.end, out.metres, out.speed) == ("A1", "A11", 10, 10)
    assert Moved("freya", "A1", "A11", 10, 10) in moved(fight)
    assert fight.state.actors["freya"].zone == "A11"


def test_p10_a_diagonal_step_costs_two_metres(fight):
    fight.start()
    out = move(fight, "freya", "F6")             # 5 diagonal steps
    assert out.metres == 10
    with pytest.raises(GmError, match=r"11 m from Freya.*\(P10; a diagonal step costs 2 m\)"):
        move(fight, "freya", "K12")               # 5 diagonals + 1 straight from F6


# The data version's ruleset counts steps (`distance`); the metres a move costs are what
# the move command reads, so the distances are asserted through moves.

def metres(square: str, to: str) -> int:
    f = Fight().add("freya", "freya", square)
    return move(f.add("barry", "barry", "T20").start(), "freya", to).metres


def test_p10_mixed_steps():
    assert metres("A1", "D2") == 2 * 1 + 1 * 2                   # (0, 0) to (3, 1)
    assert metres("E5", "B3") == 1 * 1 + 2 * 2                   # (4, 4) to (1, 2)


def test_p10_the_diagonal_cost_comes_from_content():
    f = Fight(ruleset(diagonal_m=1)).add("freya", "freya", "A1")
    assert move(f.add("barry", "barry", "T20").start(), "freya", "F6").metres == 5


def test_p10_speed_is_10_m_by_default_and_a_sheet_may_lower_it(fight):
    fight.start("barry", "freya")
    with pytest.raises(GmError, match="9 m from Barry the Guard, who moves 8 m"):
        move(fight, "barry", "B11")
    out = move(fight, "barry", "B10")
    assert out.metres == 8 and out.speed == 8                    # heavy armor
    fight.end()
    assert move(fight, "freya", "A2").speed == 10


def test_p10_effects_and_passive_abilities_change_speed(fight):
    kit = Fight().add("kit", "kit", "A1").add("barry", "barry", "T20").start()
    assert move(kit, "kit", "A2").speed == 12                    # Fleet Foot +2
    fight.start()
    fight.execute("effect freya slowed --speed -4")
    assert move(fight, "freya", "A2").speed == 6


def test_p10_refusals(fight):
    fight.start()
    with pytest.raises(GmError, match="already on A1"):
        move(fight, "freya", "a1")
    with pytest.raises(GmError, match=r"off the 20x20 grid \(P10\)"):
        move(fight, "freya", "A21")
    with pytest.raises(GmError, match=r"not a square \(P10\)"):
        move(fight, "freya", "here")
    with pytest.raises(GmError, match="Barry the Guard stands on B2"):
        move(fight, "freya", "B2")


def test_a_down_actor_does_not_block_a_square(fight):
    fight.add("raider", "raider", "E5").start()     # the raider keeps the fight going
    fight.attack("freya", "barry", roll=[6] * 5, damage=[8] * 4)
    assert move(fight, "freya", "B2").end == "B2"


def test_an_unplaced_actor_cannot_move():
    f = Fight().add("freya", "freya").add("barry", "barry", "B2")
    with pytest.raises(GmError, match="not on the battlefield yet: freya"):
        f.start()                     # no turn is ever an unplaced actor's


def test_square_names_round_trip():
    assert Fight().rs.canonical_zone("c3", 30, 30) == "C3"
    assert grid.parse_cell("AB7", 30, 30) == (27, 6)
    assert grid.cell_name((27, 6)) == "AB7"
