"""Refusals: each names its rule, reads as one line with a hint, and changes nothing
(`refuse` checks that state, log and redo branch are untouched)."""

from __future__ import annotations

import pytest

from .conftest import refuse

DUEL = ("add ann --vigor 1 --weapon longsword --holding longsword --side party --at B2",
        "add bob --vigor 1 --weapon longsword --holding longsword --side enemies --at B2",
        "init ann bob", "start")


# --- the seven the issue names ---------------------------------------------------------

def test_a_fourth_major_action(battle):
    battle.execute("draw longbow")
    for _ in range(3):
        battle.execute("act major aims")
    refuse(battle, "attack raider", "no Major action left", "S18", "3 of 3 Major")


def test_a_melee_attack_on_someone_not_engaged(make_session):
    s = make_session(*DUEL)
    refuse(s, "attack bob", "not engaged with Bob", "S11", "engage first")


def test_a_melee_attack_from_another_zone_says_to_move(make_session):
    s = make_session(*DUEL, "end", "end", "move ann C2")
    refuse(s, "attack bob", "S11", "move to Bob's zone")


def test_moving_while_engaged(make_session):
    s = make_session(*DUEL, "engage bob")
    refuse(s, "move C2", "engaged with bob", "S12", "disengage first")


def test_a_target_two_bands_beyond_max_range(battle):
    battle.execute("place raider E1")               # B4 to E1: 5 = Long+2
    battle.execute("draw longbow")
    refuse(battle, "attack raider", "2 bands beyond max range", "S13", "Long+2")


def test_a_skill_with_sp_and_no_sp(battle):
    battle.execute("set josh sp=0")
    battle.execute("draw longbow")
    refuse(battle, "attack raider --skill piercing-strike --sp", "not enough SP", "S23",
           "Josh has 0, needs 1")


def test_an_off_turn_skill_with_no_sp_is_refused_with_the_right_hint(battle):
    battle.execute("set taylor sp=0")
    error = refuse(battle, "cast taylor energy-shield --sp", "not enough SP", "S23")
    # Off her turn a Major cannot pay, so the hint must not offer one.
    assert "Major" not in error.hint


def test_a_vigor_skill_for_an_actor_without_vigor(make_session):
    s = make_session()
    refuse(s, "add zed --skill overswing --weapon longsword",
           "Overswing is a Vigor skill; Zed has 0 Vigor (S27)")


def test_acting_out_of_turn_without_sp(battle):
    refuse(battle, "draw monica longsword", "not Monica's turn", "S18")
    refuse(battle, "skill reaver retreat", "not Reaver's turn", "S18", "--sp")
    refuse(battle, "cast taylor energy-shield", "not Taylor's turn", "S18", "--sp")


# --- more refusals, by ruling ----------------------------------------------------------

@pytest.mark.parametrize(("setup", "line", "fragments"), [
    # S8: Down actors neither act nor are targeted (a third actor keeps the fight going).
    ((*DUEL, "add cal --side enemies --at E5", "damage bob 13 --direct"), "attack bob",
     ("Bob is Down", "S8")),
    ((*DUEL, "add cal --side enemies --at E5", "damage bob 13 --direct"), "engage bob",
     ("Bob is Down", "S8")),
    ((*DUEL, "add cal --side party --at E5", "damage ann 13 --direct"), "engage ann bob",
     ("Ann is Down", "S8")),
    # S9: zones are on the grid.
    (DUEL, "move F1", ("F1",)),
    # S14: engaging needs the same zone; disengaging needs an engagement.
    ((*DUEL, "end", "end", "move ann C2"), "engage bob", ("same zone", "S14")),
    (DUEL, "disengage", ("not engaged",)),
    # S17/S18: nothing is spent before the fight starts, or after it is over for a turn.
    (DUEL[:3], "move ann C2", ("has not started", "S18")),
    # S19: a crossbow must be reloaded between shots.
    (("add cat --finesse 1 --weapon crossbow --weapon dagger --holding crossbow --at A1",
      "add dan --weapon dagger --side party --at A2", "init cat dan", "start"),
     "attack dan", ("not loaded", "S19")),
    # S19a: hands and what is held.
    (("add eve --level 2 --vigor 1 --weapon greatsword --weapon longsword --holding longsword "
      "--shield --at A1", "init eve", "start"), "draw greatsword", ("hands are full", "S19a")),
    (("add fay --finesse 1 --weapon longbow --weapon dagger --at A1",
      "add gus --weapon dagger --side party --at A3", "init fay gus", "start"),
     "attack gus --with longbow", ("not holding the Longbow", "S19a")),
    # S20: raising needs the shield in hand; it cannot be raised twice.
    (("add hal --vigor 1 --weapon longsword --shield --at A1", "init hal", "start"),
     "raise", ("not holding the shield", "S19a")),
    (("add hal --vigor 1 --weapon longsword --shield --holding shield --at A1", "init hal",
      "start", "raise"), "raise", ("already raised", "S20")),
    # S23: a skill added to an attack is not used on its own.
    (("add ivy --finesse 1 --weapon longbow --weapon dagger --skill piercing-strike --at A1",
      "init ivy", "start"), "skill piercing-strike", ("part of an attack", "S23")),
    # S25: spells need Mentality.
    (DUEL, "cast spell bob", ("Mentality", "S25")),
])
def test_refusals_by_ruling(make_session, setup, line, fragments):
    s = make_session(*setup)
    refuse(s, line, *fragments)


def test_a_skill_used_beyond_its_level_this_round(make_session):
    """S24: once per round per level."""
    s = make_session("add ivy --finesse 1 --weapon longbow --weapon dagger "
                     "--holding longbow --skill piercing-strike --side party --at A1",
                     "add jay --weapon dagger --at A3", "init ivy jay", "start",
                     "attack jay --skill piercing-strike --roll 1,1,2 --evade 3,3,3")
    refuse(s, "attack jay --skill piercing-strike --sp", "already used 1 of 1", "S24")


def test_a_charm_out_of_spell_reach(make_session):
    """S13: without a wand a spell reaches Close."""
    s = make_session("add kim --mentality 1 --weapon wand --skill charm --side party --at A1",
                     "add lee --weapon dagger --side party --at A2", "init kim", "start")
    refuse(s, "cast charm lee", "Short", "Close", "S13", "wand")


def test_undo_and_redo_refusals_change_nothing(make_session):
    s = make_session()
    refuse(s, "undo", "nothing to undo")
    refuse(s, "redo", "nothing to redo")
    s.execute("add ann --weapon dagger")
    refuse(s, "undo 2", "only 1 command can be undone", "undo 1")


@pytest.mark.parametrize("line", [
    "frobnicate", "attack", "move", "add", "add x --count 99", "end now", "heal",
    "damage ann lots", "set ann hp=99", "set ann colour=red", "init nobody",
    "attack bob --roll 7,1,1", "attack bob --roll 1,1", "attack bob --evade 1,1,1 --evade 2,2,2",
    "effect ann x --until whenever",
])
def test_malformed_commands_are_one_line_errors(make_session, line):
    s = make_session(*DUEL, "engage bob")
    refuse(s, line)
