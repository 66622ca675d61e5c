"""T1, T2, T4: d10s read 0-9, stat rolls are 2d10 + (stat - 10), initiative."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from shaper_gm.dice.exact import roll_dist
from shaper_gm.errors import GmError

from .conftest import AttackRequest, attack


def test_t1_the_stat_dice_read_0_to_9_and_2d10_has_mean_9_not_11(fight):
    rs = fight.session.ruleset_for(fight.state)
    dist = roll_dist(rs.dice_expression("2d10"))           # a stat roll's dice (T2)
    assert min(dist) == 0 and max(dist) == 18
    assert dist.mean() == 9
    brute = {}
    for a, b in itertools.product(range(10), repeat=2):
        brute[a + b] = brute.get(a + b, 0) + Fraction(1, 100)
    assert dict(dist.items()) == brute


def test_t1_a_given_10_is_refused_with_the_reason_and_changes_nothing(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    before = fight.state
    with pytest.raises(GmError, match=r"--roll: 10 is not a face here: a d10 reads 0-9.*\(T1\)"):
        fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(10, 3)]})
    assert fight.state is before


def test_t1_given_faces_0_and_9_are_taken_as_they_are(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    out = fight.do(attack, AttackRequest("kara", "guard"), {"roll": [(0, 9)], "defend": [(0, 0)]})
    assert "--roll 0,9" in fight.session.log[-1]
    assert out.attack_total == 0 + 9 + 3          # Kara's V 13: bonus +3


def initiative(fight, actor_id: str, faces: str) -> int:
    fight.execute(f"init {actor_id} --roll {faces}")
    return fight.actor(actor_id).initiative


@pytest.mark.parametrize("stat,low,high", [(10, 0, 18), (13, 3, 21), (7, -3, 15)])
def test_t2_a_stat_roll_runs_from_bonus_to_bonus_plus_18(fight, stat, low, high):
    fight.add("a", numbers={"q": stat})                    # initiative: a [Q] roll (T4)
    assert initiative(fight, "a", "0,0") == low
    assert initiative(fight, "a", "9,9") == high


def test_t4_initiative_is_2d10_plus_the_q_bonus_and_ties_go_to_the_higher_q(fight):
    fight.add("ren", "ren").add("brute", "brute", side="foes")     # Q 13, Q 8
    assert initiative(fight, "ren", "4,5") == 12
    assert initiative(fight, "brute", "9,8") == 15
    fight.execute("init --roll ren=4,5 --roll brute=9,5")          # 12 and 12: Q 13 first
    assert fight.state.order == ("ren", "brute")
    with pytest.raises(GmError, match=r"--roll: 10 .*reads 0-9"):
        fight.execute("init ren --roll 10,0")
