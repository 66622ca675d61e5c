"""Attack resolution against the source's worked examples (S5-S7)."""

from __future__ import annotations

import pytest

from shaper_gm.dice import DiceInputError
from shaper_gm.rulesets.shaper.attack import AttackPlan, TargetPlan
from shaper_gm.rulesets.shaper.parts import Mod, Part
from shaper_gm.rulesets.shaper.pipeline import resolve_attack

from .conftest import NoDice, given, tape


def dice(attack, evade, damage=None, defense=()):
    return tape(given(*attack), tuple(given(*e) for e in evade),
                given(*damage) if damage is not None else NoDice(),
                tuple(given(*d) if d else NoDice() for d in defense))


def test_longsword_attack_hits_14_vs_11(numbers, library):
    # Source: 5+5+3 = 13, +1 Vigor = 14 (the text misprints the sum as 5+3+3+1) vs 6+2+3 = 11.
    plan = AttackPlan("monica", library.weapons["longsword"],
                      attack_bonus=(Part(1, "Vigor", "S28"),))
    out = resolve_attack(numbers, plan, [TargetPlan("goblin", hp=10, defense="1d6")],
                         dice((5, 5, 3), [(6, 2, 3)], damage=(2,), defense=[(4,)]))
    t = out.target("goblin")
    assert out.attack.total == 14
    assert t.evasion.total == 11
    assert t.hit and t.hit_reason == "14 ≥ 11 (S5)"
    assert t.margin == 3 and not t.critical
    assert out.faces() == {"roll": [(5, 5, 3)], "evade": [(6, 2, 3)], "damage": [(2,)],
                           "defense": [(4,)]}


def test_longsword_damage_vs_armor_and_pierce(numbers, library):
    # 1d6+3 rolling 2 = 5 vs armor Defense 1d6 rolling 4 -> 1 damage; with Pierce 2 -> 3.
    sword = library.weapons["longsword"]
    target = TargetPlan("you", hp=10, defense="1d6")
    out = resolve_attack(numbers, AttackPlan("them", sword), [target],
                         dice((4, 4, 4), [(4, 4, 4)], damage=(2,), defense=[(4,)]))
    t = out.target("you")
    assert t.hit and t.hit_reason == "12 ≥ 12 (S5)"   # the source: 12 vs 12 hits
    assert t.damage == 5 and t.defense.total == 4
    assert t.result.taken == 1 and t.result.hp_after == 9
    out = resolve_attack(numbers, AttackPlan("them", sword, pierce_bonus=((2, "test", "S7"),)),
                         [target], dice((4, 4, 4), [(4, 4, 4)], damage=(2,), defense=[(4,)]))
    assert out.target("you").result.effective_defense == 2
    assert out.target("you").result.taken == 3


def test_spell_halves_defense(numbers, library):
    # 7 magic damage vs a Defense roll of 7 -> 3 -> 4 damage.
    spell = library.spells["spell"]          # 2d6, magic
    out = resolve_attack(numbers, AttackPlan("taylor", spell),
                         [TargetPlan("goblin", hp=10, defense="2d6")],
                         dice((5, 5, 5), [(3, 3, 4)], damage=(3, 4), defense=[(3, 4)]))
    r = out.target("goblin").result
    assert out.plan.is_magic
    assert (r.damage, r.defense, r.defense_after_magic, r.taken) == (7, 7, 3, 4)


def test_critical_threshold_adds_critical_die(numbers, library):
    sword = library.weapons["longsword"]
    plan = AttackPlan("a", sword, attack_bonus=(Part(2, "test", "S28"),))
    # 6+6+5+2 = 19 vs 3+3+4 = 10: margin 9, critical: weapon 2+3, critical die 4.
    out = resolve_attack(numbers, plan, [TargetPlan("t", hp=20)],
                         dice((6, 6, 5), [(3, 3, 4)], damage=(2, 4)))
    t = out.target("t")
    assert out.attack.total == 19 and t.margin == 9 and t.critical
    assert t.damage == 9 and t.result.hp_after == 11
    assert out.damage.critical == 4
    assert out.faces()["damage"] == [(2, 4)]
    # Margin 8 is not critical: no critical die is rolled at all.
    out = resolve_attack(numbers, plan, [TargetPlan("t", hp=20)],
                         dice((6, 6, 5), [(3, 3, 5)], damage=(2,)))
    assert out.target("t").margin == 8 and not out.target("t").critical
    assert out.target("t").damage == 5 and out.damage.critical_expr is None
    with pytest.raises(DiceInputError):     # a critical die given for a non-critical hit
        resolve_attack(numbers, plan, [TargetPlan("t", hp=20)],
                       dice((6, 6, 5), [(3, 3, 5)], damage=(2, 4)))


