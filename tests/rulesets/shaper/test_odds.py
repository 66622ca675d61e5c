"""Shaper's odds (S2, S5-S7) come from the attack's own steps run over exact
distributions; these are the reference figures and brute-force checks that once tested
a separate copy of the rules in the dice layer."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import replace
from fractions import Fraction as F
from itertools import product
from pathlib import Path

import pytest

from shaper_gm.dice import Dist, parse, roll_dist
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.rulesets.shaper.attack import AttackPlan, TargetPlan
from shaper_gm.rulesets.shaper.content.models import Weapon
from shaper_gm.rulesets.shaper.modifiers import Modifiers
from shaper_gm.rulesets.shaper.odds import attack_target_odds, taken
from shaper_gm.rulesets.shaper.parts import Mod, Part
from shaper_gm.rulesets.shaper.pipeline import DAMAGE_STEPS, Swing
from tests.oddsread import flat

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "dice"))
from dice_reference import apply_in_order, automatic, hits, net_names  # noqa: E402

NAMES = {"edge": "edge", "pressured": "pressured", "advantage": "advantage",
         "disadvantage": "disadvantage"}


def mods(names) -> tuple[Mod, ...]:
    counted = Modifiers.of(names)
    return tuple(Mod(name, "test") for name in NAMES for _ in range(getattr(counted, name)))


def plan(bonus=0, names=(), *, damage="1d6", pierce=0, pierce_dice=(), magic=False):
    weapon = Weapon("blade", "Blade", "melee", damage, pierce=pierce, magic=magic)
    return AttackPlan("a", weapon, attack_bonus=(Part(bonus, "bonus"),) if bonus else (),
                      modifiers=mods(names), pierce_dice=tuple(pierce_dice))


def target(bonus=0, names=(), *, defense=None, absorb=0, hp=1000):
    return TargetPlan("t", hp, evasion_bonus=(Part(bonus, "bonus"),) if bonus else (),
                      evasion_modifiers=mods(names), defense=defense, absorb=absorb)


def odds(numbers, a_bonus, a_names, e_bonus, e_names, threshold):
    return flat(attack_target_odds(replace(numbers, critical_threshold=threshold),
                                   plan(a_bonus, a_names), target(e_bonus, e_names)))


def brute_totals(text, names=(), basic=False):
    """Every ordered outcome of ``text``, modifiers applied by the reference code."""
    expr = parse(text)
    remaining = net_names(**vars(Modifiers.of(names)))
    sizes = [t.sides for t in expr.dice_terms for _ in range(t.count)]
    signs = [t.sign for t in expr.dice_terms for _ in range(t.count)]
    counts = Counter()
    for naturals in product(*(range(1, s + 1) for s in sizes)):
        finals = apply_in_order(naturals, sizes[0], remaining) if remaining else naturals
        total = sum(sign * f for sign, f in zip(signs, finals, strict=True)) + expr.constant
        counts[(total, automatic(naturals, sizes[0])) if basic else total] += 1
    return Dist.from_counts(counts)


# --- the reference figures ---------------------------------------------------------------

def test_reference_attack_crit(numbers):
    assert odds(numbers, 1, [], 0, [], 9).critical == F(31, 864)


def test_reference_attack_hit_against_s5(numbers):
    """The given 9905/15552 is P(attack total >= evasion total) with NO automatic results.

    S5's automatic results move exactly 7 of the 6**6 outcomes from hit to miss:
    attack 1,1,1 (total 4, automatic failure) against evasion totals 3 (1 way)
    and 4 (3 ways); and attack naturals totalling 17 (3 ways, total 18) against
    evasion 6,6,6 (total 18, automatic success).
    """
    totals_only = roll_dist("3d6+1").combine(roll_dist("3d6"), lambda a, e: a >= e)
    assert totals_only[True] == F(9905, 15552)
    assert odds(numbers, 1, [], 0, [], 9).hit == F(9905, 15552) - F(7, 6**6) == F(7427, 11664)


def test_reference_attack_figures_with_totals_only():
    """With S2's automatic results left out, only totals count: the brief's 9905/15552,
    and the same 31/864 critical chance (no automatic result reaches margin 9)."""
    attack, evasion = roll_dist("3d6+1"), roll_dist("3d6")
    assert attack.combine(evasion, lambda a, e: a >= e)[True] == F(9905, 15552)
    assert attack.combine(evasion, lambda a, e: a - e >= 9)[True] == F(31, 864)


@pytest.mark.parametrize(
    ("attack", "evasion", "threshold"),
    [
        ((1, ["edge"]), (0, ["disadvantage"]), 5),
        ((-2, ["adv", "adv"]), (3, ["pressured"]), 7),
        ((0, []), (0, []), 0),
        ((20, []), (0, []), 1),  # only automatic failures miss
    ],
)
def test_attack_odds_match_brute_force(numbers, attack, evasion, threshold):
    a_bonus, a_names = attack
    e_bonus, e_names = evasion
    a = brute_totals(f"3d6+{a_bonus}" if a_bonus >= 0 else f"3d6{a_bonus}", a_names, True)
    e = brute_totals(f"3d6+{e_bonus}", e_names, True)
    hit = crit = F(0)
    for (at, aa), pa in a.items():
        for (et, ea), pe in e.items():
            if hits(at, aa, et, ea):
                hit += pa * pe
                if at - et >= threshold:
                    crit += pa * pe
    got = odds(numbers, a_bonus, a_names, e_bonus, e_names, threshold)
    assert (got.hit, got.critical) == (hit, crit)


def test_auto_success_crits_only_with_the_margin(numbers):
    # Attack 3d6-10 (at most 8) vs 3d6+10 (at least 13): only automatic results hit —
    # an attack of 6,6,6, or evasion 1,1,1 against an attack that is not 1,1,1.
    # The margin is always negative, so none of them is a critical at threshold 9.
    got = odds(numbers, -10, [], 10, [], 9)
    assert got.hit == F(1, 216) + F(214, 216) * F(1, 216)
    assert got.critical == 0
    # With threshold -20 every hit is a critical.
    assert odds(numbers, -10, [], 10, [], -20).critical == got.hit


# --- damage through the S7 pipeline, the same steps as play --------------------------------

def damage_taken(numbers, damage, defense, *, magic=False, pierce=0, absorb=0) -> Dist:
    """Damage taken by a target that was hit (no critical): the attack's damage and
    mitigation steps run from a hit."""
    dice = (pierce,) if isinstance(pierce, str) else ()
    fixed = pierce if isinstance(pierce, int) else 0
    p = plan(damage=damage, pierce=fixed, pierce_dice=dice, magic=magic)
    hit = Swing(p, (target(defense=defense, absorb=absorb),), hits=(True,), crits=(False,),
                reasons=(("hit", 0, ""),), numbers=numbers)
    final = exact(DAMAGE_STEPS, hit)
    return Dist.from_probs(distribution(final, taken))


def test_reference_damage(numbers):
    assert damage_taken(numbers, "1d6+3", "1d6", pierce=2).mean() == F(29, 6)


@pytest.mark.parametrize(
    ("damage", "defense", "magic", "pierce", "absorb"),
    [
        ("1d6+3", "1d6", False, 2, 0),
        ("2d6+1", "1d6+1", True, "1d4", 2),
        ("1d8", None, False, 0, 3),
        ("1d6", "2d6", False, "1d6", 0),
        ("1d4", "1d6-3", True, 0, 1),  # negative defense floors, then counts as 0
    ],
)
def test_damage_matches_brute_force(numbers, damage, defense, magic, pierce, absorb):
    dmg = brute_totals(damage)
    dfn = brute_totals(defense) if defense else Dist.point(0)
    prc = brute_totals(pierce) if isinstance(pierce, str) else Dist.point(pierce)
    counts = Counter()
    for (x, cx), (d, cd), (p, cp) in product(
        dmg.counts().items(), dfn.counts().items(), prc.counts().items()
    ):
        d2 = d // 2 if magic else d
        got = max(0, x - max(0, d2 - p))
        counts[max(0, got - absorb)] += cx * cd * cp
    result = damage_taken(numbers, damage, defense, magic=magic, pierce=pierce, absorb=absorb)
    assert result == Dist.from_counts(counts)


def test_damage_example_values(numbers):
    # 1d6+3 vs 1d6 with pierce 2 blocks 0-4: nothing gets through only on 4 vs 6.
    dist = damage_taken(numbers, "1d6+3", "1d6", pierce=2)
    assert dist[0] == F(1, 36) and max(dist) == 9 and dist[9] == F(2, 36)
    assert damage_taken(numbers, "1d4", "1d6+10").items() == {0: F(1)}.items()
    assert damage_taken(numbers, "1d6+3", None, absorb=100) == Dist.point(0)
