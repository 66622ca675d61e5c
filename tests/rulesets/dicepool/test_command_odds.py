"""`odds` through the command layer: its exact fractions against a brute force over every
face of the pool and of the damage dice, and the same as JSON."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

from shaper_gm.rulesets.dicepool.odds import AttackOdds
from tests.rulesets.dicepool.commands import DUEL, fight


def brute(dice: int, pool: int, dt: int, proficiency: int, die: int, bonus: int,
          hp: int, success_on: int = 4, refill: int = 0):
    """Every face of `dice` d6 counted one by one; then, for each number of successes,
    every face of the damage dice that a hit with it rolls."""
    pool_faces = list(itertools.product(range(1, 7), repeat=dice))
    by_successes = Counter(sum(f >= success_on for f in faces) for faces in pool_faces)
    hit = down = Fraction(0)
    margin, damage, left = Counter(), Counter(), Counter()
    for successes, ways in by_successes.items():
        p = Fraction(ways, len(pool_faces))
        margin[successes - dt] += p
        left[pool - (dice - successes) + refill] += p
        if successes < dt:
            damage[0] += p
            continue
        hit += p
        rolls = list(itertools.product(range(1, die + 1), repeat=successes - dt + proficiency))
        for rolled in rolls:
            q = p / len(rolls)
            dealt = max(0, sum(rolled) + bonus)
            damage[dealt] += q
            down += q if dealt >= hp else 0
    return hit, dict(margin), dict(damage), dict(left), down


def odds_of(session, line: str) -> AttackOdds:
    view = session.execute(line).view
    assert isinstance(view, AttackOdds)
    return view


def fractions(mapping) -> dict[int, Fraction]:
    return {int(k): Fraction(v) for k, v in mapping.items()}


@pytest.mark.parametrize("line, expected", [
    # Freya: pool 5 (STR 4 + longsword 1), d8 + STR 4, against Barry: AC 3, DT 2, 12 HP
    ("odds barry", dict(dice=5, pool=5, dt=2, proficiency=1, die=8, bonus=4, hp=12)),
    ("odds barry --dice 3", dict(dice=3, pool=5, dt=2, proficiency=1, die=8, bonus=4, hp=12)),
    # Barry off his turn rolls as a reaction: his CON 1 comes back right after (P4)
    ("odds barry freya --dice 2",
     dict(dice=2, pool=4, dt=2, proficiency=1, die=10, bonus=3, hp=14, refill=1)),
])
def test_odds_match_a_brute_force_over_every_face(line, expected):
    s = fight()
    found = odds_of(s, line)
    hit, margin, damage, left, down = brute(**expected)
    assert (found.dice, found.dt, found.pool) == (expected["dice"], expected["dt"],
                                                 expected["pool"])
    assert found.hit == hit and found.margin == margin and found.damage == damage
    assert found.pool_left == left and found.down == down
    assert found.mean_damage == sum(v * p for v, p in damage.items())
    assert s.log[-1] == "start"                             # odds change nothing


def test_a_prepared_dodge_raises_the_dt_the_odds_use():
    s = fight("prepare I dodge --against barry", "end")
    found = odds_of(s, "odds freya")
    assert found.dt == 3
    hit, margin, damage, left, down = brute(dice=4, pool=4, dt=3, proficiency=1, die=10,
                                            bonus=3, hp=14)
    assert (found.hit, found.damage, found.pool_left) == (hit, damage, left)


def test_odds_json_gives_the_fractions_as_strings():
    s = fight(setup=(*DUEL,))
    data = json.loads(s.execute("odds barry --dice 2 --json").view.text)
    hit, margin, damage, left, down = brute(dice=2, pool=5, dt=2, proficiency=1, die=8,
                                            bonus=4, hp=12)
    assert data["attacker"] == "freya" and data["target"] == "barry"
    assert (data["dice"], data["dt"], data["pool"]) == (2, 2, 5)
    assert Fraction(data["hit"]) == hit and Fraction(data["down"]) == down
    assert fractions(data["margin"]) == margin and fractions(data["damage"]) == damage
    assert fractions(data["pool_left"]) == left
    assert Fraction(data["mean_damage"]) == sum(v * p for v, p in damage.items())
