"""The odds read a damage roll through its sums (weapon damage, critical dice, Pierce):
groups of skill or Pierce dice add up, and each sum weighs what the faces say — checked
against every face, through the `odds` command's exact HP lost (S6, S7, S23)."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction as F
from itertools import product

from shaper_gm.app import new_session
from shaper_gm.dice import Dist

AUTO = F(1, 216) + F(214, 216) * F(1, 216)     # 3d6 hits 3d6+20 by automatic results


def taken_given_hit(attacker: str, line: str, e_bonus: int) -> tuple[F, Dist]:
    """The chance `line` (an `odds` of `a` on `t`: 999 HP, tier 2 armor 1d6+3, evasion
    +`e_bonus`) hits, and the HP `t` loses given a hit."""
    s = new_session(seed=1)
    for setup in (f"add a {attacker} --side party --at A1",
                  "add t --hp 999 --armor armor-t2 --at C1", "init a t", "start",
                  "draw a longbow", f"effect t ward --evasion {e_bonus}"):
        s.execute(setup)
    found = json.loads(s.execute(f"{line} --json").view.text)["targets"][0]
    lost = {int(n): F(v["exact"]) for n, v in found["hp_lost"]["values"].items()}
    p = F(found["hit"]["exact"])
    given_hit = {n: q / p for n, q in lost.items() if n}
    given_hit[0] = (lost.get(0, F(0)) - (1 - p)) / p
    return p, Dist.from_probs({n: q for n, q in given_hit.items() if q})


def test_pierce_groups_add_up_and_match_every_face():
    """Piercing Strike at Finesse 2: 2d6 Pierce beside the longbow's 2, its 1d6+3
    damage +2 (--damage-bonus) through tier 2 armor's 1d6+3; an attack that hits by
    automatic results alone, never critically (3d6 less 10 against 3d6+10)."""
    p, got = taken_given_hit("--level 3 --finesse 2 --weapon longbow --skill "
                             "piercing-strike",
                             "odds a t --skill piercing-strike --bonus -12 "
                             "--damage-bonus 2", 10)
    assert p == AUTO
    read = Counter()
    for weapon, defense, *pierce in product(*(range(1, 7),) * 4):
        damage, pierced = weapon + 3 + 2, 2 + sum(pierce)
        read[max(0, damage - max(0, defense + 3 - pierced))] += 1
    assert got == Dist.from_counts(read)


def test_when_every_target_hit_is_critical_the_critical_dice_join_the_weapons_sum():
    """Every hit critical (the attack +30 against evasion +0): the damage is the
    weapon's 1d6+3, +2, and the critical die's 1d6, through 1d6+3 less Pierce 2; each
    sum weighs what the faces say."""
    p, got = taken_given_hit("--finesse 1 --weapon longbow",
                             "odds a t --bonus 29 --damage-bonus 2", 0)
    assert p == 1 - AUTO
    read = Counter()
    for weapon, critical, defense in product(range(1, 7), repeat=3):
        damage = weapon + 3 + 2 + critical
        read[max(0, damage - max(0, defense + 3 - 2))] += 1
    assert got == Dist.from_counts(read)
