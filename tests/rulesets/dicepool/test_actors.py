"""Actors from templates with the GM's numbers and flags, and the GM's damage/heal tools."""

from __future__ import annotations

import pytest
import yaml

from shaper_gm.engine.events import FieldSet, HpChanged, Revived, WentDown
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.ruleset import Ruleset
from shaper_gm.errors import GmError
from tests.rulesets.dicepool.conftest import CONTENT, Fight


def make_actor(rs, actor_id, template, zone, numbers=None, **extra):
    """The actor `add` makes (the Python make_actor's numbers as --stat, hp as --hp);
    `rs` is kept for the Python signature: the fight's own ruleset makes it."""
    numbers = dict(numbers or {})
    hp = numbers.pop("hp", None)
    f = Fight()
    if extra:
        f.add(actor_id, template, zone, stats=numbers, **extra)
    else:
        f.execute(" ".join(filter(None, (
            f"add {actor_id}", template and f"--as {template}", f"--at {zone}",
            hp is not None and f"--hp {hp}",
            *(f"--stat {k}={v}" for k, v in numbers.items())))))
    return f.state.actors[actor_id]


def make(rs, template=None, numbers=None, **extra):
    return make_actor(rs, "x", template, "A1", numbers=numbers, **extra)


def ruleset():
    return Fight().rs


def test_the_ruleset_meets_the_engine_interface():
    rs = ruleset()
    assert isinstance(rs, Ruleset)
    assert (rs.id, rs.name, rs.rules) == ("dicepool", "Dice pool", "P1-P12")
    assert isinstance(rs.turn_order, FixedOrder)
    assert [r.name for r in rs.resources] == ["pool", "actions", "reactions"]   # P12
    assert rs.sheet_numbers == ("str", "dex", "con", "ac", "speed")
    assert rs.effect_keys == ("ac", "speed", "damage") and rs.has_hp


def test_a_template_gives_the_sheet_hp_pool_and_weapon_in_hand():
    rs = ruleset()
    barry = make_actor(rs, "barry", "barry", "B2")
    assert (barry.name, barry.side, barry.hp, barry.max_hp) == ("Barry the Guard", "enemies",
                                                                12, 12)
    assert barry.resource_map() == {"pool": 4, "actions": 2, "reactions": 1}
    # the Python ActorState held the weapon in hand: the data sheet holds it, with its stat
    assert barry.sheet.holding == "halberd" and barry.sheet.held_stat == "str"


def test_without_a_template_the_default_sheet_with_stat_overrides():
    rs = ruleset()
    actor = make(rs, numbers={"str": 3, "ac": 4, "speed": 6, "hp": 15})
    assert actor.name == "X" and actor.side == "enemies"      # add's side in every ruleset
    assert [rs.stat(actor.sheet, k) for k in ("str", "dex", "con", "ac", "speed")] == \
        [3, 1, 1, 4, 6]
    assert (actor.hp, actor.max_hp) == (15, 15)
    # the Python Sheet's provisional flag: ruleset.yaml lists the default sheet so

    assert "default_sheet" in yaml.safe_load((CONTENT / "ruleset.yaml").read_text())[
        "provisional"]


def test_flags_add_proficiencies_weapons_abilities_and_the_weapon_in_hand():
    rs = ruleset()
    actor = make(rs, "barry", prof={"spear": 2}, weapons=["spear"], holding="spear",
                 abilities=["parry"])
    assert actor.sheet.proficiencies["spear"] == 2 and actor.sheet.proficiencies["halberd"] == 1
    assert actor.sheet.weapons == ("halberd", "spear") and actor.sheet.holding == "spear"
    assert actor.resource("pool") == 3 + 2 and actor.sheet.abilities == ("parry",)


@pytest.mark.parametrize("numbers, extra, message", [
    ({"int": 3}, {}, "--stat 'int=3': Dice pool sheets have str, dex, con, ac, speed"),
    ({"str": -1}, {}, "--stat str=-1 is out of range: expected a whole number of at least 0"),
    ({"hp": 0}, {}, "--hp 0 is out of range: expected a whole number of at least 1"),
    ({}, {"prof": {"halberd": -1}}, "--prof halberd must be a whole number"),
    ({}, {"prof": {"sling": 1}}, "no dice-pool weapon 'sling'"),
    ({}, {"holding": "sling"}, "no dice-pool weapon 'sling'"),
    ({}, {"holding": ["spear", "dagger"]}, "--holding given twice; give it once"),
    ({}, {"abilities": ["fly"]}, r"no dice-pool ability 'fly' \(P12\)"),
    ({}, {"shield": True}, "unknown flag --shield"),
])
def test_bad_values_are_refused(numbers, extra, message):
    with pytest.raises(GmError, match=message) as caught:
        make(ruleset(), "barry", numbers, **extra)
    assert caught.value.hint


def test_an_unknown_template_is_refused_with_the_known_ones():
    with pytest.raises(GmError, match="no template 'orc'") as caught:
        make(ruleset(), "orc")
    assert "barry" in caught.value.hint and "freya" in caught.value.hint


def test_gm_damage_comes_straight_off_hp_and_downs_at_0(fight):
    """Through the damage command, as the GM gives it (the Python rs.damage)."""
    fight.execute("damage barry 5")
    assert fight.hp("barry") == 7 and list(fight.events) == [HpChanged("barry", 12, 7,
                                                                       "5 GM damage (P8)")]
    fight.execute("damage barry 50")
    assert fight.hp("barry") == 0 and fight.state.actors["barry"].down
    assert fight.events[0] == HpChanged("barry", 7, 0, "7 of 50 GM damage (P8)")
    assert WentDown("barry", "down", "P8") in fight.events
    with pytest.raises(GmError, match=r"unknown flag --magic"):
        fight.execute("damage freya 3 --magic")
    with pytest.raises(GmError, match="the amount must be a whole number"):
        fight.execute("damage freya -3")
    with pytest.raises(GmError, match="no actor 'bob'"):
        fight.execute("damage bob 3")


def test_gm_heal_caps_at_max_hp_and_brings_a_down_actor_back(fight):
    rs = fight.rs
    state, _ = rs.damage(fight.state, "barry", 12, {})
    state, events = rs.heal(state, "barry", 20)
    assert state.actors["barry"].hp == 12 and not state.actors["barry"].down
    assert Revived("barry") in events


def test_set_changes_a_sheet_number(fight):
    fight.start()
    fight.execute("set freya dex=4")
    assert fight.events == (FieldSet("freya", "dex", 2, 4),)
    # the Python rs.dodge_bonus: what a prepared dodge adds, as prepare reads it (P11)
    assert fight.run("prepare", "freya I dodge --against barry").bonus == 2


def test_the_ruleset_reads_every_shipped_template():
    f = Fight()
    for template in sorted(f.rs.templates()):
        f.add(template, template)
    assert {a: f.state.actors[a].resource("pool") for a in f.state.actors} == {
        "barry": 4, "freya": 5, "kit": 4, "odo": 3, "raider": 3, "wolf": 3}
