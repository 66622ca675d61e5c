"""Shaper written as data beside the Python ruleset: the offensive spell (S25), what a
caster's attack uses with nothing in hand (the attack's `bare: spell`): no ability
bonus, magic damage through Defense halved (S7), Close range and one band beyond with
Disadvantage (S13); one with no Mentality holds no weapon to attack with (S19a)."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, attack, both

__all__ = ["both"]

SETUP = ("add taylor --as taylor --at B1", "add josh --as josh --at B2",
         "add raider --as raider --at B1", "init taylor josh raider", "start")


@pytest.mark.parametrize("before, total", [
    ((), 12),                       # Close: 4+4+4, no bonus
    (("move taylor C1",), 9),       # a band beyond: Disadvantage, 4+4+1
])
def test_a_casters_empty_hand_attacks_with_the_spell_alike(both, before, total):
    sessions = both(*SETUP, *before)
    line = "attack taylor raider --roll 4,4,4 --evade 1,1,2 --damage 3 --defense 6"
    results = {rs: attack(s, s.execute(line)) for rs, s in sessions.items()}
    assert results[DATA] == results[PYTHON]
    assert results[PYTHON][:6] == (total, 4, True, False, 6, 9)
    assert ("Defense halved (magic)", 4, "S7") in results[PYTHON][6]


def test_no_mentality_no_spell_alike(both):
    sessions = both(*SETUP, "end")
    for s in sessions.values():
        with pytest.raises(GmError, match=r"Josh holds no weapon \(S19a\)"):
            s.execute("attack josh raider")


def test_a_shield_alone_in_hand_is_no_weapon_alike(both):
    """S19a: Monica holds only her shield: no weapon to attack with, unless named (then
    the one named is not in hand)."""
    sessions = both("add monica --as monica --at B1", "add raider --as raider --at B1",
                    "init monica raider", "start", "engage raider")
    for s in sessions.values():
        with pytest.raises(GmError, match=r"^Monica holds no weapon \(S19a\)"):
            s.execute("attack raider")
        with pytest.raises(GmError, match=r"^Monica is not holding the Longsword \(S19a\)"):
            s.execute("attack raider --with longsword")
