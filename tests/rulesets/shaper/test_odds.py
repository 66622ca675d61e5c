"""Shaper's odds (S2, S5-S7) come from the attack's own steps run over exact
distributions: the reference figures and brute-force checks, read off the `odds`
command's exact fractions (`odds a t --json`) of an attack set up through commands."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction as F
from itertools import product

import pytest

from shaper_gm.dice import Dist, parse, roll_dist
from tests.dice.dice_reference import apply_in_order, automatic, hits, net_names
from tests.rulesets.shaper.test_attack import fight

NAMES = {"edge": "edge", "pressured": "pressured", "adv": "advantage", "dis": "disadvantage",
         "advantage": "advantage", "disadvantage": "disadvantage"}
THRESHOLD = 9                     # the ruleset's critical threshold (S6)


def odds(weapon="longsword", a_bonus=0, a_names=(), e_bonus=0, e_names=(), *,
         target="", effects=(), flags="") -> dict:
    """The `odds` of `a` (the weapon drawn, no bonus of its own) on `t` (999 HP, no
    bonus): the attack's `--bonus`, Advantage past one flag as an effect's (`--adv N`,
    S26), the evasion's bonus as an effect's; hit, critical and each HP lost, exact."""
    s = fight(f"--weapon {weapon}" if weapon != "spell" else "--mentality 1",
              f"t --hp 999 {target}", draw="" if weapon == "spell" else weapon,
              engage=weapon != "spell")
    counts = Counter(NAMES[n] for n in a_names)
    words = [f"--{w}" for w, name in (("edge", "edge"), ("pressured", "pressured"))
             if counts[name]]
    adv = counts["advantage"] - counts["disadvantage"]
    if adv:
        s.execute(f"effect a luck --adv {adv}")
    if e_bonus:
        s.execute(f"effect t ward --evasion {e_bonus}")
    for line in effects:
        s.execute(line)
    words += [f"--target-{w}" for w in ("edge", "pressured", "adv", "dis")
              if NAMES[w] in {NAMES[n] for n in e_names}]
    bonus = f" --bonus {a_bonus}" if a_bonus else ""
    found = json.loads(s.execute(f"odds a t{bonus} {' '.join(words)} {flags} "
                                 "--json").view.text)["targets"][0]
    lost = {int(n): F(v["exact"]) for n, v in found["hp_lost"]["values"].items()}
    return {"hit": F(found["hit"]["exact"]), "critical": F(found["critical"]["exact"]),
            "lost": Dist.from_probs(lost), "mean": F(found["hp_lost"]["mean_exact"])}


def brute_totals(text, names=(), basic=False):
    """Every ordered outcome of ``text``, modifiers applied by the reference code."""
    expr = parse(text)
    counts = Counter(NAMES[n] for n in names)
    remaining = net_names(**{k: counts[k] for k in ("edge", "pressured", "advantage",
                                                     "disadvantage")})
    sizes = [t.sides for t in expr.dice_terms for _ in range(t.count)]
    signs = [t.sign for t in expr.dice_terms for _ in range(t.count)]
    out = Counter()
    for naturals in product(*(range(1, s + 1) for s in sizes)):
        finals = apply_in_order(naturals, sizes[0], remaining) if remaining else naturals
        total = sum(sign * f for sign, f in zip(signs, finals, strict=True)) + expr.constant
        out[(total, automatic(naturals, sizes[0])) if basic else total] += 1
    return Dist.from_counts(out)


# --- the reference figures ---------------------------------------------------------------

def test_reference_attack_crit():
    assert odds(a_bonus=1)["critical"] == F(31, 864)


def test_reference_attack_hit_against_s5():
    """The given 9905/15552 is P(attack total >= evasion total) with NO automatic results.

    S5's automatic results move exactly 7 of the 6**6 outcomes from hit to miss:
    attack 1,1,1 (total 4, automatic failure) against evasion totals 3 (1 way)
    and 4 (3 ways); and attack naturals totalling 17 (3 ways, total 18) against
    evasion 6,6,6 (total 18, automatic success).
    """
    totals_only = roll_dist("3d6+1").combine(roll_dist("3d6"), lambda a, e: a >= e)
    assert totals_only[True] == F(9905, 15552)
    assert odds(a_bonus=1)["hit"] == F(9905, 15552) - F(7, 6**6) == F(7427, 11664)


def test_reference_attack_figures_with_totals_only():
    """With S2's automatic results left out, only totals count: the brief's 9905/15552,
    and the same 31/864 critical chance (no automatic result reaches margin 9)."""
    attack, evasion = roll_dist("3d6+1"), roll_dist("3d6")
    assert attack.combine(evasion, lambda a, e: a >= e)[True] == F(9905, 15552)
    assert attack.combine(evasion, lambda a, e: a - e >= 9)[True] == F(31, 864)


@pytest.mark.parametrize(
    ("attack", "evasion"),
    [
        ((1, ["edge"]), (0, ["disadvantage"])),
        ((-2, ["adv", "adv"]), (3, ["pressured"])),
        ((0, []), (0, [])),
        ((20, []), (0, [])),  # only automatic failures miss
    ],
)
def test_attack_odds_match_brute_force(attack, evasion):
    a_bonus, a_names = attack
    e_bonus, e_names = evasion
    a = brute_totals(f"3d6+{a_bonus}" if a_bonus >= 0 else f"3d6{a_bonus}", a_names, True)
    e = brute_totals(f"3d6+{e_bonus}", e_names, True)
    hit = crit = F(0)
    for (at, aa), pa in a.items():
        for (et, ea), pe in e.items():
            if hits(at, aa, et, ea):
                hit += pa * pe
                if at - et >= THRESHOLD:
                    crit += pa * pe
    got = odds("longsword", a_bonus, a_names, e_bonus, e_names)
    assert (got["hit"], got["critical"]) == (hit, crit)


def test_auto_success_crits_only_with_the_margin():
    # Attack 3d6-10 (at most 8) vs 3d6+10 (at least 13): only automatic results hit —
    # an attack of 6,6,6, or evasion 1,1,1 against an attack that is not 1,1,1.
    # The margin is always negative, so none of them is a critical at threshold 9.
    got = odds(a_bonus=-10, e_bonus=10)
    assert got["hit"] == F(1, 216) + F(214, 216) * F(1, 216)
    assert got["critical"] == 0


# --- damage through the S7 pipeline, the same steps as play --------------------------------

def damage_taken(weapon, *, target="", effects=(), flags="") -> Dist:
    """Damage taken by a target that was hit (no critical): an attack of 3d6-10 on an
    evasion of 3d6+10 hits by its automatic results alone and never critically (as
    above), so the HP it takes given a hit is the odds' HP lost, its misses taken out."""
    got = odds(weapon, -10, (), 10, (), target=target, effects=effects, flags=flags)
    p = got["hit"]
    assert p == F(1, 216) + F(214, 216) * F(1, 216) and got["critical"] == 0
    given_hit = {n: q / p for n, q in got["lost"].items() if n}
    given_hit[0] = (got["lost"][0] - (1 - p)) / p
    assert got["mean"] == p * sum(n * q for n, q in given_hit.items())
    return Dist.from_probs({n: q for n, q in given_hit.items() if q})


