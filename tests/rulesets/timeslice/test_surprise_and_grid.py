"""T16 surprise rounds and T17 units: moves across the grid."""

# ruff: noqa: F811  (the Python harness's fixtures are imported by name, python_harness.py)
from __future__ import annotations

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.grid import cell_name
from shaper_gm.engine.state import Encounter
from shaper_gm.rulesets.timeslice import events as tev

from .python_harness import (  # noqa: F401  (its fixtures)
    ActRequest,
    MoveRequest,
    SurpriseRequest,
    act,
    fight,
    library,
    move,
    rs,
    ruleset_with,
    surprise,
)


def ambush(fight):
    fight.add("guard", "guard", side="foes").add("sniper", "sniper", side="foes")
    fight.add("kara", "kara").add("ren", "ren").add("ida", "ida")
    return fight


def test_t16_one_member_fails_and_starts_the_surprise_round_with_0_ts(fight):
    ambush(fight)
    # The guard's [Q] 10: 6+6+0 = 12; the sniper's [Q] 12: 5+4+2 = 11; average 11.5 -> 11.
    # Kara [U] 10: 5+5 = 10 < 11 fails; Ren [U] 11: 5+5+1 = 11 holds; Ida [U] 13: 0+0+3 fails.
    out = fight.do(surprise, SurpriseRequest("foes"),
                   {"roll": [(6, 6), (5, 4)], "notice": [(5, 5), (5, 5), (0, 0)]})
    assert [c.total for c in out.quick] == [12, 11] and out.mark == 11
    assert [(c.actor, c.total, c.failed) for c in out.notice] == [
        ("kara", 10, True), ("ren", 11, False), ("ida", 3, True)]
    assert out.surprised == ("kara", "ida")
    assert [n.label for n in out.notes][2:4] == ["average [Q], rounded down",
                                                 "Kara [U] < 11: surprised"]
    assert all("T16" in n.rule for n in out.notes)
    assert tev.SurpriseDeclared("foes", 1, ("kara", "ida")) in fight.events
    fight.start()
    assert [fight.ts(a) for a in ("guard", "sniper", "kara", "ren", "ida")] == [10, 9, 0, 11, 0]
    assert ev.ResourceChanged("kara", "ts", 10, 0, "surprised: no TS this round (T16)") \
        in fight.events
    for actor_id in ("guard", "sniper", "ren"):            # the round: nobody else acts
        assert fight.state.turn == actor_id
        fight.do(act, ActRequest(actor_id, fight.ts(actor_id), "act"))
    assert fight.state.round == 2                           # from now on, TS as usual
    assert [fight.ts(a) for a in ("guard", "sniper", "kara", "ren", "ida")] == [10, 9, 10, 11, 10]


def test_t16_surprise_only_before_the_fight_and_with_two_groups(fight):
    fight.add("kara", "kara")
    with pytest.raises(RuleViolation, match=r"no combatant of group 'foes' .*\(T16\)"):
        fight.do(surprise, SurpriseRequest("foes"))
    with pytest.raises(RuleViolation, match=r"nobody outside party to surprise \(T16\)"):
        fight.do(surprise, SurpriseRequest("party"))
    fight.add("guard", "guard", side="foes").start()
    with pytest.raises(RuleViolation, match=r"a surprise round starts the fight \(T16\)"):
        fight.do(surprise, SurpriseRequest("foes"))


def test_t17_units_and_diagonal_steps(rs, library):
    small = Encounter(ruleset="timeslice", cols=5, rows=5)
    assert rs.cell(small, "c3") == (2, 2) and cell_name((27, 0)) == "AB1"
    assert rs.distance("A1", "D3") == 3                    # diagonal steps count 1
    assert ruleset_with(library, diagonal_step=2).distance("A1", "D3") == 5
    with pytest.raises(RuleViolation, match=r"F1 is off the 5x5 battlefield \(T17\)"):
        rs.cell(small, "F1")
    with pytest.raises(RuleViolation, match=r"'9x' is not a unit \(T17\)"):
        rs.cell(small, "9x")
    assert rs.canonical_zone(" b4", 5, 5) == "B4"


def test_t17_moves_cost_2_ts_per_2_units(fight):
    fight.add("kara", "kara", zone="A1").add("guard", "guard", side="foes", zone="J10").start()
    out = fight.do(move, MoveRequest("kara", "D3"))       # 3 units: 2 moves
    assert out == tev.Moved("kara", "A1", "D3", 3, 2)
    assert fight.actor("kara").zone == "D3" and fight.ts("kara") == 6
    fight.do(move, MoveRequest("kara", "E4"))              # 1 unit: 1 move
    assert fight.ts("kara") == 4
    with pytest.raises(RuleViolation, match=r"already at E4 \(T17\)"):
        fight.do(move, MoveRequest("kara", "e4"))
    with pytest.raises(RuleViolation, match=r"move needs 6 TS; Kara has 4 left"):
        fight.do(move, MoveRequest("kara", "J9"))


def test_t17_an_unplaced_actor_cannot_move(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    with pytest.raises(RuleViolation, match=r"not on the grid yet \(T17\)"):
        fight.do(move, MoveRequest("kara", "B2"))
