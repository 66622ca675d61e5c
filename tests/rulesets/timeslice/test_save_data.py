"""The time-slice sheet and `system` slots go through the generic save codec: plain data
and back unchanged, and a wrong value refused with its key path."""

from __future__ import annotations

import pytest

from shaper_gm.engine.data import DataError, from_data, to_data
from shaper_gm.rulesets.timeslice import build
from shaper_gm.rulesets.timeslice.models import (
    DYING,
    ActorData,
    EncounterData,
    Sheet,
)

from .commands_kit import session

SHEET = Sheet(q=13, u=9, v=11, hp=17, dr=3, ts_max=8, weapons=("rifle", "knife"),
              armor="leather", gear=("medical-kit",), player=True)
ACTOR = ActorData(held=None, dropped=("rifle",), condition=DYING, dying_left=174)
FIGHT = EncounterData(seconds=96, surprise_round=1, surprised=frozenset({"kara", "ida"}))


@pytest.mark.parametrize("kind,value", [(Sheet, SHEET), (ActorData, ACTOR),
                                        (EncounterData, FIGHT), (ActorData, ActorData()),
                                        (EncounterData, EncounterData())])
def test_plain_data_and_back(kind, value):
    data = to_data(value)
    assert from_data(kind, data, "x") == value
    assert to_data(from_data(kind, data, "x")) == data


def test_the_ruleset_names_its_save_types_and_decodes_them():
    rs = build()
    assert (rs.sheet_type, rs.actor_system_type, rs.encounter_system_type) == \
        (Sheet, ActorData, EncounterData)
    assert rs.decode_sheet(rs.encode_sheet(SHEET), "a") == SHEET
    assert rs.decode_actor_system(rs.encode_system(ACTOR), "a") == ACTOR
    assert rs.decode_encounter_system(rs.encode_system(FIGHT), "a") == FIGHT


def test_a_live_fight_round_trips():
    s = session("add kara --as kara --at B2", "add guard --as guard --at C2",
                "surprise enemies --roll 9,9 --notice 0,0", "init guard kara", "start",
                "damage kara 30", "wait 1")
    rs = s.ruleset_for(s.state)
    for actor in s.state.actors.values():
        assert rs.decode_sheet(rs.encode_sheet(actor.sheet), "s") == actor.sheet
        assert rs.decode_actor_system(rs.encode_system(actor.system), "s") == actor.system
    assert rs.decode_encounter_system(rs.encode_system(s.state.system), "s") == s.state.system


@pytest.mark.parametrize("kind,change,where", [
    (Sheet, {"q": "thirteen"}, "actors.ren.sheet.q"),
    (Sheet, {"weapons": "rifle"}, "actors.ren.sheet.weapons"),
    (Sheet, {"player": 1}, "actors.ren.sheet.player"),
    (Sheet, {"luck": 3}, "actors.ren.sheet.luck"),
    (ActorData, {"dying_left": "3m"}, "actors.ren.sheet.dying_left"),
    (ActorData, {"dropped": [1]}, "actors.ren.sheet.dropped[0]"),
    (EncounterData, {"surprised": "kara"}, "actors.ren.sheet.surprised"),
])
def test_a_wrong_value_is_refused_naming_its_key_path(kind, change, where):
    value = {Sheet: SHEET, ActorData: ACTOR, EncounterData: FIGHT}[kind]
    data = {**to_data(value), **change}
    with pytest.raises(DataError) as caught:
        from_data(kind, data, "actors.ren.sheet")
    assert caught.value.where == where
