"""Every verb of a reactions encounter refuses what the rules do not allow with one
clean line (what is wrong, the ruling, what to do instead), and changes nothing."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.reactions.conftest import DUEL, session

FAR = ("add ann --as duellist --side party --at B2 --name Ann",
       "add bo --as duellist --at E2 --name Bo", "init ann bo", "start")
BEFORE = DUEL[:2]

CASES = [
    # attack (R1-R8, R10, R11)
    (DUEL, (), "attack bo,ann", r"one target here, got 'bo,ann'"),
    (DUEL, (), "attack ann", r"cannot attack itself \(R1\)"),
    (DUEL, (), "attack zed", r"no actor 'zed'"),
    (FAR, (), "attack bo", r"3 m away; the Duelling sword reaches 1 m \(R1\)"),
    (DUEL, (), "attack bo --with laser", r"no weapon or spell 'laser'.*\(R1\)"),
    (DUEL, ("add k --as knight --at H8",), "attack bo --with war-axe", r"has no War axe \(R1\)"),
    (DUEL, (), "attack bo --type fire", r"'fire' is no attack type \(R1\)"),
    (DUEL, (), "attack bo --power -2", r"power -2 is negative \(R1\)"),
    (DUEL, (), "attack bo --type true --react bo=block", r"cannot be blocked, only dodged \(R2\)"),
    (DUEL, (), "attack bo --react bo=parry", r"no such reaction \(R2\)"),
    (DUEL, (), "attack bo --react ann=block", r"only the defender, Bo, reacts.*\(R2\)"),
    (DUEL, (), "attack bo --react bo=dodge --react bo=block", r"block 2 needs 1 reaction; it "
                                                              r"has 0 left \(R2, R11\)"),
    (DUEL, (), "attack bo --block 5", r"Bo made 0 block attempts \(R2\)"),
    (DUEL, (), "attack bo --react bo=block --block 5 --block 6", r"made 1 block attempt"),
    (DUEL, (), "attack bo --crit 21", r"face 21 is out of range 1-20"),
    (DUEL, (), "attack bo --crit 1,2", r"--crit: 2 faces given"),
    (DUEL, (), "attack bo --react bo=dodge --to B2", r"B2 is taken \(R4\)"),
    (DUEL, (), "attack bo --react bo=dodge --to C2", r"a dodge leaves the defender's tile "
                                                     r"\(R4\)"),
    (DUEL, (), "attack bo --react bo=dodge --to E4", r"more than 1 tile from Bo \(R4\)"),
    (DUEL, (), "attack bo --react bo=dodge --to Z9", r"off the 8x8 grid"),
    (DUEL, ("attack bo --crit 1",), "attack bo", r"attack needs 1 action; Ann has 0 left "
                                                 r"\(R10\)"),
    (DUEL, (), "attack bo ann", r"it is not Bo's turn \(R10\)"),
    (DUEL, ("add k --as knight --at H8", "damage bo 60 --type true"), "attack bo",
     r"Bo is already down \(R8\)"),
    (DUEL, ("damage bo 60 --type true",), "end", r"the fight is over: party won in round 1"),
    (DUEL, ("damage ann 60 --type true",), "attack ann bo", r"Ann is down \(R8\)"),
    (BEFORE, (), "attack ann bo", r"has not started \(R10\)"),
    # move (R10)
    (DUEL, (), "move C2", r"C2 is taken \(R10\)"),
    (DUEL, (), "move H2", r"H2 is 6 m away; Ann moves up to 5 m \(R10\)"),
    (DUEL, (), "move B2", r"already on B2"),
    (DUEL, (), "move bo D2", r"it is not Bo's turn \(R10\)"),
    (DUEL, ("move B3",), "move B4", r"move needs 1 move; Ann has 0 left \(R10\)"),
    (DUEL, (), "move Q1", r"off the 8x8 grid"),
    (BEFORE, (), "move ann B3", r"has not started \(R10\)"),
    # shield (R12)
    (DUEL, (), "shield", r"Ann has no shield to raise \(R12\)"),
    (DUEL, ("add sk --as skeleton --at H8",), "shield sk",
     r"it is not Skeleton's turn \(R10\)"),
    # act (R10) and react (R11)
    (DUEL, (), "act major swings", r"act costs one of move, action here, not 'major' \(R10\)"),
    (DUEL, ("act action drinks",), "act action drinks again", r"needs 1 action.*\(R10\)"),
    (DUEL, (), "react ann 1 shouts", r"Ann cannot react during its own turn \(R11\)"),
    (DUEL, (), "react bo 3 shouts", r"react needs 3 reactions; Bo has 2 left \(R11\)"),
    (DUEL, (), "react bo lots shouts", r"a number of reactions, not 'lots' \(R11\)"),
    (DUEL, (), "react bo 0 shouts", r"at least 1 reaction.*\(R11\)"),
    (DUEL, (), "react bo", r"expected react ACTOR N TEXT"),
    # pass, end
    (DUEL, ("pass ann",), "pass ann", r"already passed"),
    (DUEL, (), "pass bo", r"Bo is not acting: it is Ann's turn \(R10\)"),
    (BEFORE, (), "end", r"no turn is running"),
    # GM tools (R6-R8), setup
    (DUEL, (), "damage bo 5 --type fire", r"'fire' is no attack type \(R1\)"),
    (DUEL, (), "damage bo 5 --type true --direct", r"--direct skips armor and shield"),
    (DUEL, (), "damage bo -5", r"whole number from 0"),
    (DUEL, (), "heal bo x", r"whole number from 0"),
    (DUEL, (), "set bo reactions=5", r"reactions must be 0 to 2 for Bo"),
    (DUEL, (), "set bo shield=-1", r"shield must be 0 to 999,999"),
    (DUEL, (), "set bo armor=3", r"cannot set 'armor=3'"),
    (DUEL, (), "effect bo rage --might 2", r"unknown flag --might"),
    (DUEL, (), "odds bo --react bo=dodge --react bo=dodge", r"dodge 2 needs 2 reactions"),
    (DUEL, (), "odds bo --react ann=block", r"only the defender"),
    (FAR, (), "odds bo", r"reaches 1 m \(R1\)"),
    (BEFORE, (), "add cy --as dragon", r"no creature 'dragon'"),
    (BEFORE, (), "add cy --stat might=2", r"Reactions sheets have physical_armor"),
    (BEFORE, (), "add cy --stat block=0", r"block=0 is out of range: .*1 .* 21 \(R3: a d20 target"),
    (BEFORE, (), "add cy --stat speed=-1", r"speed=-1 is out of range: .* at least 0"),
    (BEFORE, (), "add cy --hp 0", r"--hp 0 is out of range: .* at least 1 .*\(R8\)"),
    (BEFORE, (), "add cy --weapon laser", r"no weapon or spell 'laser'"),
    (BEFORE, (), "add cy --shield door", r"no shield 'door'"),
    (BEFORE, (), "add cy --at K1", r"off the 8x8 grid"),
    (BEFORE, (), "add move", r"'move' cannot be an actor id"),
    (BEFORE, (), "place ann Z1", r"off the 8x8 grid"),
    (BEFORE, (), "init ann --roll 21", r"out of range 1-20"),
    (DUEL, (), "start", r"already in round 1"),
    (DUEL, (), "strike bo", r"runs Reactions, whose verbs are .*attack"),
]


@pytest.mark.parametrize("setup, lines, line, message", CASES,
                         ids=[case[2] for case in CASES])
def test_a_refusal_is_one_line_and_changes_nothing(setup, lines, line, message):
    s = session(*lines, setup=setup)
    state, log = s.state, list(s.log)
    with pytest.raises(GmError, match=message) as err:
        s.execute(line)
    assert "\n" not in err.value.message and "\n" not in (err.value.hint or "")
    assert err.value.hint, "every refusal says what to do instead"
    assert s.state is state and s.log == log
