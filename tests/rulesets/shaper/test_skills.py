import pytest

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rulesets.shaper.creation import create_actor
from shaper_gm.rulesets.shaper.skills import (
    check_trigger,
    check_uses,
    collect_effects,
    spell_cost,
    spend_sp,
)


def actor(numbers, library, **kw):
    return create_actor(numbers, library, id="a", name="Ann", strict=False, **kw)


def test_spell_cost_reduction_source_example():
    # Spell + 1 spell skill, Mentality 1: only the spell's Major.
    c = spell_cost(1, 1)
    assert (c.free_added, c.paid_added, c.total) == (1, 0, 1)
    # Spell + 2 spell skills: 1 Major + 1 more Major or SP.
    c = spell_cost(2, 1)
    assert (c.free_added, c.paid_added, c.total) == (1, 1, 2)
    # Never below 1: the reduction cannot remove the cast itself.
    assert spell_cost(0, 3).total == 1
    assert spell_cost(2, 5).free_added == 2


def test_sp_regen_capped(numbers):
    """S22 through the SP resource's spec, the one place the rule now lives."""
    from shaper_gm.engine.resources import ResourceSpec, at_moment
    from shaper_gm.rulesets.shaper.ruleset import resource_specs

    sp = [s for s in resource_specs(numbers) if s.name == "sp"]
    assert isinstance(sp[0], ResourceSpec)

    def regen(current, regen, max_sp):
        sheet = {"sp_regen": regen, "max_sp": max_sp}
        return at_moment(sp, {"sp": current}, "turn_start", sheet,
                         lambda sh, key: sh[key])["sp"]
    assert regen(0, 1, 1) == 1
    assert regen(1, 1, 1) == 1
    assert regen(1, 2, 4) == 3


def test_spend_sp(numbers):
    assert spend_sp(numbers, 1) == 0
    with pytest.raises(RuleViolation, match=r"not enough SP \(S23\): Ann has 0, needs 1"):
        spend_sp(numbers, 0, who="Ann")


def test_uses_per_round_is_skill_level(library):
    skill = library.skills["piercing-strike"]
    check_uses(skill, 2, 1)
    with pytest.raises(RuleViolation, match=r"used 2 of 2 times this round \(S24\)") as err:
        check_uses(skill, 2, 2, who="Josh")
    assert "start of Josh's turn" in err.value.hint


def test_effects_scale_with_ability(numbers, library):
    josh = actor(numbers, library, finesse=2)
    eff = collect_effects(library.skills["piercing-strike"], 1, josh, weapon_kind="ranged")
    assert eff.pierce_dice == ("1d6", "1d6")
    eff = collect_effects(library.skills["longshot"], 1, josh, weapon_kind="ranged")
    assert eff.range_bands == 1 and eff.damage_bonus == ()
    eff = collect_effects(library.skills["longshot"], 1, josh, weapon_kind="ranged",
                          at_max_range=True)
    assert [p.amount for p in eff.damage_bonus] == [1]


def test_triggers(numbers, library):
    josh = actor(numbers, library, finesse=1, vigor=1)
    bow, sword = library.weapons["longbow"], library.weapons["longsword"]
    ps = library.skills["piercing-strike"]
    check_trigger(numbers, josh, ps, 1, moment="on_attack", weapon=bow)
    with pytest.raises(RuleViolation, match="needs a ranged attack"):
        check_trigger(numbers, josh, ps, 1, moment="on_attack", weapon=sword)
    with pytest.raises(RuleViolation, match=r"triggers on attack, not anytime \(S23\)"):
        check_trigger(numbers, josh, ps, 1, moment="anytime")
    with pytest.raises(RuleViolation, match="does not know"):
        check_trigger(numbers, josh, ps, 0, moment="on_attack", weapon=bow)
    bash = library.skills["shield-bash"]
    with pytest.raises(RuleViolation, match=r"needs a raised shield \(S20\)"):
        check_trigger(numbers, josh, bash, 1, moment="on_attack", weapon=sword)
    check_trigger(numbers, josh, bash, 1, moment="on_attack", weapon=sword, shield_raised=True)


def test_spell_triggers(numbers, library):
    taylor = actor(numbers, library, mentality=1)
    josh = actor(numbers, library, finesse=1)
    es = library.skills["energy-shield"]
    check_trigger(numbers, taylor, es, 1, moment="targeted")       # anytime
    with pytest.raises(RuleViolation, match=r"spells need Mentality 1; Ann has 0 \(S25\)"):
        check_trigger(numbers, josh, es, 1, moment="anytime")
    spell = library.spells["spell"]
    with pytest.raises(RuleViolation, match="only gains from spell skills"):
        check_trigger(numbers, josh, library.skills["piercing-strike"], 1,
                      moment="on_attack", weapon=spell)
    with pytest.raises(RuleViolation, match="is a spell"):
        check_trigger(numbers, taylor, library.skills["spell-power"], 1, moment="on_attack",
                      weapon=library.weapons["longsword"])
