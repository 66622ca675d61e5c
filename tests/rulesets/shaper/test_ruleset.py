"""ShaperRuleset wiring: the worked battle's attacks prepared from stats and battlefield."""

import pytest

from shaper_gm.dice import DiceRng, RolledFaces
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.grid import parse_cell
from shaper_gm.engine.resources import at_moment
from shaper_gm.engine.ruleset import Ruleset
from shaper_gm.rulesets.shaper.pipeline import resolve_attack
from shaper_gm.rulesets.shaper.prepare import AttackRules
from shaper_gm.rulesets.shaper.situation import FieldView, Placement

from .conftest import given, tape


def at(shaper, zone, side, eng=None):
    return Placement(parse_cell(zone, *shaper.grid), side, eng)


def resolve(shaper, prep, dice):
    return resolve_attack(shaper.numbers, prep.plan, prep.targets, dice)


def test_is_a_ruleset(shaper):
    assert isinstance(shaper, Ruleset)
    assert shaper.cost("attack") == "major" and shaper.cost("engage") == "minor"
    with pytest.raises(RuleViolation, match="no cost listed"):
        shaper.cost("teleport")


def test_distance_and_bands(shaper):
    assert shaper.distance("A1", "E5") == 7 and shaper.band_name(7) == "Long+4"
    assert shaper.distance("A1", "C2") == 2                  # a move action a step (S12)
    assert parse_cell("g7", 7, 7) == (6, 6) and shaper.canonical_zone("g7", 7, 7) == "G7"
    with pytest.raises(RuleViolation):
        shaper.canonical_zone("g7", *shaper.grid)


def test_initiative_and_order(shaper):
    josh = shaper.create_actor(id="josh", name="Josh", finesse=1)
    monica = shaper.create_actor(id="monica", name="Monica", vigor=1)
    r = shaper.initiative(josh, given(3, 4, 5))
    assert r.total == 13
    m = shaper.initiative(monica, given(4, 4, 5))
    assert m.total == r.total == 13                  # a tie: higher Finesse goes first (S17)
    assert shaper.order_tiebreak(josh) == 1 > shaper.order_tiebreak(monica) == 0
    assert shaper.initiative(josh, RolledFaces(DiceRng(7))).total >= 4


def test_pool_and_sp(shaper):
    josh = shaper.create_actor(id="josh", name="Josh", finesse=1)
    assert shaper.new_pool(josh) == {"major": 3, "minor": 1, "free": 1}
    # S22 is the SP resource's refill: + Regen at the start of the turn, capped at Total SP.
    assert at_moment(shaper.resources, {"sp": 0}, "turn_start", josh, shaper.stat) == {"sp": 1}
    assert at_moment(shaper.resources, {"sp": 1}, "turn_start", josh, shaper.stat) == {"sp": 1}


def test_josh_piercing_strike(shaper):
    rules = AttackRules(shaper)
    # Attack 3,6,6 +1 Finesse = 16 vs Evasion 16: hit. 6+3 = 9 damage, Pierce 2 + 1d6 (3).
    josh = shaper.create_actor(id="josh", name="Josh", finesse=1, weapons=("longbow",),
                               skills={"piercing-strike": 1})
    enemy = shaper.create_actor(id="enemy-2", name="Enemy", armor="armor-2", strict=False)
    view = FieldView({"josh": at(shaper, "A1", "party"), "enemy-2": at(shaper, "D1", "enemies")})
    target = rules.target_plan(enemy, view, hp=15)
    prep = rules.prepare_attack(josh, "longbow", [target], view,
                                 skill_ids=["piercing-strike"], held=("longbow",))
    assert prep.plan.attack_bonus[0] == (1, "Finesse", "S28")
    assert prep.plan.pierce_dice == ("1d6",) and prep.skill_triggers == 1
    assert prep.ranges[0].band == "Long" and not prep.plan.modifiers
    out = resolve(shaper, prep, tape(given(3, 6, 6), (given(5, 5, 6),), given(6, 3),
                                     (given(2),)))
    t = out.target("enemy-2")
    assert out.attack.total == 16 and t.hit and t.damage == 9 and t.pierce == 5
    assert t.result.effective_defense == 0 and t.result.taken == 9   # armor fully negated


