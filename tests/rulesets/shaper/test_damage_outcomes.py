"""Odds read a damage roll through three sums (damage for a target, critical dice,
Pierce), so groups of skill or Pierce dice add up instead of multiplying outcomes."""

from __future__ import annotations

from collections import Counter
from itertools import product

from shaper_gm.dice import parse
from shaper_gm.rulesets.shaper.attack import AttackPlan
from shaper_gm.rulesets.shaper.content.models import Weapon
from shaper_gm.rulesets.shaper.parts import Part
from shaper_gm.rulesets.shaper.pipeline import DamageSpec


def every_face(groups: list[str]) -> list[list[int]]:
    """Per group, its dice's faces: the sides of each die, in order."""
    return [[t.sides for t in parse(g).dice_terms for _ in range(t.count)] for g in groups]


def test_pierce_groups_add_up_and_match_every_face():
    plan = AttackPlan("a", Weapon("bow", "Bow", "ranged", "1d6+3", pierce=1),
                      damage_dice=("1d4",), pierce_dice=("1d6",) * 4,
                      damage_bonus=(Part(2, "bonus"),))
    spec = DamageSpec(plan, "1d6")
    outcomes = spec.outcomes()
    # 6*4 weapon and skill totals (9 sums) x 6 critical x 4d6 Pierce (21 sums):
    # not 6**6 * 4 joint faces
    assert len(outcomes) <= 9 * 6 * 21
    read = Counter()
    groups = ["1d6+3", "1d6", "1d4", *("1d6",) * 4]
    sides = [s for group in every_face(groups) for s in group]
    for faces in product(*(range(1, s + 1) for s in sides)):
        weapon, critical, skill, *pierce = faces
        read[(weapon + 3 + skill + 2, critical, sum(pierce))] += 1
    whole = sum(read.values())
    got = Counter()
    for roll in outcomes:
        got[(roll.for_target(False), roll.for_target(True) - roll.for_target(False),
             roll.pierce)] += outcomes[roll] * whole
    assert got == read


def test_when_every_target_hit_is_critical_the_critical_dice_join_the_weapons_sum():
    """Only the damage a critical target takes is read then: 1d6+1d6 is 11 sums, not 36
    pairs, and each weighs what the faces say."""
    plan = AttackPlan("a", Weapon("bow", "Bow", "ranged", "1d6+3", pierce=1),
                      pierce_dice=("1d4",), damage_bonus=(Part(2, "bonus"),))
    outcomes = DamageSpec(plan, "1d6+1", all_critical=True).outcomes()
    assert len(outcomes) == 11 * 4
    read = Counter()
    for weapon, critical, pierce in product(range(1, 7), range(1, 7), range(1, 5)):
        read[(weapon + 3 + 2 + critical + 1, pierce)] += 1
    got = Counter()
    for roll in outcomes:
        got[(roll.for_target(True), roll.pierce)] += outcomes[roll] * sum(read.values())
    assert got == read
