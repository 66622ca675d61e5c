"""Dungeoneers sheets and system data go through the generic save codec unchanged, and
a wrong value is refused naming its key path."""

from __future__ import annotations

import pytest
import yaml

from shaper_gm.app import new_session
from shaper_gm.engine.data import DataError, from_data, to_data
from shaper_gm.persist.decode import SaveFormatError
from shaper_gm.persist.saves import read_save
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


OGRE = ("add ogre --as alberich --name 'Big Ogre' --side enemies --at C3 --stat body=4 "
        "--stat armor=2 --stat wound_limit=14 --stat critical_threshold=4 "
        "--prof grappling=master --vulnerable H=2 --resist physical=1 --immune toxic "
        "--weapon maul --weapon dagger --holding dagger --spell firebolt "
        "--speed ground=1 --speed fly=2")
# a wrong value in the Python ruleset's layout (pairs as lists, group), and the same
# mistake in the data version's (pairs as a mapping, side): key, value, path, problem
WRONG = {
    "body": (("body", "three", ".sheet.body", "whole number"),) * 2,
    "proficiencies": (("proficiencies", [["grappling", 3]], ".sheet.proficiencies[0][1]",
                       "text"),
                      ("proficiencies", {"grappling": 3}, ".sheet.proficiencies.grappling",
                       "rank 3")),
    "speeds": (("speeds", {"ground": 1}, ".sheet.speeds", "list"),
               ("speeds", ["ground"], ".sheet.speeds", "mapping")),
    "group": (("group", 7, ".sheet.group", "text"), ("side", 7, ".sheet.side", "text")),
    "luck": (("luck", 2, ".sheet.luck", "key"),) * 2,
}


@pytest.mark.parametrize("mistake", list(WRONG))
def test_a_wrong_value_is_refused_naming_the_key(tmp_path, mistake):
    """Ported from the codec's from_data onto a save edited by hand and opened: the
    refusal names the key's path in the save and what is wrong."""
    s = new_session(ruleset="dungeoneers", seed=1)
    s.execute(OGRE)
    path = tmp_path / "fight.yaml"
    s.execute(f"save {path}")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    sheet = data["actors"]["ogre"]["sheet"]
    key, value, where, problem = WRONG[mistake][isinstance(sheet["proficiencies"], dict)]
    sheet[key] = value
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(SaveFormatError) as refused:
        read_save(path)
    message = str(refused.value)
    assert f"actors.ogre{where}:" in message and problem in message, message


def test_wrong_system_data_is_refused_naming_the_key():
    with pytest.raises(DataError, match=r"actors\.x\.system\.hanging: should be true or false"):
        from_data(ActorData, {"hanging": "yes"}, "actors.x.system")
    with pytest.raises(DataError, match=r"system\.ambient_arca: should be a whole number"):
        from_data(EncounterData, {"ambient_arca": 1.5}, "system")