def test_thread_the_needle_and_longshot(shaper):
    rules = AttackRules(shaper)
    josh = shaper.create_actor(id="josh", name="Josh", level=3, finesse=1,
                               weapons=("longbow",),
                               skills={"thread-the-needle": 1, "longshot": 1})
    view = FieldView({"josh": at(shaper, "A1", "party"),
                      "monica": at(shaper, "C1", "party", "e1"),
                      "enemy-3": at(shaper, "C1", "enemies", "e1"),
                      "crossbow": at(shaper, "E1", "enemies")})
    enemy = shaper.create_actor(id="enemy-3", name="Enemy 3")
    t = rules.target_plan(enemy, view, hp=10)
    prep = rules.prepare_attack(josh, "longbow", [t], view, held=("longbow",))
    assert [tuple(m) for m in prep.plan.modifiers] == \
        [("disadvantage", "firing into melee", "S15")]
    prep = rules.prepare_attack(josh, "longbow", [t], view, held=("longbow",),
                                 skill_ids=["thread-the-needle"])
    assert prep.plan.modifiers == ()
    # The crossbow enemy at Long+1: Longshot extends the range and adds 1 damage at max.
    xb = rules.target_plan(shaper.create_actor(id="crossbow", name="Crossbow"), view, hp=15)
    prep = rules.prepare_attack(josh, "longbow", [xb], view, held=("longbow",),
                                 skill_ids=["longshot"])
    assert prep.plan.modifiers == () and prep.ranges[0].at_max_range
    assert (1, "Longshot", "S23") in prep.plan.damage_bonus
    # Critical (17 vs 8): 1d6+3 (5) + critical 1d6 (6) + 1 Longshot = 15; no armor.
    out = resolve(shaper, prep, tape(given(5, 5, 6), (given(2, 3, 3),), given(5, 6)))
    assert out.target("crossbow").critical and out.target("crossbow").damage == 15
    assert out.target("crossbow").result.down
    with pytest.raises(RuleViolation, match="not holding the Longbow"):
        rules.prepare_attack(josh, "longbow", [xb], view, held=())


def test_overswing_adds_engaged_enemies_and_outnumbered(shaper):
    rules = AttackRules(shaper)
    e3 = shaper.create_actor(id="enemy-3", name="Enemy 3", vigor=1, weapons=("longsword",),
                             skills={"overswing": 1})
    monica = shaper.create_actor(id="monica", name="Monica", vigor=1, weapons=("longsword",),
                                 shield="shield", armor="armor-2")
    minion = shaper.create_actor(id="minion", name="Minion", hp=5, armor="armor-1",
                                 strict=False)
    view = FieldView({"enemy-3": at(shaper, "C3", "enemies", "e1"),
                      "enemy-1": at(shaper, "C3", "enemies", "e1"),
                      "monica": at(shaper, "C3", "party", "e1"),
                      "minion": at(shaper, "C3", "party", "e1")})
    mt = rules.target_plan(monica, view, hp=13, shield_raised=True)
    assert mt.evasion_bonus == ((1, "Shield raised", "S20"),) and mt.evasion_modifiers == ()
    prep = rules.prepare_attack(e3, "longsword", [mt], view, skill_ids=["overswing"],
                                 extra_targets={"minion": rules.target_plan(minion, view,
                                                                             hp=5)})
    assert [t.id for t in prep.targets] == ["monica", "minion"]
    assert sum(p.amount for p in prep.plan.damage_bonus) == 2    # Vigor + Overswing
    out = resolve(shaper, prep, tape(given(5, 5, 5), (given(4, 4, 5), given(1, 2, 2)),
                                     given(2, 5), (given(3), given(1))))
    assert out.target("monica").damage == 7 and out.target("monica").result.taken == 1
    assert out.target("minion").damage == 12 and out.target("minion").result.down
    # Minion down: Monica alone against two enemies is Outnumbered (S16).
    view2 = FieldView({**view.actors, "minion": Placement((2, 2), "party", "e1", down=True)})
    assert rules.target_plan(monica, view2, hp=12).evasion_modifiers == \
        (("disadvantage", "Outnumbered", "S16"),)
    with pytest.raises(RuleViolation, match=r"Down \(S8\)"):
        rules.prepare_attack(e3, "longsword", [rules.target_plan(minion, view2, hp=0)],
                              view2)


def test_spell_attack_costs(shaper):
    rules = AttackRules(shaper)
    taylor = shaper.create_actor(id="taylor", name="Taylor", level=3, mentality=1,
                                 weapons=("wand",), skills={"spell-power": 2, "shield-bash": 1})
    view = FieldView({"taylor": at(shaper, "A1", "party"), "g": at(shaper, "A2", "enemies")})
    g = rules.target_plan(shaper.create_actor(id="g", name="G"), view, hp=5)
    prep = rules.prepare_attack(taylor, "spell", [g], view, held=("wand",),
                                 skill_ids=["spell-power"])
    assert prep.ranges[0].ok                       # the wand raises spell range to Short
    assert (prep.skill_triggers, prep.free_skills) == (0, 1)
    assert prep.plan.is_magic
    with pytest.raises(RuleViolation, match="only gains from spell skills"):
        rules.prepare_attack(taylor, "spell", [g], view, skill_ids=["shield-bash"])