def test_reference_damage():
    # 1d6+3 (the longsword) vs 1d6 (tier 1 armor) with Pierce 2.
    taken = damage_taken("longsword", target="--armor armor-t1", flags="--pierce 2")
    assert taken.mean() == F(29, 6)


@pytest.mark.parametrize(
    ("weapon", "damage", "armor", "defense", "magic", "pierce", "effects"),
    [
        ("longsword", "1d6+3", "armor-t1", "1d6", False, 2, ()),
        ("spell", "1d6+3", "armor-t1", "1d6+1", True, 1,       # Defense +1, absorb 2
         ("effect t ward2 --defense 1", "effect t shell --absorb 2")),
        ("dagger", "1d6+1", "", None, False, 0, ("effect t shell --absorb 3",)),
        ("greatsword", "2d6", "armor-t2", "1d6+3", False, 3, ()),
        ("spell", "1d6+3", "armor-t1", "1d6-3", True, 0,       # negative Defense floors
         ("effect t ward2 --defense -3", "effect t shell --absorb 1")),
    ],
)
def test_damage_matches_brute_force(weapon, damage, armor, defense, magic, pierce, effects):
    absorb = sum(int(e.split()[-1]) for e in effects if "--absorb" in e)
    dmg = brute_totals(damage)
    dfn = brute_totals(defense) if defense else Dist.point(0)
    counts = Counter()
    for (x, cx), (d, cd) in product(dmg.counts().items(), dfn.counts().items()):
        d2 = d // 2 if magic else d
        got = max(0, x - max(0, d2 - pierce))
        counts[max(0, got - absorb)] += cx * cd
    result = damage_taken(weapon, target=f"--armor {armor}" if armor else "",
                          effects=effects, flags=f"--pierce {pierce}" if pierce else "")
    assert result == Dist.from_counts(counts)


def test_damage_example_values():
    # 1d6+3 vs 1d6 with pierce 2 blocks 0-4: nothing gets through only on 4 vs 6.
    dist = damage_taken("longsword", target="--armor armor-t1", flags="--pierce 2")
    assert dist[0] == F(1, 36) and max(dist) == 9 and dist[9] == F(2, 36)
    assert damage_taken("dagger", target="--armor armor-t1",
                        effects=("effect t ward2 --defense 10",)).items() == {0: F(1)}.items()
    assert damage_taken("longsword", effects=("effect t shell --absorb 100",)) == \
        Dist.point(0)
