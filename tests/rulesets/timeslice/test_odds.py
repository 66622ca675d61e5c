"""Exact attack odds (T9-T12) from the attack's own steps, against brute force."""

# ruff: noqa: F811  (the Python harness's fixtures are imported by name, python_harness.py)
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rulesets.timeslice.odds import attack_odds
from tests.oddsread import flat

from .python_harness import (  # noqa: F401  (its fixtures)
    AttackRequest,
    fight,
    library,
    rs,
)


def brute_force(attack_bonus: int, defense_bonus: int, damage: int, dr: int):
    hit = Fraction(0)
    taken: dict[int, Fraction] = {}
    for a1, a2, d1, d2 in itertools.product(range(10), repeat=4):
        p = Fraction(1, 10 ** 4)
        lands = a1 + a2 + attack_bonus > d1 + d2 + defense_bonus
        hit += p if lands else 0
        lost = max(0, damage - dr) if lands else 0
        taken[lost] = taken.get(lost, 0) + p
    return hit, tuple(sorted(taken.items()))


@pytest.mark.parametrize("called,defense,attack_bonus,defense_bonus,damage", [
    (None, None, 3, 1, 5),          # Kara's sword against the guard's parry (V 11)
    ("head", None, 3 - 4, 1, 7),    # T11: -4, +2 damage
    ("limb", "dodge", 3 - 2, 0, 5),  # the guard dodges with Q 10
    (None, "brace", 3, 1, 5),
])
def test_attack_odds_match_brute_force(fight, called, defense, attack_bonus, defense_bonus,
                                       damage):
    fight.add("kara", "kara").add("guard", "guard", side="foes")
    odds = flat(attack_odds(fight.state, fight.rs, AttackRequest("kara", "guard", called=called,
                                                            defense=defense)))
    hit, taken = brute_force(attack_bonus, defense_bonus, damage, 2)
    assert odds.hit == hit and tuple(odds.taken.items()) == taken
    assert odds.defense == (defense or "parry")
    assert sum(odds.taken.values()) == 1


def test_odds_of_an_even_match_a_tie_goes_to_the_defender(fight):
    fight.add("a").add("b", side="foes", extra={"weapon": ["sword"]})
    odds = flat(attack_odds(fight.state, fight.rs, AttackRequest("a", "b", defense="dodge")))
    # P(X > Y) for two 2d10 read 0-9: (1 - P(tie)) / 2, P(tie) = 670/10^4.
    assert odds.hit == Fraction(10 ** 4 - 670, 2 * 10 ** 4)
    assert tuple(odds.taken.items()) == ((0, 1 - odds.hit), (1, odds.hit))  # unarmed 1, no DR


def test_odds_take_the_declared_defense_like_play(fight):
    fight.add("kara", "kara").add("brute", "brute", side="foes")
    default = flat(attack_odds(fight.state, fight.rs, AttackRequest("kara", "brute")))
    dodging = flat(attack_odds(fight.state, fight.rs, AttackRequest("kara", "brute"),
                          Decisions(declared=[("brute", "dodge")])))
    assert (default.defense, dodging.defense) == ("brace", "dodge")
    assert default.hit == brute_force(3, 3, 5, 1)[0]
    assert dodging.hit == brute_force(3, -2, 5, 1)[0]
    assert sum(p for lost, p in default.taken.items() if lost >= 4) == default.hit


def test_no_odds_against_a_dying_target(fight):
    fight.add("guard", "guard", side="foes").add("ida", "ida").start()
    fight.state, _ = fight.rs.damage(fight.state, "ida", 30, {"direct": True})
    with pytest.raises(RuleViolation, match=r"rolls nothing.*\(T14\)"):
        attack_odds(fight.state, fight.rs, AttackRequest("guard", "ida"))
