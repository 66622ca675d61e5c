"""A dice slot's flag says in its help whose faces it takes, in plain words: the slot
named `roll` is `its roll`, another slot `its defend roll` (not `its roll roll`)."""

from __future__ import annotations

from shaper_gm.app import new_session


def test_each_slot_flag_names_its_roll_once():
    out = str(new_session(ruleset="timeslice", seed=1).execute("help attack"))
    assert "the faces of its roll, in order" in out
    assert "the faces of its defend roll, in order" in out
    assert "roll roll" not in out
