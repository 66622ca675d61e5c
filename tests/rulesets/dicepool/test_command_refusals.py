"""Every dice-pool verb refuses what the rules do not allow with one line that names the
ruling (or the word at fault) and says what to do instead, and changes nothing."""

from __future__ import annotations

import pytest

from tests.rulesets.dicepool.commands import DUEL, fight, refused

WITH_ODO = (*DUEL, "add odo --as odo --at C3", "init freya barry odo")
# a second enemy keeps the fight going once Barry is down
WITH_RAIDER = (*DUEL, "add raider --as raider --at E5", "init freya barry raider")

# (setup, then `start`?, line, fragments the message names)
CASES = [
    # attack (P3, P6-P9, P11, P12)
    (DUEL, False, "attack barry", ["no actor is taking a turn"]),
    (DUEL, False, "attack freya barry", ["has not started", "P6"]),
    (DUEL, True, "attack bob", ["no actor 'bob'"]),
    (DUEL, True, "attack freya", ["cannot attack itself (P7)"]),
    (DUEL, True, "attack freya barry kit", ["expected attack [ACTOR] TARGET"]),
    (DUEL, True, "attack barry --with dagger", ["holds the Longsword", "P7"]),
    (DUEL, True, "attack barry --with halberd", ["no weapon of Freya 'halberd'"]),
    (DUEL, True, "attack barry --dice 0", ["roll at least one die (P3)"]),
    (DUEL, True, "attack barry --dice 6", ["pool has 5 dice; it cannot roll 6 (P3)"]),
    (DUEL, True, "attack barry --roll 6,6", ["--roll", "needs 5 more faces"]),
    (DUEL, True, "attack barry --roll 6,6,6,6,9", ["face 9 is out of range 1-6"]),
    (DUEL, True, "attack barry --ability rally", ["Rally does not augment an attack (P12)"]),
    (DUEL, True, "attack barry freya", ["only with an action it prepared (P11)"]),
    ((*DUEL, "start", "set freya pool=0"), False, "attack barry --roll 4",
     ["pool is empty", "P3"]),
    ((*DUEL, "start", "set freya actions=0"), False, "attack barry", ["Freya has 0 left", "P6"]),
    ((*WITH_RAIDER, "set barry hp=0"), True, "attack barry", ["already down at 0 HP (P8)"]),
    ((*WITH_ODO, "set freya hp=0"), True, "attack freya barry", ["Freya is down (P8)"]),
    ((*DUEL, "set barry hp=0"), True, "end", ["the fight is over", "party won in round 1"]),
    # move (P10)
    (DUEL, True, "move K1", ["off the 10x10 grid (P10)"]),
    (DUEL, True, "move here", ["'here' is not a square (P10)"]),
    (DUEL, True, "move B2", ["Barry the Guard stands on B2", "P10"]),
    (DUEL, True, "move A1", ["already on A1 (P10)"]),
    (DUEL, True, "move J10", ["18 m from Freya", "P10"]),
    (DUEL, True, "move barry C3", ["only with an action it prepared (P11)"]),
    (DUEL, True, "move", ["expected move [ACTOR] SQUARE"]),
    # prepare (P11)
    (DUEL, True, "prepare", ["expected prepare [ACTOR] TEXT"]),
    (DUEL, True, "prepare I dodge --with halberd", ["--with narrows a dodge", "P11"]),
    (DUEL, True, "prepare I dodge --against freya", ["cannot prepare against itself (P11)"]),
    (DUEL, True, "prepare I dodge --against bob", ["no actor 'bob'"]),
    (DUEL, True, "prepare I dodge --against barry --with spear",
     ["no weapon of Barry the Guard 'spear'"]),
    (DUEL, True, "prepare barry I strike first", ["prepares on its own turn", "P11"]),
    # wield (P6, P7)
    (DUEL, True, "wield longsword", ["already holds the longsword (P6)"]),
    (DUEL, True, "wield halberd", ["no weapon of Freya 'halberd'"]),
    # ability (P12)
    (DUEL, True, "ability fly", ["no ability of Freya 'fly'"]),
    (DUEL, True, "ability heavy-blow", ["augments a basic attack (P12)"]),
    (DUEL, True, "ability rally --dice 9", ["cannot roll 9 (P3)"]),
    (WITH_ODO, True, "ability odo parry", ["Parry is a test and needs a DT", "P12"]),
    ((*WITH_ODO, "start", "end", "end"), False, "ability odo parry --dt 1",
     ["Parry is a reaction (P12)", "Odo's own turn"]),
    # act and react (P3, P6, P11)
    (DUEL, True, "act major pull the lever", ["not a dice-pool cost", "P6"]),
    (DUEL, True, "act action climb --dice 2", ["this action has no DT (P3)"]),
    (DUEL, True, "act action climb --dt -1", ["DT -1 must be a whole number, 0 or more"]),
    (DUEL, True, "act barry action climb", ["only with an action it prepared (P11)"]),
    (DUEL, True, "react freya action dodge", ["cannot react during its own turn"]),
    (DUEL, True, "react barry action stab", ["only with an action it prepared (P11)"]),
    (DUEL, True, "react barry 3 stab", ["not a dice-pool cost", "P6"]),
    # turns
    (DUEL, False, "end", ["no turn is running"]),
    (DUEL, False, "pass", ["no actor is taking a turn"]),
    # odds
    (DUEL, True, "odds bob", ["no actor 'bob'"]),
    (DUEL, True, "odds barry --with dagger", ["holds the Longsword", "P7"]),
    # GM tools and setup in dice-pool terms
    (DUEL, True, "set freya luck=3", ["cannot set 'luck=3'"]),
    (DUEL, True, "set freya str=-1",
     ["str=-1 is out of range: expected a whole number of at least 0"]),
    (DUEL, True, "set freya pool=-1", ["pool must be 0 to 999,999"]),
    (DUEL, True, "set freya hp=99", ["hp must be 0 to 14"]),
    (DUEL, True, "damage barry lots", ["whole number"]),
    (DUEL, False, "add orc --as orc", ["no template 'orc'"]),
    (DUEL, False, "add zed --prof sling=1", ["no dice-pool weapon 'sling'"]),
    (DUEL, False, "add zed --prof sling", ["--prof 'sling' is not WEAPON=N"]),
    (DUEL, False, "add zed --stat int=3", ["Dice pool sheets have str, dex, con, ac, speed"]),
    (DUEL, False, "add zed --ability fly", ["no dice-pool ability 'fly' (P12)"]),
    (DUEL, False, "add zed --holding sling", ["no dice-pool weapon 'sling'"]),
    (DUEL, False, "add action", ["'action' cannot be an actor id"]),
    (DUEL, False, "init freya --roll 7,1", ["face 7 is out of range 1-6"]),
    ((*DUEL, "add zed"), False, "start", ["not on the battlefield yet: zed"]),
]


@pytest.mark.parametrize("setup, started, line, fragments", CASES,
                         ids=[case[2] for case in CASES])
def test_refused_in_one_line_changing_nothing(setup, started, line, fragments):
    session = fight(setup=setup, start=started)
    refused(session, line, *fragments)


def test_a_verb_of_another_ruleset_is_refused_with_the_dice_pool_verbs():
    message = refused(fight(), "strike barry", "this encounter runs Dice pool")
    for verb in ("attack", "move", "prepare", "wield", "ability", "odds"):
        assert verb in message


def test_damage_faces_for_a_miss_are_left_out_of_the_log():
    """A miss rolls no damage: faces given for it are left out, as every ruleset's
    rolls that never happen are (commands/slots.py)."""
    from shaper_gm.app import new_session
    s = new_session(ruleset="dicepool", seed=1)
    for line in (*DUEL, "start"):
        s.execute(line)
    s.execute("attack barry --roll 1,1,1,1,1 --damage 4")
    assert "--damage" not in s.log[-1] and "--roll 1,1,1,1,1" in s.log[-1]
