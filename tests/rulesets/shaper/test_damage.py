"""The S7 pipeline on its own (the GM's `damage` command uses it too)."""

from shaper_gm.rulesets.shaper.damage import damage_pipeline


def test_armor_reduces_damage():
    r = damage_pipeline(5, 4, hp=10)
    assert r.taken == 1 and r.hp_after == 9 and not r.down


def test_pierce_reduces_defense_but_adds_no_damage():
    assert damage_pipeline(5, 4, pierce=2, hp=10).taken == 3
    r = damage_pipeline(5, 4, pierce=6, hp=10)
    assert r.effective_defense == 0 and r.taken == 5


def test_magic_halves_defense_rounded_down_before_pierce():
    r = damage_pipeline(7, 7, magic=True, hp=10)
    assert r.defense_after_magic == 3 and r.taken == 4
    assert damage_pipeline(11, 6, magic=True, hp=20).taken == 8   # Taylor's critical spell
    r = damage_pipeline(7, 7, magic=True, pierce=2, hp=10)
    assert r.effective_defense == 1 and r.taken == 6


def test_absorb_soaks_after_defense():
    r = damage_pipeline(13, 6, pierce=4, absorb=2, hp=13)
    assert (r.taken, r.absorbed, r.hp_after, r.absorb_left) == (11, 2, 4, 0)
    r = damage_pipeline(3, 4, absorb=2, hp=13)      # nothing got through: absorb unused
    assert r.absorbed == 0 and r.absorb_left == 2 and r.hp_after == 13


def test_no_armor_is_defense_zero_and_hp_floors_at_zero():
    r = damage_pipeline(15, None, hp=8)
    assert r.defense == 0 and r.taken == 15 and r.hp_after == 0 and r.down
    assert r.hp_lost == 8
    assert r.steps[-1].rule == "S8"
