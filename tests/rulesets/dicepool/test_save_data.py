"""A dice-pool sheet goes into a save and comes back exactly, and a wrong value is
refused by its key. Sheets are the data ruleset's mappings of the content's keys (the
Python Sheet and ActorState records went with the Python ruleset): FULL_SHEET is every
key such a sheet may hold; the weapon in hand is the sheet's `holding` (P7), and an
actor keeps no `system` data."""

from __future__ import annotations

import pytest
import yaml

from shaper_gm.engine.data import DataError
from tests.rulesets.dicepool.commands import fight

FULL_SHEET = dict(id="zed", name="Zed the Bold", side="party",
                  stats={"str": 3, "dex": 2, "con": 1}, ac=4, hp=11, speed=8,
                  weapons=["spear", "dagger"], holding="spear", held_stat="str",
                  proficiencies={"spear": 2, "dagger": 0},
                  abilities=["rally", "tough-hide"], description="A test sheet",
                  provisional=True)


def through_yaml(data):
    return yaml.safe_load(yaml.safe_dump(data, allow_unicode=True))


def ruleset():
    s = fight()
    return s.ruleset_for(s.state)


def test_the_ruleset_keeps_no_system_data():
    rs = ruleset()
    assert rs.new_system() is None and rs.decode_actor_system(None, "system") is None


def test_a_full_sheet_comes_back_exactly():
    rs = ruleset()
    sheet = rs.decode_sheet(FULL_SHEET, "actors.zed.sheet")
    assert through_yaml(rs.encode_sheet(sheet)) == FULL_SHEET
    assert rs.decode_sheet(through_yaml(rs.encode_sheet(sheet)), "actors.zed.sheet") == sheet
    bare = rs.decode_sheet({}, "x")                   # every key the default sheet's
    assert rs.decode_sheet(rs.encode_sheet(bare), "x") == bare


def test_the_ruleset_codec_reads_back_every_actor_of_a_fight():
    s = fight("prepare I dodge --against barry", "wield dagger")
    rs = s.ruleset_for(s.state)
    for actor in s.state.actors.values():
        sheet = rs.decode_sheet(through_yaml(rs.encode_sheet(actor.sheet)), "sheet")
        assert sheet == actor.sheet and actor.system is None
    assert s.state.actors["freya"].sheet["holding"] == "dagger"


@pytest.mark.parametrize("change, where", [
    ({"ac": "four"}, "actors.zed.sheet.ac"),
    ({"stats": {"str": 3, "dex": "two"}}, "actors.zed.sheet.stats.dex"),
    ({"holding": 3}, "actors.zed.sheet.holding"),
    ({"luck": 2}, "actors.zed.sheet.luck"),
])
def test_a_wrong_value_is_refused_naming_its_key(change, where):
    data = {**FULL_SHEET, **change}
    with pytest.raises(DataError) as caught:
        ruleset().decode_sheet(data, "actors.zed.sheet")
    assert caught.value.where == where


def test_a_prepared_dodge_keeps_its_words_through_a_save():
    """What the GM wrote for a dodge (P11) is kept with its effect on the attacker, and
    a save brings it back: `show` quotes it after the fight is reopened."""
    from shaper_gm.persist import encode
    from shaper_gm.persist.decode import state_from_data
    s = fight("prepare if Barry swings at me, I dodge --against barry")
    data = through_yaml(encode.state_to_data(s.state, s.ruleset_for(s.state)))
    dodge, = data["actors"]["barry"]["effects"]
    assert dodge["says"] == "if Barry swings at me, I dodge"
    back = state_from_data(data, "save", s.ruleset_named)
    assert back.actors["barry"].effects == s.state.actors["barry"].effects