def test_automatic_success_while_disadvantaged(numbers, library):
    sword = library.weapons["longsword"]
    plan = AttackPlan("a", sword, modifiers=(Mod("disadvantage", "test", "S3"),))
    # 6,6,6 with Disadvantage: total 1+6+6 = 13, still an automatic success (S2).
    out = resolve_attack(numbers, plan, [TargetPlan("t", hp=20)],
                         dice((6, 6, 6), [(5, 5, 5)], damage=(1,)))
    t = out.target("t")
    assert out.attack.automatic == "success" and out.attack.total == 13
    assert t.hit and t.hit_reason == "automatic success (S2, S5)"
    assert t.margin == -2 and not t.critical
    # Critical only when the margin also reaches 9: 13 vs 4 yes, 13 vs 5 no.
    out = resolve_attack(numbers, plan, [TargetPlan("t", hp=20)],
                         dice((6, 6, 6), [(1, 1, 2)], damage=(1, 1)))
    assert out.target("t").critical and out.target("t").margin == 9
    out = resolve_attack(numbers, plan, [TargetPlan("t", hp=20)],
                         dice((6, 6, 6), [(1, 2, 2)], damage=(1,)))
    assert not out.target("t").critical and out.target("t").margin == 8


def test_automatic_failure_always_misses(numbers, library):
    plan = AttackPlan("a", library.weapons["longsword"], attack_bonus=(Part(20, "t", ""),))
    out = resolve_attack(numbers, plan, [TargetPlan("t", hp=20, defense="1d6")],
                         dice((1, 1, 1), [(3, 3, 3)], defense=[()]))
    t = out.target("t")
    assert out.attack.total == 23 and not t.hit
    assert t.hit_reason == "automatic failure (S2, S5)"
    assert t.result is None and out.damage is None
    assert out.faces() == {"roll": [(1, 1, 1)], "evade": [(3, 3, 3)], "damage": [],
                           "defense": [()]}


def test_evasion_automatic_results(numbers, library):
    sword = library.weapons["longsword"]
    plan = AttackPlan("a", sword, attack_bonus=(Part(5, "t", ""),))
    out = resolve_attack(numbers, plan, [TargetPlan("t", hp=20)],
                         dice((6, 6, 5), [(6, 6, 6)]))
    assert out.attack.total == 22 and not out.target("t").hit
    assert out.target("t").hit_reason == "evasion automatic success (S2, S5)"
    # An evasion automatic failure is hit even when its total is higher.
    out = resolve_attack(numbers, AttackPlan("a", sword),
                         [TargetPlan("t", hp=20, evasion_bonus=(Part(5, "t", ""),))],
                         dice((2, 2, 2), [(1, 1, 1)], damage=(1,)))
    assert out.target("t").evasion.total == 8 and out.attack.total == 6
    assert out.target("t").hit
    assert out.target("t").hit_reason == "evasion automatic failure (S2, S5)"


def test_ties_go_to_the_attacker(numbers, library):
    out = resolve_attack(numbers, AttackPlan("a", library.weapons["longsword"]),
                         [TargetPlan("t", hp=20)], dice((4, 4, 4), [(3, 4, 5)], damage=(1,)))
    assert out.target("t").hit and out.target("t").margin == 0


def test_crossbow_critical_with_energy_shield(numbers, library):
    # Automatic success 19 vs Evasion 10: critical. 13 damage, Defense 6, Pierce 4 -> 11,
    # Energy Shield absorbs 2 -> 9 taken; Taylor has 13 HP.
    plan = AttackPlan("enemy-2", library.weapons["crossbow"],
                      attack_bonus=(Part(1, "Finesse", "S28"),))
    target = TargetPlan("taylor", hp=13, defense="1d6", absorb=2)
    out = resolve_attack(numbers, plan, [target],
                         dice((6, 6, 6), [(3, 3, 4)], damage=(5, 5), defense=[(6,)]))
    t = out.target("taylor")
    assert out.attack.total == 19 and t.critical
    r = t.result
    assert (t.damage, r.defense, t.pierce, r.effective_defense, r.taken, r.absorbed) == \
        (13, 6, 4, 2, 11, 2)
    assert r.hp_after == 4 and r.absorb_left == 0 and not r.down
    assert out.plan.pierce_parts == (Part(4, "Crossbow Pierce", "S7"),)


