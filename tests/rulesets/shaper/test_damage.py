"""The S7 pipeline on its own: the GM's `damage` command, which a hit's damage takes too
(its breakdown read as the screen gives it, HP off the session's state)."""

from __future__ import annotations

from shaper_gm.app import new_session
from tests.rulesets.shaper.test_data_examples import gm_damage

# t: 10 HP in tier 1 armor (Defense 1d6); u: 20 HP in tier 2 (1d6+3); v: 8 HP, no armor.
SETUP = ("add t --hp 10 --armor armor-t1 --at B2", "add u --hp 20 --armor armor-t2 --at B3",
         "add v --hp 8 --at B4", "add taylor --as taylor --at C2", "init t u v taylor",
         "start")


def session(*lines: str):
    s = new_session(seed=1)
    for line in (*SETUP, *lines):
        s.execute(line)
    return s


def damage(s, line: str) -> dict[str, int]:
    """The command's S7/S8 breakdown, label → number."""
    return {label: value for label, value, _ in gm_damage(s, s.execute(line))}


def hp(s, actor_id: str) -> int:
    return s.state.actors[actor_id].hp


def test_armor_reduces_damage():
    s = session()
    r = damage(s, "damage t 5 --defense 4")
    assert r["damage after Defense"] == 1 and hp(s, "t") == 9 and r["HP"] == 9
    assert s.state.actors["t"].hp > 0                                  # not Down


def test_pierce_reduces_defense_but_adds_no_damage():
    s = session()
    assert damage(s, "damage t 5 --pierce 2 --defense 4")["damage after Defense"] == 3
    s = session()
    r = damage(s, "damage t 5 --pierce 6 --defense 4")
    assert r["Defense after Pierce 6"] == 0 and r["damage after Defense"] == 5


def test_magic_halves_defense_rounded_down_before_pierce():
    s = session()
    r = damage(s, "damage u 7 --magic --defense 4")                      # Defense 4+3 = 7
    assert r["Defense halved (magic)"] == 3 and r["damage after Defense"] == 4
    s = session()                                                      # Taylor's critical spell
    assert damage(s, "damage u 11 --magic --defense 3")["damage after Defense"] == 8
    s = session()
    r = damage(s, "damage u 7 --magic --pierce 2 --defense 4")
    assert r["Defense after Pierce 2"] == 1 and r["damage after Defense"] == 6


def test_absorb_soaks_after_defense():
    """Taylor (13 HP, tier 1 armor) under her Energy Shield (2 to absorb, S26)."""
    s = session("cast taylor energy-shield --sp")
    r = damage(s, "damage taylor 13 --pierce 4 --defense 6")
    assert (r["damage after Defense"], r["absorbed"], hp(s, "taylor")) == (11, 2, 4)
    assert s.state.actors["taylor"].effect_total("absorb") == 0
    s = session("cast taylor energy-shield --sp")
    r = damage(s, "damage taylor 3 --defense 4")       # nothing got through: absorb unused
    assert r["absorbed"] == 0 and hp(s, "taylor") == 13
    assert s.state.actors["taylor"].effect_total("absorb") == 2


def test_no_armor_is_defense_zero_and_hp_floors_at_zero():
    s = session()
    result = s.execute("damage v 15")
    steps = gm_damage(s, result)
    r = {label: value for label, value, _ in steps}
    assert r["Defense (no armor)"] == 0 and r["damage after Defense"] == 15
    assert r["HP"] == 0 and hp(s, "v") == 0
    assert 8 - hp(s, "v") == 8                                         # HP lost: 8
    assert steps[-1][2] == "S8"                                        # Down (S8)
