"""Dungeoneers sheets and system data go through the generic save codec unchanged, and
a wrong value is refused naming its key path."""

from __future__ import annotations

import pytest

from shaper_gm.engine.data import DataError, from_data, to_data
from shaper_gm.rulesets.dungeoneers.models import ActorData, EncounterData, Sheet
from tests.rulesets.dungeoneers.conftest import make_actor


def full_sheet(rs) -> Sheet:
    actor = make_actor(rs, "ogre", "Big Ogre", "enemies", "C3", "alberich",
                       {"body": 4, "armor": 2, "wound_limit": 14, "critical_threshold": 4},
                       {"prof": {"grappling": "master"}, "vulnerable": {"H": 2},
                        "resist": {"physical": 1}, "immune": ["toxic"],
                        "weapon": ["maul", "dagger"], "holding": ["dagger"],
                        "spell": ["firebolt"], "speed": {"ground": 1, "fly": 2}})
    return actor.sheet


def test_a_full_sheet_round_trips(rs):
    sheet = full_sheet(rs)
    assert sheet.immune and sheet.vulnerable and sheet.speeds and sheet.provisional
    data = to_data(sheet)
    assert data["weapons"] == ["maul", "dagger"] and data["group"] == "party"
    assert from_data(rs.sheet_type, data, "actors.ogre.sheet") == sheet


def test_actor_and_encounter_system_data_round_trip(rs):
    mine = ActorData(holding=("maul",), readied="strike", grappling="gob",
                     grappled_by=None, hanging=True)
    assert rs.actor_system_type is ActorData and rs.encounter_system_type is EncounterData
    assert from_data(ActorData, to_data(mine), "actors.x.system") == mine
    assert rs.decode_actor_system(rs.encode_system(mine), "actors.x.system") == mine
    field = EncounterData(ambient_arca=3)
    assert rs.decode_encounter_system(rs.encode_system(field), "system") == field
    assert rs.decode_sheet(rs.encode_sheet(full_sheet(rs)), "sheet") == full_sheet(rs)


@pytest.mark.parametrize("key,value,path,problem", [
    ("body", "three", "actors.ogre.sheet.body", "whole number"),
    ("proficiencies", [["grappling", 3]], "actors.ogre.sheet.proficiencies[0][1]", "text"),
    ("speeds", {"ground": 1}, "actors.ogre.sheet.speeds", "list"),
    ("group", 7, "actors.ogre.sheet.group", "text"),
    ("luck", 2, "actors.ogre.sheet.luck", "not a key"),
])
def test_a_wrong_value_is_refused_naming_the_key(rs, key, value, path, problem):
    data = {**to_data(full_sheet(rs)), key: value}
    with pytest.raises(DataError) as err:
        from_data(Sheet, data, "actors.ogre.sheet")
    assert err.value.where == path and problem in err.value.problem


def test_wrong_system_data_is_refused_naming_the_key():
    with pytest.raises(DataError, match=r"actors\.x\.system\.hanging: should be true or false"):
        from_data(ActorData, {"hanging": "yes"}, "actors.x.system")
    with pytest.raises(DataError, match=r"system\.ambient_arca: should be a whole number"):
        from_data(EncounterData, {"ambient_arca": 1.5}, "system")