def test_hp_floor_and_down(numbers, library):
    out = resolve_attack(numbers, AttackPlan("a", library.weapons["greatsword"]),
                         [TargetPlan("t", hp=3)], dice((5, 5, 5), [(3, 3, 3)], damage=(6, 6)))
    r = out.target("t").result
    assert r.taken == 12 and r.hp_after == 0 and r.down


def test_miss_rolls_no_damage_or_defense_for_that_target(numbers, library):
    # Two targets: the first is missed, the second hit; only the second rolls Defense.
    out = resolve_attack(numbers, AttackPlan("a", library.weapons["longsword"]),
                         [TargetPlan("t1", hp=10, defense="1d6"),
                          TargetPlan("t2", hp=10, defense="1d6")],
                         dice((3, 3, 3), [(5, 5, 5), (1, 2, 3)], damage=(4,),
                              defense=[(), (2,)]))
    assert not out.target("t1").hit and out.target("t1").result is None
    assert out.target("t2").result.taken == 5
    assert out.faces()["defense"] == [(), (2,)]
    assert out.faces()["evade"] == [(5, 5, 5), (1, 2, 3)]


def test_shared_damage_roll_with_one_critical_target(numbers, library):
    # Overswing on two targets: one damage roll (2+3, +1 Vigor, +1 Overswing = 7); the
    # critical die (5) is rolled once and counts only for the critical minion.
    plan = AttackPlan("enemy-3", library.weapons["longsword"],
                      attack_bonus=(Part(1, "Vigor", "S28"),),
                      damage_bonus=(Part(1, "Vigor", "S28"), Part(1, "Overswing", "S23")))
    targets = [TargetPlan("monica", hp=13, defense="1d6+3",
                          evasion_bonus=(Part(1, "Shield raised", "S20"),)),
               TargetPlan("minion", hp=5, defense="1d6")]
    out = resolve_attack(numbers, plan, targets,
                         dice((5, 5, 5), [(4, 4, 5), (1, 2, 2)], damage=(2, 5),
                              defense=[(3,), (1,)]))
    monica, minion = out.target("monica"), out.target("minion")
    assert out.attack.total == 16 and monica.evasion.total == 14 and minion.evasion.total == 5
    assert monica.hit and not monica.critical and monica.damage == 7
    assert minion.critical and minion.damage == 12
    assert monica.result.taken == 1 and monica.result.hp_after == 12
    assert minion.result.down
    assert out.faces()["damage"] == [(2, 5)]


def test_skill_dice_follow_weapon_and_critical_dice(numbers, library):
    # --damage lists weapon dice, then critical dice, then skill dice, then pierce dice.
    plan = AttackPlan("josh", library.weapons["longbow"], damage_dice=("1d6",),
                      pierce_dice=("1d6",))
    out = resolve_attack(numbers, plan, [TargetPlan("t", hp=40, defense="1d6+3")],
                         dice((6, 6, 5), [(1, 1, 2)], damage=(1, 2, 3, 4), defense=[(6,)]))
    d = out.damage
    assert (d.weapon, d.critical, d.skill, d.pierce) == (4, 2, 3, 4)
    t = out.target("t")
    assert t.damage == 9 and t.pierce == 6     # longbow Pierce 2 + 4
    assert t.result.effective_defense == 3 and t.result.taken == 6


def test_extra_attack_dice_add_to_total(numbers, library):
    plan = AttackPlan("a", library.weapons["longsword"], extra_attack_dice=1)
    out = resolve_attack(numbers, plan, [TargetPlan("t", hp=10)],
                         dice((2, 2, 2, 6), [(4, 4, 4)], damage=(1,)))
    assert out.attack.total == 12 and out.target("t").hit


def test_outcome_is_frozen(numbers, library):
    out = resolve_attack(numbers, AttackPlan("a", library.weapons["longsword"]),
                         [TargetPlan("t", hp=10)], dice((4, 4, 4), [(4, 4, 4)], damage=(1,)))
    with pytest.raises(AttributeError):
        out.attacker = "b"
    assert out.target("t").steps[0].label == "evasion"
