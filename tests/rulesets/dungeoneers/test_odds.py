"""Strike odds run the strike's own steps exactly; checked here against brute force
enumeration of every face (D16-D20). The odds are read as the GM reads them, `odds A T
--json` (`--power` for a power strike), as exact fractions."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from types import SimpleNamespace

import pytest

from shaper_gm.engine.errors import RuleViolation
from tests.oddsread import chance, mean, values


def odds_of(t, line: str) -> SimpleNamespace:
    """`line --json`'s one target: hit, pierce, criticals and wounds as exact fractions."""
    found = json.loads(t.execute(f"{line} --json").view.text)["targets"][0]
    return SimpleNamespace(hit=chance(found["hit"]), pierce=chance(found["pierce"]),
                           criticals=values(found["criticals"]),
                           wounds=values(found["wounds"]), mean_wounds=mean(found["wounds"]))


def brute(*, attack_die, finesse, boon, defense_die, defense_finesse, defense_boon,
          pierce_die, body, armor, base, vulnerable, resist, threshold):
    """Every face of every die, counted by hand."""
    dice = ([range(1, attack_die + 1)] + [range(1, 5)] * boon
            + [range(1, defense_die + 1)] + [range(1, 5)] * defense_boon
            + [range(1, pierce_die + 1)])
    total = 1
    for faces in dice:
        total *= len(faces)
    hit = pierce = Fraction(0)
    crits: dict = {}
    wounds: dict = {}
    for faces in itertools.product(*dice):
        a = faces[0] + sum(faces[1:1 + boon]) + finesse
        rest = faces[1 + boon:]
        d = rest[0] + sum(rest[1:1 + defense_boon]) + defense_finesse
        p = rest[-1] + body
        weight = Fraction(1, total)
        crit = dealt = 0
        if a >= d:
            hit += weight
            if a - d >= threshold:
                crit = (a - d) // threshold
            if p >= armor:
                pierce += weight
                dealt = max(0, base + vulnerable - resist) * (1 + crit)
        crits[crit] = crits.get(crit, 0) + weight
        wounds[dealt] = wounds.get(dealt, 0) + weight
    return hit, pierce, crits, wounds


@pytest.mark.parametrize("power", [False, True])
def test_suori_against_the_skeleton_matches_brute_force(table, power):
    t = table.add("suori", "suori", at="B2").add("skeleton", "skeleton", at="C2").start()
    odds = odds_of(t, "odds suori skeleton" + (" --power" if power else ""))
    hit, pierce, crits, wounds = brute(
        attack_die=6, finesse=2, boon=1 if power else 0, defense_die=6, defense_finesse=1,
        defense_boon=0, pierce_die=6, body=2, armor=5, base=3 + (1 if power else 0),
        vulnerable=1, resist=0, threshold=5)
    assert (odds.hit, odds.pierce) == (hit, pierce)
    assert dict(odds.criticals) == crits and dict(odds.wounds) == wounds
    assert sum(odds.wounds.values()) == 1


def test_known_fractions_for_a_plain_strike(table):
    t = table.add("suori", "suori", at="B2").add("skeleton", "skeleton", at="C2").start()
    odds = odds_of(t, "odds suori skeleton")
    # 1d6+2 vs 1d6+1: the attacker wins ties, so it fails only when the dodge die is at
    # least 2 more: 10 of 36 lose, 26/36 = 13/18 hit. Pierce: 1d6+2 >= 5 is 4/6.
    assert odds.hit == Fraction(13, 18)
    assert odds.pierce == Fraction(13, 18) * Fraction(2, 3)
    assert dict(odds.criticals)[1] == Fraction(3, 36)      # margins 5 and 6 (d6 6/5 vs 1)
    assert odds.mean_wounds > 0


def test_odds_with_defend_boon_ranged_dagger_and_resistance(table):
    """Freya holds the dagger (D22); the skeleton defends (a boon on dodging, D23)."""
    t = table.add("freya", "freya", at="A1", holding=["dagger"])
    t.add("skeleton", "skeleton", at="D1").start()
    t.execute("act freya 1 waits")                             # the skeleton is up
    t.execute("defend skeleton")                               # until its next turn
    odds = odds_of(t, "odds freya skeleton --boon 1")
    hit, pierce, crits, wounds = brute(
        attack_die=6, finesse=3, boon=1, defense_die=6, defense_finesse=1, defense_boon=1,
        pierce_die=4, body=2, armor=5, base=1 + 2, vulnerable=0, resist=2, threshold=5)
    assert (odds.hit, odds.pierce, dict(odds.criticals), dict(odds.wounds)) == (
        hit, pierce, crits, wounds)


def test_odds_refuse_what_the_strike_refuses(table):
    t = table.add("suori", "suori", at="A1").add("skeleton", "skeleton", at="E5").start()
    with pytest.raises(RuleViolation, match=r"\(D16\)"):
        t.execute("odds suori skeleton")
