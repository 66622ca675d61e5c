import pytest

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.grid import parse_cell
from shaper_gm.rulesets.shaper.situation import (
    FieldView,
    Placement,
    engaged_enemies,
    firing_into_melee,
    in_melee,
    outnumbered,
    range_check,
)


def at(zone, side, eng=None, down=False):
    return Placement(parse_cell(zone, 5, 5), side, eng, down)


@pytest.fixture
def view():
    return FieldView({
        "josh": at("A1", "party"),
        "monica": at("C3", "party", "e1"),
        "enemy-1": at("C3", "enemies", "e1"),
        "enemy-3": at("C3", "enemies", "e1"),
        "bystander": at("C3", "enemies"),
        "far": at("A5", "enemies"),          # Long+1 from A1 (straight line of 4)
        "farther": at("A1", "enemies"),
    }, names={"josh": "Josh", "far": "goblin"})


def test_melee_needs_the_same_engagement(view):
    assert in_melee(view, "monica", "enemy-1")
    assert not in_melee(view, "monica", "bystander")    # same zone: only Close (S11)
    assert engaged_enemies(view, "monica") == ("enemy-1", "enemy-3")


def test_outnumbered(view):
    assert outnumbered(view, "monica")          # 2 enemies vs Monica alone
    assert not outnumbered(view, "enemy-1")
    assert not outnumbered(view, "josh")        # not engaged
    view2 = FieldView({**view.actors, "minion": at("C3", "party", "e1")})
    assert not outnumbered(view2, "monica")     # 2 vs 2
    view3 = FieldView({**view2.actors, "minion": at("C3", "party", "e1", down=True)})
    assert outnumbered(view3, "monica")         # a Down actor has left (S8)


def test_firing_into_melee(view):
    assert firing_into_melee(view, "josh", "enemy-1", "ranged")
    assert firing_into_melee(view, "josh", "enemy-1", "spell")
    assert not firing_into_melee(view, "josh", "enemy-1", "melee")
    assert not firing_into_melee(view, "josh", "bystander", "ranged")   # not engaged
    # Reading of S15: Taylor casting at the enemy she is engaged with, alongside Josh,
    # takes no penalty (the source's last exchange).
    v = FieldView({"josh": at("A1", "party", "e2"), "taylor": at("A1", "party", "e2"),
                   "enemy-1": at("A1", "enemies", "e2")})
    assert not firing_into_melee(v, "taylor", "enemy-1", "spell")


def test_range_bands(numbers, library, view):
    bow = library.weapons["longbow"]            # max range Long
    v = FieldView({**view.actors, "long": at("D1", "enemies")})
    ok = range_check(numbers, v, "josh", "long", bow)
    assert ok.ok and ok.at_max_range and ok.band == "Long"
    dis = range_check(numbers, view, "josh", "far", bow)
    assert dis.band == "Long+1" and not dis.at_max_range
    assert [tuple(m) for m in dis.modifiers] == [("disadvantage", "beyond max range", "S13")]
    with pytest.raises(RuleViolation) as err:
        range_check(numbers, view, "josh", "monica", bow.__class__(**{**bow.__dict__,
                                                                      "range": 1}))
    assert "2 bands beyond max range (S13)" in err.value.message
    ext = range_check(numbers, view, "josh", "far", bow, extra_bands=1)   # Longshot
    assert ext.ok and ext.at_max_range


def test_melee_weapon_needs_engagement(numbers, library, view):
    with pytest.raises(RuleViolation) as err:
        range_check(numbers, view, "josh", "farther", library.weapons["longsword"])
    assert err.value.message.startswith("Josh is not engaged with farther (S11)")
    assert "engage first (Minor" in err.value.hint
    assert range_check(numbers, view, "monica", "enemy-1", library.weapons["longsword"]).melee


def test_spell_range_base_close_wand_short(numbers, library):
    spell = library.spells["spell"]
    v = FieldView({"taylor": at("A1", "party"), "monica": at("A3", "party"),
                   "near": at("A2", "enemies")})
    beyond = range_check(numbers, v, "taylor", "near", spell)   # Close + 1: Disadvantage
    assert beyond.modifiers
    assert range_check(numbers, v, "taylor", "near", spell, spell_range_bonus=1).ok
    with pytest.raises(RuleViolation):
        range_check(numbers, v, "taylor", "monica", spell)       # Medium: 2 bands beyond
