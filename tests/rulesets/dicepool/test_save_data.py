"""A dice-pool sheet and an actor's dice-pool data go into a save and come back exactly
(engine.data, by the types the ruleset names), and a wrong value is refused by its key."""

from __future__ import annotations

import pytest
import yaml

from shaper_gm.engine.data import DataError, from_data, to_data
from shaper_gm.rulesets.dicepool import build
from shaper_gm.rulesets.dicepool.models import ActorState, Preparation, Sheet
from tests.rulesets.dicepool.commands import fight

FULL_SHEET = Sheet(id="zed", name="Zed the Bold", kind="character", side="party",
                   stats=(("str", 3), ("dex", 2), ("con", 1)), ac=4, hp=11, speed=8,
                   weapons=("spear", "dagger"), holding="spear",
                   proficiencies=(("spear", 2), ("dagger", 0)),
                   abilities=("rally", "tough-hide"), description="A test sheet",
                   provisional=True)
FULL_SYSTEM = ActorState(holding="dagger", prepared=(
    Preparation("dodge", "if Barry swings, I dodge", "barry", "halberd"),
    Preparation("action", "when the door opens, I shoot")))


def through_yaml(data):
    return yaml.safe_load(yaml.safe_dump(data, allow_unicode=True))


def test_the_ruleset_names_its_save_types():
    rs = build()
    assert (rs.sheet_type, rs.actor_system_type, rs.encounter_system_type) == \
        (Sheet, ActorState, None)
    assert rs.new_system() is None


@pytest.mark.parametrize("kind, value", [(Sheet, FULL_SHEET), (ActorState, FULL_SYSTEM),
                                         (ActorState, ActorState()),
                                         (Sheet, build().library.numbers.default_sheet)])
def test_full_values_come_back_exactly(kind, value):
    assert from_data(kind, through_yaml(to_data(value)), "actors.zed") == value


def test_the_ruleset_codec_reads_back_every_actor_of_a_fight():
    s = fight("prepare I dodge --against barry --with halberd", "wield dagger")
    rs = s.ruleset_for(s.state)
    for actor in s.state.actors.values():
        sheet = rs.decode_sheet(through_yaml(rs.encode_sheet(actor.sheet)), "sheet")
        system = rs.decode_actor_system(through_yaml(rs.encode_system(actor.system)), "system")
        assert (sheet, system) == (actor.sheet, actor.system)


@pytest.mark.parametrize("kind, change, where", [
    (Sheet, {"ac": "four"}, "actors.zed.sheet.ac"),
    (Sheet, {"stats": [["str", 3], ["dex", "two"]]}, "actors.zed.sheet.stats[1][1]"),
    (Sheet, {"holding": 3}, "actors.zed.sheet.holding"),
    (Sheet, {"luck": 2}, "actors.zed.sheet.luck"),
    (ActorState, {"prepared": [{"kind": "dodge"}]}, "actors.zed.sheet.prepared[0].text"),
])
def test_a_wrong_value_is_refused_naming_its_key(kind, change, where):
    data = to_data(FULL_SHEET if kind is Sheet else FULL_SYSTEM)
    data.update(change)
    with pytest.raises(DataError) as caught:
        from_data(kind, data, "actors.zed.sheet")
    assert caught.value.where == where
