"""Rounds and turns of d20 (G2-G5, G21) as content/d20 declares them."""

from __future__ import annotations

import pytest

from shaper_gm.app import equip
from shaper_gm.commands import Session
from shaper_gm.errors import GmError


@pytest.fixture
def table():
    session = equip(Session())
    session.save_path = None
    session.execute("new --ruleset d20 --seed 3")
    return session


@pytest.mark.parametrize("score, modifier", [(1, -5), (8, -1), (9, -1), (10, 0), (11, 0),
                                             (16, 3), (19, 4), (30, 10)])
def test_a_modifier_is_the_score_less_ten_halved_rounding_down(table, score, modifier):
    rs = table.ruleset_for(table.state)
    sheet = rs.templates()["goblin"].with_values(scores={"str": score, "dex": 10, "con": 10,
                                                         "int": 10, "wis": 10, "cha": 10})
    assert rs.stat(sheet, "str_mod") == modifier                    # G2
    assert rs.stat(sheet, "str_save") == modifier                   # G25: no stated save


def test_a_stated_save_is_used_as_written(table):
    rs = table.ruleset_for(table.state)
    captain = rs.templates()["bandit-captain"]
    assert (rs.stat(captain, "dex_save"), rs.stat(captain, "con_save")) == (5, 2)


def test_initiative_is_d20_plus_dex_and_ties_go_to_the_higher_dex(table):
    for line in ("add nim --as rogue --side party --at A1",        # Dex 16: +3
                 "add grum --as orc --at B1",                     # Dex 12: +1
                 "add gob --as goblin --at C1"):                   # Dex 14: +2
        table.execute(line)
    table.execute("init --roll nim=10 --roll grum=12 --roll gob=11")
    # 13, 13, 13: all tied; Dex 16, 14, 12 decide (G3)
    assert table.state.order == ("nim", "gob", "grum")
    assert [table.state.actors[a].initiative for a in table.state.order] == [13, 13, 13]


def test_a_turns_parts_lapse_and_the_reaction_comes_back_at_its_own_turn(table):
    for line in ("add brak --as fighter --side party --at A1", "add gob --as goblin --at B1",
                 "init brak gob", "start"):
        table.execute(line)
    table.execute("move A2")
    table.execute("end")                                           # G4: unused parts lapse
    brak = table.state.actors["brak"]
    assert (brak.resource("movement"), brak.resource("action")) == (0, 0)
    table.state = table.state.with_actor(brak.with_resource("reaction", 0))
    table.execute("end")                                           # the goblin's turn ends
    brak = table.state.actors["brak"]                              # round 2: Brak's turn
    assert (brak.resource("reaction"), brak.resource("movement"),
            brak.resource("action")) == (1, 30, 1)                 # G5, G4


def test_a_reaction_is_spent_off_turn_and_not_twice(table):
    for line in ("add brak --as fighter --side party --at A1", "add gob --as goblin --at B1",
                 "init brak gob", "start"):
        table.execute(line)
    table.execute("react gob reaction shouts a warning")
    assert table.state.actors["gob"].resource("reaction") == 0
    with pytest.raises(GmError):
        table.execute("react gob reaction shouts again")


def test_healing_stops_at_the_maximum(table):
    table.execute("add brak --as fighter --side party --at A1")
    table.execute("damage brak 5")
    table.execute("heal brak 10")
    assert table.state.actors["brak"].hp == 28                     # G21
