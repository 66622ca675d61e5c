"""Faces given for a roll nothing rolls are refused, not dropped: `end --death 10` (or
`pass`) when no dying creature's turn starts says so in one line and changes nothing
(G24); when one does, the face is its death save and the log keeps it."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError

SETUP = ("add brak --as fighter --side party --at A1", "add nim --as fighter --side party "
         "--at A2", "add gob --as goblin --at B1",
         "init --rolled brak=15 --rolled gob=10 --rolled nim=5", "start")


@pytest.mark.parametrize("line", ["end --death 10", "pass --death 10", "end --death 4,9"])
def test_faces_for_a_death_save_nobody_rolls_are_refused(line):
    s = new_session(seed=7, ruleset="d20")
    for setup in SETUP:
        s.execute(setup)
    state, log = s.state, list(s.log)
    with pytest.raises(GmError) as refused:
        s.execute(line)
    text = str(refused.value)
    assert text.startswith("nobody rolled a death saving throw: ") and "\n" not in text
    assert "leave --death out" in text and "death-save ACTOR --death" in text
    assert s.state == state and s.log == log


def test_faces_for_the_death_save_a_turn_brings_are_its_roll():
    """Brak (0 HP, dying) is next after the goblin: `end --death 10` ends the goblin's
    turn and Brak's starts with a death save of 10, a success (G24)."""
    s = new_session(seed=7, ruleset="d20")
    for setup in (*SETUP, "end", "end", "damage brak 28"):
        s.execute(setup)
    s.execute("end")                                   # nim's turn ends: brak is next
    assert s.log[-1].startswith("end --death ")
    s.execute("undo")
    s.execute("end --death 10")
    assert s.log[-1] == "end --death 10"
    assert s.state.actors["brak"].resource("death_successes") == 1
