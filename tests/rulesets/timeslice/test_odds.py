"""Exact attack odds (T9-T12) from the attack's own steps, against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from shaper_gm.errors import GmError
from tests.oddsread import flat

from .conftest import AttackRequest


def odds(fight, request: str):
    """`odds REQUEST` as the command shows it, read flat (oddsread.flat)."""
    return flat(fight.execute(f"odds {request}").view)


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
    odds_ = odds(fight, AttackRequest("kara", "guard", called=called, defense=defense))
    hit, taken = brute_force(attack_bonus, defense_bonus, damage, 2)
    assert odds_.hit == hit and tuple(sorted(odds_.taken.items())) == taken
    assert odds_.defense == (defense or "parry")
    assert sum(odds_.taken.values()) == 1


def test_odds_of_an_even_match_a_tie_goes_to_the_defender(fight):
    fight.add("a").add("b", side="foes", extra={"weapon": ["sword"]})
    odds_ = odds(fight, AttackRequest("a", "b", defense="dodge"))
    # P(X > Y) for two 2d10 read 0-9: (1 - P(tie)) / 2, P(tie) = 670/10^4.
    assert odds_.hit == Fraction(10 ** 4 - 670, 2 * 10 ** 4)
    assert tuple(sorted(odds_.taken.items())) == ((0, 1 - odds_.hit), (1, odds_.hit))  # unarmed


def test_odds_take_the_declared_defense_like_play(fight):
    fight.add("kara", "kara").add("brute", "brute", side="foes")
    default = odds(fight, AttackRequest("kara", "brute"))
    dodging = odds(fight, AttackRequest("kara", "brute", defense="dodge"))
    assert (default.defense, dodging.defense) == ("brace", "dodge")
    assert default.hit == brute_force(3, 3, 5, 1)[0]
    assert dodging.hit == brute_force(3, -2, 5, 1)[0]
    assert sum(p for lost, p in default.taken.items() if lost >= 4) == default.hit


def test_no_odds_against_a_dying_target(fight):
    fight.add("guard", "guard", side="foes").add("ida", "ida").start()
    fight.execute("damage ida 30 --direct")
    with pytest.raises(GmError, match=r"rolls nothing.*\(T14\)"):
        odds(fight, AttackRequest("guard", "ida"))
