"""The generic save codec's part for this ruleset: a full sheet goes to plain data and
back unchanged, and data of the wrong type is refused naming its key path. Actors carry
nothing else (no `system` data): resources hold reactions, shield, move and action.
Sheets are the data ruleset's mappings of the content's keys (there is no Python Sheet
record): FULL is every key such a sheet may hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.engine.data import DataError
from tests.rulesets.reactions.conftest import session

FULL = dict(id="hero", name="Hero", health=44, physical_armor=3, magical_armor=7,
            block_bonus=5, block=9, dodge=17, critical=19, critical_bonus=12, reactions=3,
            speed=6, initiative=-2, weapons=["spellblade", "hex-pistol"], shield="ward",
            provisional=["health", "speed"], description="a test sheet")
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_a_full_sheet_round_trips(rs):
    sheet = rs.decode_sheet(FULL, "actors.hero.sheet")
    assert rs.encode_sheet(sheet) == FULL
    assert rs.decode_sheet(rs.encode_sheet(sheet), "actors.hero.sheet") == sheet
    bare = rs.decode_sheet({}, "x")                 # every key the default sheet's
    assert rs.decode_sheet(rs.encode_sheet(bare), "x") == bare and bare["shield"] is None


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
def test_a_wrong_type_is_refused_naming_the_key_path(rs, key, value, where, problem):
    data = dict(FULL)
    data[key] = value
    with pytest.raises(DataError, match=problem) as err:
        rs.decode_sheet(data, "actors.hero.sheet")
    assert err.value.where == where


def test_the_python_rulesets_demo_save_opens_and_replays_to_the_same_state():
    """A save the Python ruleset wrote (version 2) opens on the data ruleset, every sheet
    as saved, and its log replays to the very state it holds."""
    from shaper_gm.persist.replay import replay_save
    from shaper_gm.persist.saves import read_save
    old = FIXTURES / "v2-reactions-demo.yaml"
    assert replay_save(old).ok
    state = read_save(old).state
    assert state.actors["knox"].sheet["shield"] == "tower-shield"
    assert state.actors["ann"].sheet["weapons"] == ("duelling-sword", "spellblade",
                                                     "hex-pistol")
