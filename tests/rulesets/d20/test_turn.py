"""A d20 turn as content/d20 declares it, through the command language: movement by the
square (G4, G6), dash, dodge (G8), the GM's typed damage (G19, G20)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from shaper_gm.app import equip
from shaper_gm.app.demo import shipped_demo
from shaper_gm.errors import GmError
from shaper_gm.persist.saves import read_save


@pytest.fixture
def fight():
    """The d20 demo at round 1: Fang the wolf (speed 40, at F7) is up."""
    session = equip(read_save(shipped_demo("d20")))
    session.save_path = None
    assert session.state.turn == "fang"
    return session


def refused(session, line) -> str:
    before = session.state
    with pytest.raises(GmError) as caught:
        session.execute(line)
    assert session.state == before
    return str(caught.value)


def test_movement_is_spent_five_feet_a_square_diagonals_included(fight):
    def fang():
        return fight.state.actors["fang"]
    fight.execute("move E6")                                   # one diagonal: 5 ft (G6)
    assert (fang().zone, fang().resource("movement")) == ("E6", 35)
    fight.execute("move E9")                                   # three squares: 15 ft
    assert fang().resource("movement") == 20
    assert "E1 is 40 ft away; Fang has 20 ft of movement left (G4)" in \
        refused(fight, "move E1")
    fight.execute("move A9")                                   # four squares: all 20 left
    assert (fang().zone, fang().resource("movement")) == ("A9", 0)
    assert fight.log[-1] == "move fang A9"


def test_a_move_cannot_end_on_another_creature(fight):
    assert "D6 is taken: a move cannot end on another creature (G6)" in \
        refused(fight, "move D6")                              # Brak stands there


def test_dash_adds_the_speed_to_the_movement(fight):
    fight.execute("dash")
    fang = fight.state.actors["fang"]
    assert (fang.resource("movement"), fang.resource("action")) == (80, 0)     # G8


def test_dodge_puts_attacks_against_it_at_disadvantage_until_its_turn(fight):
    fight.execute("dodge")
    fang = fight.state.actors["fang"]
    assert [(e.name, e.until) for e in fang.effects] == [("dodging", "start:fang")]
    fight.execute("end")                                       # Goblin 2's turn
    fight.execute("end")                                       # Nim's turn
    fight.execute("place nim E7")
    odds = json.loads(fight.execute("odds fang --json").view.text)
    hit = Fraction(odds["targets"][0]["hit"]["exact"])
    # Nim's shortsword +5 against AC 13 hits on 8-20; at disadvantage (G8, G12)
    assert hit == Fraction(13, 20) ** 2


def test_the_gm_damage_of_a_type_meets_resistance_and_temporary_hit_points(fight):
    fight.execute("set brak temp_hp=5")
    fight.execute("damage brak 8 --type fire")
    brak = fight.state.actors["brak"]
    assert (brak.resource("temp_hp"), brak.hp) == (0, 25)       # G20: 5 of it, then 3
    fight.execute("add bones --as skeleton --at K1")
    fight.execute("damage bones 4 --type bludgeoning")          # vulnerable: 8 (G19)
    assert fight.state.actors["bones"].hp == 5
    fight.execute("damage bones 9 --type poison")               # immune
    assert fight.state.actors["bones"].hp == 5
    fight.execute("damage bones 2 --direct")
    assert fight.state.actors["bones"].hp == 3
    assert "mud" in refused(fight, "damage bones 2 --type mud")
