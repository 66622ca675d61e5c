"""The time-slice sheet goes through the save codec of the data version: plain data and
back unchanged, and a wrong value refused with its key path. What the Python version
kept in its own records (`system`: the weapon in hand, those knocked away, the
condition and the dying timer; the fight's seconds and who a surprise caught) the data
version keeps on the sheet, in effects and in the fight's numbers."""

from __future__ import annotations

import pytest

from shaper_gm.engine.data import DataError

from .commands_kit import session

# Ren as the Python test's sheet: Q 13, U 9, V 11, 17 HP, DR 3, 8 TS, a rifle and a knife,
# a leather jacket, a medical kit, a player character.
REN = ("add ren --stat q=13 --stat u=9 --stat v=11 --hp 17 --stat dr=3 --stat ts_max=8 "
       "--weapon rifle --weapon knife --armor leather --gear medical-kit --player")


def test_plain_data_and_back():
    s = session(REN)
    rs = s.ruleset_for(s.state)
    sheet = s.state.actors["ren"].sheet
    data = rs.encode_sheet(sheet)
    assert rs.decode_sheet(data, "x") == sheet
    assert (data["q"], data["u"], data["v"], data["hp"], data["dr"], data["ts_max"],
            data["weapons"], data["armor"], data["gear"], data["player"]) == \
        (13, 9, 11, 17, 3, 8, ["rifle", "knife"], "leather", ["medical-kit"], True)


def test_the_ruleset_names_its_save_types_and_decodes_them():
    """The sheet is the data version's; the actor's and the fight's own records are
    none: the weapon in hand, those dropped and the dying timer's seconds are sheet
    keys, the condition and the surprise effects, the fight's seconds its numbers."""
    s = session("add kara --as kara --at B2", "add guard --as guard --at C2",
                "surprise enemies --roll 9,9 --notice 0,0", "init guard kara", "start",
                "damage kara 30", "wait 1")
    rs = s.ruleset_for(s.state)
    kara = s.state.actors["kara"]
    assert (kara.system, s.state.system is None or not hasattr(s.state.system, "surprised"))\
        == (None, True)
    assert rs.decode_sheet(rs.encode_sheet(kara.sheet), "a") == kara.sheet
    assert (kara.sheet["holding"], kara.sheet["dropped"]) == ("sword", ())
    assert isinstance(kara.sheet["dying_spent"], int)           # its timer's seconds run
    assert {"unconscious", "dying"} <= {e.name for e in kara.effects}


def test_a_live_fight_round_trips():
    s = session("add kara --as kara --at B2", "add guard --as guard --at C2",
                "surprise enemies --roll 9,9 --notice 0,0", "init guard kara", "start",
                "damage kara 30", "wait 1")
    rs = s.ruleset_for(s.state)
    for actor in s.state.actors.values():
        assert rs.decode_sheet(rs.encode_sheet(actor.sheet), "s") == actor.sheet
        assert rs.decode_actor_system(rs.encode_system(actor.system), "s") == actor.system
    assert rs.decode_encounter_system(rs.encode_system(s.state.system), "s") == s.state.system


@pytest.mark.parametrize("change,where", [
    ({"q": "thirteen"}, "actors.ren.sheet.q"),
    ({"weapons": "rifle"}, "actors.ren.sheet.weapons"),
    ({"player": 1}, "actors.ren.sheet.player"),
    ({"luck": 3}, "actors.ren.sheet.luck"),
    ({"dying_spent": "3m"}, "actors.ren.sheet.dying_spent"),      # was dying_left
    ({"dropped": [1]}, "actors.ren.sheet.dropped[0]"),
    ({"surprised": "kara"}, "actors.ren.sheet.surprised"),        # the fight's, no sheet's
])
def test_a_wrong_value_is_refused_naming_its_key_path(change, where):
    s = session(REN)
    rs = s.ruleset_for(s.state)
    data = {**rs.encode_sheet(s.state.actors["ren"].sheet), **change}
    with pytest.raises(DataError) as caught:
        rs.decode_sheet(data, "actors.ren.sheet")
    assert caught.value.where == where
