"""Every time-slice verb refuses what the rules do not allow in one clean line that
says what is wrong and what to do instead, and changes nothing."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError

from .commands_kit import PARTY, session

STARTED = (*PARTY, "add ida --as ida --at A3", "add sniper --as sniper --at H8",
           "init kara guard ren ida sniper", "start")
# On the guard's turn with Kara dying.
DYING = (*STARTED, "end", "damage kara 30")

CASES = [
    # attack
    (STARTED, "attack", r"expected attack \[(ATTACKER|ACTOR)\] TARGET"),   # data: ACTOR
    (STARTED, "attack nobody", "no actor 'nobody'"),
    (STARTED, "attack kara kara", r"cannot attack itself \(T9\)"),
    (STARTED, "attack guard --with rifle", "no weapon 'rifle'"),
    (STARTED, "attack guard --with knife", r"not holding the Knife \(T7\)"),
    (STARTED, "attack guard --called nose", "no called shot 'nose'"),
    (STARTED, "attack guard --defense duck", "no defense 'duck'"),
    (STARTED, "attack guard --roll 1,2,3", "3 face"),
    (STARTED, "attack guard --roll 1", "more face"),
    (STARTED, "attack guard --roll 1,10", r"\(T1\)"),
    (STARTED, "attack ren guard", r"it is not Ren's turn \(T5\)"),
    (STARTED, "attack sniper", r"6 units away; the Sword reaches 1 \(T17\)"),
    (STARTED, "attack guard --react ren=dodge", "was not asked for"),
    (STARTED, "attack guard --react guard=hide", "'hide' is not an answer"),
    (PARTY, "attack kara guard", r"has not started.*\(T5\)"),
    (DYING, "attack kara --roll 1,1", r"dying: an attack on it rolls nothing .*\(T14\)"),
    (DYING, "attack kara --called head", r"Kara is dying.*\(T14\)"),
    # odds
    (STARTED, "odds", "expected odds"),
    (STARTED, "odds kara kara", r"\(T9\)"),
    (DYING, "odds kara", r"rolls nothing.*\(T14\)"),
    # move, tend, draw
    (STARTED, "move", "expected move"),
    (STARTED, "move B2", r"already at B2 \(T17\)"),
    (STARTED, "move Z9", r"off the 10x10 battlefield \(T17\)"),
    (STARTED, "move ren C3", r"it is not Ren's turn \(T5\)"),
    (STARTED, "tend", "expected tend"),
    (STARTED, "tend guard", r"Kara has no medical-kit to tend with \(T14\)"),
    (DYING, "tend ida kara", r"it is not Ida's turn \(T5\)"),
    (STARTED, "draw sword", "already holds the Sword"),
    (STARTED, "draw rifle", "no weapon 'rifle'"),
    # surprise
    (PARTY, "surprise", "expected surprise (GROUP|SIDE)"),          # data: a side
    (PARTY, "surprise pirates", "no (group|side) 'pirates'"),
    (PARTY, "surprise enemies --roll 1,2 --roll 3,4", "--roll given twice"),
    (STARTED, "surprise enemies", r"a surprise (round )?starts the fight \(T16\)"),
    # end, pass, act, react
    (STARTED, "end now", "end takes no words"),
    (PARTY, "end", "no turn is running"),
    (STARTED, "pass nobody", "no actor"),
    ((*STARTED, "pass kara"), "pass kara", "Kara has already passed this round"),
    (STARTED, "pass guard", "Guard is not acting: it is Kara's turn"),
    (DYING, "pass kara", "Kara is down and has nothing to give up"),
    (STARTED, "act", r"act: expected act \[ACTOR\] TS TEXT"),
    (STARTED, "act 11 run", r"act needs 11 TS; Kara has 10 left \(T3, T7\)"),
    (STARTED, "act guard 1 poke", r"it is not Guard's turn \(T5\)"),
    (STARTED, "react kara 1 duck", r"Kara cannot react during its own turn \(T8\)"),
    (STARTED, "react guard", "expected react"),
    (DYING, "react kara 1 groan", r"Kara is dying \(T13, T14\) and cannot react"),
    # the GM's tools
    (STARTED, "damage guard x", "the amount must be a whole number"),
    (STARTED, "damage guard", "expected damage TARGET N"),
    ((*STARTED, "damage guard 30"), "damage guard 1", r"Guard is dead \(T13, T14\)"),
    (STARTED, "heal kara 3", r"nothing to heal \(T14\)"),
    ((*STARTED, "damage guard 30"), "heal guard 3", r"Guard is dead"),
    (STARTED, "set kara hp=99", "hp must be 0 to 14 for Kara"),
    (STARTED, "set kara hp=x", "hp must be a whole number"),
    (STARTED, "set kara luck=3", "cannot set 'luck=3'"),
    (STARTED, "set kara ts=20", "ts must be 0 to 10"),
    ((*STARTED, "damage guard 30"), "set guard hp=5", r"dead \(T13, T14\)"),
    (STARTED, "roll", "roll needs a dice expression"),
    (STARTED, "roll 2d10 --faces 10,1", r"\(T1\)"),
    (STARTED, "roll 2x", "dice"),
    (PARTY, "init kara --roll 1", "more face"),
    (PARTY, "init nobody", "no actor"),
    (STARTED, "wait", r"expected wait MINUTES \(T15\)"),
    (STARTED, "wait soon", r"'soon' is not a time \(T15\)"),
    (STARTED, "wait 0", r"not a whole, positive number of seconds \(T15\)"),
    (STARTED, "wake kara", "Kara is awake"),
    (STARTED, "wake", "expected wake ACTOR"),
    (DYING, "wake kara", r"at 0 HP and cannot wake \(T13, T14\)"),
    (STARTED, "effect kara blessed --evasion 1", "unknown flag --evasion"),
    # add
    (PARTY, "add zed --weapon laser", "no weapon 'laser'"),
    (PARTY, "add zed --player --npc", r"contradict each other \(T13\)"),
    (PARTY, "add zed --as kara --holding rifle", "carries no such weapon"),
    (PARTY, "add zed --stat str=3", "sheets have q, u, v, dr, ts_max"),
    (PARTY, "add zed --as dragon", "no template 'dragon'"),
    (PARTY, "add kara", "already an actor 'kara'"),
    (PARTY, "add zed --at K1", r"off the 10x10 battlefield \(T17\)"),
]


@pytest.mark.parametrize("setup,line,message", CASES, ids=[c[1] for c in CASES])
def test_refused_in_one_line_changing_nothing(setup, line, message):
    s = session(*setup)
    before, log = s.state, list(s.log)
    with pytest.raises(GmError, match=message) as caught:
        s.execute(line)
    text = f"{caught.value.message} {caught.value.hint}"
    assert "\n" not in text and "Traceback" not in text
    assert caught.value.hint or "e.g." in caught.value.message        # what to do instead
    assert s.state is before and s.log == log
