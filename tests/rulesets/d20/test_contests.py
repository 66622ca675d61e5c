"""Grapple and shove (G16): a contest of the actor's Strength against the target's better
of Strength and Dexterity (G25: the higher wins, a tie changes nothing); prone and
standing up (G28)."""

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
                 "add gob --as goblin --at B1", "init brak gob", "start"):
        session.execute(line)
    return session


def effects(table, actor_id):
    return [e.name for e in table.state.actors[actor_id].effects]


def test_a_won_grapple_holds_the_target_and_stops_its_moves(table):
    table.execute("grapple gob --contest 12 --resist 13")      # 12 + 3 > 13 + 2 ? no: tie
    assert effects(table, "gob") == []
    table.state = table.state.with_actor(table.state.actors["brak"].with_resource("action",
                                                                                   1))
    table.execute("grapple gob --contest 13 --resist 13")      # 16 > 15
    assert effects(table, "gob") == ["grappled"]
    table.execute("end")
    with pytest.raises(GmError) as caught:
        table.execute("move D1")
    assert "its speed is 0 (G28)" in str(caught.value)


def test_a_shoved_creature_is_prone_until_it_stands_for_half_its_speed(table):
    table.execute("shove gob --contest 15 --resist 2")
    assert effects(table, "gob") == ["prone"]
    table.execute("end")
    table.execute("stand-up")
    gob = table.state.actors["gob"]
    assert (effects(table, "gob"), gob.resource("movement")) == ([], 15)
    with pytest.raises(GmError) as caught:
        table.execute("stand-up")
    assert "Goblin is not prone" in str(caught.value)


def test_a_contest_out_of_reach_is_refused(table):
    table.execute("place gob D4")
    with pytest.raises(GmError) as caught:
        table.execute("grapple gob")
    assert "Goblin is 15 ft away, out of Fighter's reach (G14)" in str(caught.value)
