"""`odds` through the command layer: its exact fractions against a brute force over every
face of the pool and of the damage dice, and the same as JSON."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

from shaper_gm.engine.odds import Odds
from tests.oddsread import chance, mean, values
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


def odds_of(session, line: str) -> Odds:
    view = session.execute(line).view
    assert isinstance(view, Odds)
    return view


def facts(odds: Odds) -> tuple:
    """The roll's dice, DT and pool before it."""
    found = {f.key: f.value for f in odds.facts}
    return found["dice"], found["dt"], found["pool"]


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
    assert facts(found) == (expected["dice"], expected["dt"], expected["pool"])
    t = found.only
    assert t.chance("hit") == hit and dict(t.dist("margin")) == margin
    assert dict(t.dist("damage")) == damage
    assert dict(t.dist("pool_left")) == left and t.chance("down") == down
    assert t.dist("damage").mean() == sum(v * p for v, p in damage.items())
    assert s.log[-1] == "start"                             # odds change nothing


def test_a_prepared_dodge_raises_the_dt_the_odds_use():
    s = fight("prepare I dodge --against barry", "end")
    found = odds_of(s, "odds freya")
    assert facts(found)[1] == 3
    hit, margin, damage, left, down = brute(dice=4, pool=4, dt=3, proficiency=1, die=10,
                                            bonus=3, hp=14)
    t = found.only
    assert (t.chance("hit"), dict(t.dist("damage")), dict(t.dist("pool_left"))) == (
        hit, damage, left)


def test_odds_json_gives_each_chance_as_a_number_and_a_fraction():
    s = fight(setup=(*DUEL,))
    data = json.loads(s.execute("odds barry --dice 2 --json").view.text)
    hit, margin, damage, left, down = brute(dice=2, pool=5, dt=2, proficiency=1, die=8,
                                            bonus=4, hp=12)
    target = data["targets"][0]
    assert data["attacker"] == "freya" and target["target"] == "barry"
    assert (data["dice"], data["dt"], data["pool"]) == (2, 2, 5)
    assert chance(target["hit"]) == hit and chance(target["down"]) == down
    assert values(target["margin"]) == margin and values(target["damage"]) == damage
    assert values(target["pool_left"]) == left
    assert mean(target["damage"]) == sum(v * p for v, p in damage.items())
