import pytest

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rulesets.shaper.content.models import ActionPool, Sheet
from shaper_gm.rulesets.shaper.creation import create_actor, stats_from_sheet


def make(numbers, library, **kw):
    args = dict(id="josh", name="Josh")
    args.update(kw)
    return create_actor(numbers, library, **args)


def test_vigor_adds_hp_and_melee(numbers, library):
    s = make(numbers, library, vigor=1, weapons=("longsword",), shield="shield",
             armor="armor-2", skills={"overswing": 1})
    assert s.max_hp == 13
    assert s.attack_bonus_for("melee") == 1 and s.damage_bonus_for("melee") == 1
    assert s.attack_bonus_for("ranged") == 0 and s.evasion_bonus == 0
    assert (s.max_sp, s.sp_regen) == (1, 1)
    assert s.defense == "1d6+3"


def test_finesse_adds_evasion_and_ranged(numbers, library):
    s = make(numbers, library, finesse=1, weapons=("longbow",), skills={"piercing-strike": 1})
    assert s.max_hp == 10
    assert s.evasion_bonus == 1 and s.attack_bonus_for("ranged") == 1
    assert s.attack_bonus_for("melee") == 0 and s.attack_bonus_for("spell") == 0
    assert s.defense is None


def test_mentality_reduces_spell_cost(numbers, library):
    s = make(numbers, library, mentality=1, weapons=("wand", "spell"),
             skills={"energy-shield": 1})
    assert s.spell_cost_reduction == 1 and s.spell_bonus == 1


def test_vigor_skill_without_vigor_refused(numbers, library):
    with pytest.raises(RuleViolation) as err:
        make(numbers, library, finesse=1, skills={"overswing": 1})
    assert err.value.message == "Overswing is a Vigor skill; Josh has 0 Vigor (S27)"
    assert "Vigor" in err.value.hint


def test_too_many_ability_points_refused(numbers, library):
    with pytest.raises(RuleViolation, match=r"2 Ability Points; level 1 allows 1 \(S27, S29\)"):
        make(numbers, library, vigor=1, finesse=1)
    assert make(numbers, library, level=2, vigor=1, finesse=1).max_hp == 13


def test_skill_limits(numbers, library):
    with pytest.raises(RuleViolation, match=r"2 skill levels; level 1 allows 1"):
        make(numbers, library, finesse=1, skills={"piercing-strike": 1, "longshot": 1})
    with pytest.raises(RuleViolation, match=r"skill levels run 1 to 4 \(S24\)"):
        make(numbers, library, finesse=1, skills={"piercing-strike": 5}, strict=False)
    with pytest.raises(RuleViolation, match="Mentality skill; Josh has 0 Mentality"):
        make(numbers, library, vigor=1, skills={"energy-shield": 1})
    with pytest.raises(RuleViolation, match=r"spells need Mentality 1, Josh has 0 \(S25\)"):
        make(numbers, library, vigor=1, weapons=("spell",))


def test_unknown_ids_refused(numbers, library):
    for kw, word in ((dict(weapons=("lightsaber",)), "weapon"), (dict(shield="door"), "shield"),
                     (dict(armor="mithril"), "armor"), (dict(skills={"fly": 1}), "skill")):
        with pytest.raises(RuleViolation, match=f"unknown {word}"):
            make(numbers, library, **kw)


def test_hand_items(numbers, library):
    make(numbers, library, weapons=("longsword",), shield="shield",
         holding=("longsword", "shield"))
    with pytest.raises(RuleViolation, match=r"3 hands of items; an actor has 2 \(S19a\)"):
        make(numbers, library, weapons=("greatsword", "longsword"),
             holding=("greatsword", "longsword"))
    with pytest.raises(RuleViolation, match="not among its weapons"):
        make(numbers, library, weapons=("longsword",), holding=("longbow",))


def test_overrides_and_level_table(numbers, library):
    s = make(numbers, library, level=3, hp=20, sp=5, sp_regen=3)
    assert (s.max_hp, s.max_sp, s.sp_regen) == (20, 5, 3)
    assert make(numbers, library, level=3).max_sp == 2
    with pytest.raises(RuleViolation, match="no level 9"):
        make(numbers, library, level=9)


def test_stats_from_sheet(numbers, library):
    josh = Sheet("josh", "Josh", "character", finesse=1, weapons=("longbow",),
                 skills=(("piercing-strike", 1),), holding=("longbow",))
    s = stats_from_sheet(numbers, library, josh)
    assert s.evasion_bonus == 1 and s.skill_level("piercing-strike") == 1
    assert stats_from_sheet(numbers, library, josh, hp=30).max_hp == 30
    minion = Sheet("minion", "Minion", "creature", hp=5,
                   pool=ActionPool((("major", 1), ("minor", 1))), summoned=True)
    m = stats_from_sheet(numbers, library, minion)
    assert m.max_hp == 5 and m.pool.as_dict() == {"major": 1, "minor": 1} and m.summoned
    # Creatures are exempt from the level limits, not from the other checks.
    brute = Sheet("brute", "Brute", "creature", vigor=2, finesse=1)
    assert stats_from_sheet(numbers, library, brute).max_hp == 16
