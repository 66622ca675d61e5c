"""`odds` for an attack with the current pool, against brute-force enumeration of faces."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

from tests.oddsread import flat
from tests.rulesets.dicepool import conftest as act
from tests.rulesets.dicepool.conftest import AttackRequest


def attack_odds(fight, request: str):
    """The odds of an attack as `odds` gives them (the Python attack_odds on the state)."""
    return fight.execute(f"odds {request}").view


@cache
def damage_totals(count: int, sides: int) -> dict[int, int]:
    """Ways for `count` dice of `sides` to total each value, by listing every face tuple."""
    out: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        out[sum(faces)] = out.get(sum(faces), 0) + 1
    return out


def brute(*, pool, rolled, dt, proficiency, die, bonus, hp, refill=0, discard=0, extra=0):
    """Hit, margin, damage, pool-left and down distributions, face tuple by face tuple."""
    hit = Fraction(0)
    down = Fraction(0)
    margin: dict = {}
    damage: dict = {}
    left: dict = {}

    def add(table, key, p):
        table[key] = table.get(key, 0) + p
    each = Fraction(1, 6 ** rolled)
    for faces in itertools.product(range(1, 7), repeat=rolled):
        successes = sum(1 for f in faces if f >= 4)
        failures = rolled - successes
        add(margin, successes - dt, each)
        add(left, max(0, pool - failures - discard) + refill, each)
        if successes < dt:
            add(damage, 0, each)
            continue
        hit += each
        count = successes - dt + proficiency + extra
        totals = damage_totals(count, die) if count else {0: 1}
        ways = sum(totals.values())
        for total, n in totals.items():
            p = each * Fraction(n, ways)
            add(damage, total + bonus, p)
            if total + bonus >= hp:
                down += p
    return hit, margin, damage, left, down


def check(odds, expected):
    hit, margin, damage, left, down = expected
    assert odds.hit == hit
    assert odds.margin == dict(sorted(margin.items()))
    assert odds.damage == dict(sorted(damage.items()))
    assert odds.pool_left == dict(sorted(left.items()))
    assert odds.down == down
    assert sum(odds.damage.values()) == 1


def test_the_issue_example_attack(fight):
    fight.start()
    before = fight.state
    odds = flat(attack_odds(fight, AttackRequest("freya", "barry")))
    assert fight.state is before
    assert (odds.dice, odds.dt, odds.hit) == (5, 2, Fraction(13, 16))
    assert odds.pool_left == {0: Fraction(1, 32), 1: Fraction(5, 32), 2: Fraction(10, 32),
                              3: Fraction(10, 32), 4: Fraction(5, 32), 5: Fraction(1, 32)}
    check(odds, brute(pool=5, rolled=5, dt=2, proficiency=1, die=8, bonus=4, hp=12))


def test_part_of_the_pool_without_a_damage_stat():
    from tests.rulesets.dicepool.conftest import Fight
    f = Fight().add("kit", "kit", "A1").add("barry", "barry", "B2").start()
    odds = flat(attack_odds(f, AttackRequest("kit", "barry", dice=3)))
    assert odds.dice == 3
    check(odds, brute(pool=4, rolled=3, dt=2, proficiency=1, die=6, bonus=0, hp=12))


def test_a_reaction_against_a_prepared_dodge(fight):
    fight.start()
    fight.run(act.prepare, act.PrepareRequest("freya", "if Barry swings, I dodge", "barry"))
    odds = flat(attack_odds(fight, AttackRequest("barry", "freya")))
    assert odds.dt == 3                       # AC 3 + dodge 1 - proficiency 1
    check(odds, brute(pool=4, rolled=4, dt=3, proficiency=1, die=10, bonus=3, hp=14,
                      refill=1))


def test_an_augmented_attack_with_part_of_the_pool(fight):
    fight.start()
    odds = flat(attack_odds(fight, AttackRequest("freya", "barry", dice=3,
                                                 ability="heavy-blow")))
    check(odds, brute(pool=5, rolled=3, dt=2, proficiency=1, die=8, bonus=4, hp=12,
                      discard=1, extra=2))
