"""Rulesets where a cell holds one standing actor (dungeoneers D21, dice pool P10, d20 G6):
a move onto a taken cell is refused, and `add` puts an actor whose cell is taken on the
nearest free one (writing --spread in the log). Shaper's zones hold many."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session
from shaper_gm.errors import GmError


def played(ruleset: str, *lines: str) -> Session:
    session = new_session(ruleset=ruleset, seed=3)
    for line in lines:
        session.execute(line)
    return session


def zones(session: Session) -> dict[str, str | None]:
    return {a.id: a.zone for a in session.state.actors.values()}


@pytest.mark.parametrize("ruleset", ["dungeoneers", "dicepool", "d20"])
def test_count_spreads_to_the_nearest_free_cells_in_reading_order(ruleset):
    s = played(ruleset, "add gob --at C3", "add orc --count 3 --at C3")
    # C3 is taken: the nearest free cells are its neighbours, first in reading order.
    assert [zones(s)[f"orc-{n}"] for n in (1, 2, 3)] == ["B2", "C2", "D2"]
    assert s.log[-1].endswith("--spread")
    again = Session()
    again.run_lines(list(s.log))
    assert again.state == s.state


@pytest.mark.parametrize("ruleset", ["dungeoneers", "dicepool", "d20"])
def test_one_added_onto_a_taken_cell_stands_on_the_nearest_free_one(ruleset):
    s = played(ruleset, "add gob --at C3", "add orc --at C3", "add elf --at D4")
    assert zones(s) == {"gob": "C3", "orc": "B2", "elf": "D4"}
    assert s.log[-2:] == ["add orc --at C3 --side enemies --spread",
                          "add elf --at D4 --side enemies"]


def test_a_log_from_before_spreading_stacks_as_it_did():
    s = Session()
    s.run_lines(["new --ruleset dungeoneers --seed 3", "add gob --at C3",
                 "add orc --count 2 --at C3", "add elf --at C3"])
    assert set(zones(s).values()) == {"C3"}


def test_a_dungeoneers_move_onto_a_standing_creature_is_refused():
    s = played("dungeoneers", "add freya --as freya --side party --at A1",
               "add gob --as goblin --at B1", "init freya gob", "start")
    with pytest.raises(GmError, match=r"Goblin stands on B1: a tile holds one standing "
                                      r"creature \(D21, one_per_tile\)"):
        s.execute("move freya B1")
    s.execute("move freya A2")
    assert zones(s)["freya"] == "A2"


def test_shaper_zones_hold_many():
    s = played("shaper", "add josh --as josh --at B4", "add raider --as raider --count 2 --at B4")
    assert set(zones(s).values()) == {"B4"}
