"""Opportunity attacks (G18): a creature leaving a foe's reach by its own move may be
attacked first, for that foe's reaction; none after a Disengage."""

from __future__ import annotations

import pytest

from shaper_gm.app import equip
from shaper_gm.commands import Session
from shaper_gm.errors import GmError


@pytest.fixture
def table():
    session = equip(Session())
    session.save_path = None
    for line in ("new --ruleset d20 --seed 5", "add brak --as fighter --side party --at A1",
                 "add gob --as goblin --at B1", "add nim --as rogue --side party --at L12",
                 "init gob brak nim", "start"):
        session.execute(line)
    assert session.state.turn == "gob"
    return session


def test_leaving_a_foes_reach_lets_it_attack_first_and_may_stop_the_move(table):
    table.execute("move D1 --react brak=opportunity --attack 15 --damage 6")
    gob, brak = table.state.actors["gob"], table.state.actors["brak"]
    assert (gob.hp, gob.down, gob.zone) == (0, True, "B1")          # 20 vs 15: 11 damage
    assert brak.resource("reaction") == 0
    assert table.log[-1] == "move gob D1 --react brak=opportunity --attack 15 --damage 6"


def test_a_missed_opportunity_attack_lets_the_move_go_on(table):
    table.execute("move D1 --react brak=opportunity --attack 2")
    gob = table.state.actors["gob"]
    assert (gob.hp, gob.zone, gob.resource("movement")) == (7, "D1", 20)
    assert table.state.actors["brak"].resource("reaction") == 0


def test_the_foe_may_let_it_go(table):
    table.execute("move D1")
    assert table.state.actors["gob"].zone == "D1"
    assert table.state.actors["brak"].resource("reaction") == 1


def test_a_move_that_stays_in_reach_provokes_nothing(table):
    with pytest.raises(GmError) as caught:
        table.execute("move B2 --react brak=opportunity")         # B2 is 5 ft from A1
    assert "--react brak=opportunity was not asked for" in str(caught.value)
    table.execute("move B2")
    assert table.state.actors["brak"].resource("reaction") == 1


def test_a_disengaged_creature_provokes_nothing(table):
    table.execute("cunning-disengage")                             # Nimble Escape
    with pytest.raises(GmError) as caught:
        table.execute("move D1 --react brak=opportunity")
    assert "--react brak=opportunity was not asked for" in str(caught.value)
    table.execute("move D1")
    assert table.state.actors["gob"].zone == "D1"
