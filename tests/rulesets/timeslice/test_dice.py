"""T1, T2, T4: d10s read 0-9, stat rolls are 2d10 + (stat - 10), initiative."""

# ruff: noqa: F811  (the Python harness's fixtures are imported by name, python_harness.py)
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from shaper_gm.dice import GivenFaces
from shaper_gm.dice.errors import DiceInputError
from shaper_gm.dice.exact import roll_dist
from shaper_gm.rulesets.timeslice.rolls import bonus, dice_mean, stat_dice

from .python_harness import (  # noqa: F401  (its fixtures)
    AttackRequest,
    attack,
    fight,
    library,
    make_actor,
    rs,
)


def test_t1_the_stat_dice_read_0_to_9_and_2d10_has_mean_9_not_11(rs):
    dist = roll_dist(stat_dice(rs.numbers))
    assert min(dist) == 0 and max(dist) == 18
    assert dist.mean() == 9 == dice_mean(rs.numbers)
    brute = {}
    for a, b in itertools.product(range(10), repeat=2):
        brute[a + b] = brute.get(a + b, 0) + Fraction(1, 100)
    assert dict(dist.items()) == brute


def test_t1_a_given_10_is_refused_with_the_reason_and_changes_nothing(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    before = fight.state
    with pytest.raises(DiceInputError, match=r"face 10 is out of range 0-9 \(this d10 reads 0-9\)"):
        fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(10, 3)]})
    assert fight.state is before


def test_t1_given_faces_0_and_9_are_taken_as_they_are(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(0, 9)], "defend": [(0, 0)]})
    assert out.attack_roll.naturals == (0, 9)
    assert out.attack_total == 0 + 9 + 3          # Kara's V 13: bonus +3


@pytest.mark.parametrize("stat,low,high", [(10, 0, 18), (13, 3, 21), (7, -3, 15)])
def test_t2_a_stat_roll_runs_from_bonus_to_bonus_plus_18(rs, stat, low, high):
    assert bonus(rs.numbers, stat) == low
    actor = make_actor(rs, "a", "A", "x", None, None, {"q": stat}, {})
    assert rs.initiative(actor, GivenFaces([0, 0])).total == low
    assert rs.initiative(actor, GivenFaces([9, 9])).total == high


def test_t4_initiative_is_2d10_plus_the_q_bonus_and_ties_go_to_the_higher_q(rs):
    ren = make_actor(rs, "ren", "Ren", "party", None, "ren", {}, {})          # Q 13
    brute = make_actor(rs, "brute", "Brute", "foes", None, "brute", {}, {})  # Q 8
    assert rs.initiative(ren, GivenFaces([4, 5])).total == 12
    assert rs.initiative(brute, GivenFaces([9, 8])).total == 15
    assert rs.order_tiebreak(ren) == 13 > rs.order_tiebreak(brute) == 8
    with pytest.raises(DiceInputError, match="reads 0-9"):
        rs.initiative(ren, GivenFaces([10, 0]))
