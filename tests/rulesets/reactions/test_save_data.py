"""The generic save codec's part for this ruleset: a full sheet goes to plain data and
back unchanged, and data of the wrong type is refused naming its key path. Actors carry
nothing else (no `system` data): resources hold reactions, shield, move and action."""

from __future__ import annotations

import pytest

from shaper_gm.engine.data import DataError, from_data, to_data
from shaper_gm.rulesets.reactions.models import Sheet
from tests.rulesets.reactions.conftest import session

FULL = Sheet(id="hero", name="Hero", health=44, physical_armor=3, magical_armor=7,
             block_bonus=5, block=9, dodge=17, critical=19, critical_bonus=12, reactions=3,
             speed=6, initiative=-2, weapons=("spellblade", "hex-pistol"), shield="ward",
             provisional=("health", "speed"), description="a test sheet")


def test_a_full_sheet_round_trips(rs):
    assert rs.sheet_type is Sheet
    assert from_data(Sheet, to_data(FULL), "actors.hero.sheet") == FULL
    assert rs.decode_sheet(rs.encode_sheet(FULL), "actors.hero.sheet") == FULL
    assert rs.decode_sheet(rs.encode_sheet(Sheet()), "x") == Sheet()     # no shield: null


def test_every_sheet_of_a_played_fight_round_trips():
    s = session("attack bo --react bo=block --crit 1",
                setup=("add ann --as duellist --side party --at B2 --stat block=3",
                       "add bo --as knight --at C2 --weapon war-axe --shield ward --hp 12",
                       "init ann bo", "start"))
    rs = s.ruleset_for(s.state)
    for actor in s.state.actors.values():
        assert rs.decode_sheet(rs.encode_sheet(actor.sheet), "sheet") == actor.sheet
        assert rs.decode_actor_system(rs.encode_system(actor.system), "system") is None
    assert rs.new_system() is None and rs.decode_encounter_system(None, "system") is None


@pytest.mark.parametrize("key, value, where, problem", [
    ("block", "12", "actors.hero.sheet.block", "whole number"),
    ("block", True, "actors.hero.sheet.block", "whole number"),
    ("weapons", "spellblade", "actors.hero.sheet.weapons", "a list"),
    ("weapons", ["spellblade", 3], "actors.hero.sheet.weapons[1]", "text"),
    ("shield", 10, "actors.hero.sheet.shield", "text"),
    ("armour", 3, "actors.hero.sheet.armour", "not a key"),
])
def test_a_wrong_type_is_refused_naming_the_key_path(key, value, where, problem):
    data = to_data(FULL)
    data[key] = value
    with pytest.raises(DataError, match=problem) as err:
        from_data(Sheet, data, "actors.hero.sheet")
    assert err.value.where == where
