"""Every verb's refusals, typed as commands: one line naming what is wrong (and the
ruling), a hint of what to do instead, and nothing changed, not even the log."""

from __future__ import annotations

import re

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.dungeoneers.test_command_examples import fight

SETUP = ("add freya --as freya --at B2", "add alberich --as alberich --at B3 --holding maul",
         "add skeleton --as skeleton --at C2", "add gob --as goblin --at H8",
         "init freya alberich skeleton gob")
# (commands after start, the refused command, what the message says)
REFUSED = [
    ((), "strike gob", r"Goblin is 6 tiles away, beyond Freya's threat range 1, and the "
                       r"Longsword has no range or toss property \(D16\)"),
    ((), "strike freya gob --with dagger", r"Freya is not holding the dagger \(D22\)"),
    (("act freya 4 waits", "act alberich 6 waits", "act skeleton 6 waits",
      "act gob 6 waits"), "strike freya skeleton",
     r"strike needs 3 AP; Freya has 2 left \(D1, D2, D8\)"),
    ((), "power-strike skeleton freya", r"it is not Skeleton's turn \(D3\)"),
    ((), "strike freya freya", r"Freya cannot strike itself"),
    ((), "strike freya skeleton --boon -1", r"boon and bane are counted from 0 \(D15\)"),
    ((), "strike freya skeleton --dodge 9", r"--dodge: face 9 is out of range 1-6"),
    ((), "strike freya skeleton --with axe", r"no weapon 'axe'"),
    ((), "grapple alberich skeleton", r"Alberich has no hand free to grapple: maul take 2 "
                                      r"of 2 hands \(D24\)"),
    ((), "grapple freya gob", r"Freya can only grapple a creature it threatens: Goblin is "
                              r"6 tiles away, threat range 1 \(D24\)"),
    ((), "push freya skeleton E5", r"a push forces Skeleton 1 tile; E5 is 3 from C2 "
                                   r"\(D25\)"),
    ((), "push freya skeleton Z9", r"tile Z9 is off the 8x8 battlefield"),
    (("set skeleton ap=0",), "react skeleton 1 dodges",
     r"react needs 1 AP; Skeleton has 0 left \(D1, D2, D8\)"),
    ((), "react freya 7 everything", r"an action costs 1 to 6 AP, not 7 \(D2\)"),
    ((), "react freya lots", r"'lots' is not a cost in AP \(D2\)"),
    ((), "act 0 nothing", r"an action costs 1 to 6 AP, not 0 \(D2\)"),
    ((), "spellcast alberich sap-will gob", r"Goblin is 6 tiles away; Sap Will reaches 4 "
                                            r"tiles \(D28\)"),
    ((), "spellcast alberich frost-touch gob", r"Frost Touch reaches reach \(1\) \(D28\)"),
    ((), "spellcast alberich mend --arca 1", r"Mend takes no extra arca \(D28\)"),
    ((), "spellcast freya firebolt skeleton", r"Freya knows no spells \(D28\)"),
    ((), "spellcast alberich fireball skeleton", r"no spell 'fireball'"),
    ((), "move freya E5", r"E5 is 3 tiles from B2; move at Ground \(1\) covers 1 \(D21\)"),
    ((), "move freya B2", r"Freya is already on B2"),
    ((), "move freya A1 --speed fly", r"no travel speed 'fly'"),
    ((), "sprint freya F2", r"F2 is 4 tiles from B2; sprint at Ground \(1\) covers 2 \(D21\)"),
    ((), "interact freya --draw maul", r"Freya: longsword, dagger \(D22\)|no weapon 'maul'"),
    ((), "interact freya --draw longsword", r"Freya already holds the longsword \(D22\)"),
    ((), "ready freya dance", r"'dance' is not an action a creature can ready \(D9\)"),
    ((), "ready freya s", r"'s' is not an action a creature can ready \(D9\)"),
    ((), "deep-breath freya", r"Freya has 0 stress, not above its capacity 4: no deep "
                              r"breath \(D26\)"),
    ((), "focus freya", r"Freya already has its most arca, 2 \(D27\)"),
    # a creature with no AP left is never up, so its pass is another's turn's
    (("act freya 6 waits",), "pass freya", r"Freya is not acting: it is Alberich's turn "
                                           r"\(D3\)"),
    ((), "end", r"a turn here is one action \(D2\): it ends by itself"),
    ((), "grab-ledge gob --tiles 0", r"a creature grabs a ledge when forced at least 1 tile "
                                     r"\(D29\)"),
    ((), "damage skeleton 2 --type sonic", r"--type 'sonic' is not a damage type \(D20\)"),
    ((), "damage skeleton 2 --type B --direct", r"--direct skips D20"),
    ((), "set skeleton wounds=9", r"wounds must be 0 to 8 for Skeleton"),
    ((), "set skeleton hp=3", r"cannot set 'hp=3'"),
    ((), "ambient -1", r"ambient: '-1' is not a whole number of arca \(D28\)"),
    ((), "odds freya gob", r"beyond Freya's threat range 1.*\(D16\)"),
    ((), "attack skeleton", r"this encounter runs Dungeoneers, whose verbs are .*strike"),
    (("damage skeleton 8 --direct",), "strike freya skeleton",
     r"Skeleton is already down \(D19\)"),
    (("damage gob 6 --direct",), "pass gob", r"Goblin is down and has nothing to give up"),
    (("damage freya 12 --direct",), "act freya 1 crawls", r"Freya is down \(D19\) and cannot "
                                                          r"act"),
]


@pytest.mark.parametrize("before,line,message", REFUSED, ids=[r[1] for r in REFUSED])
def test_a_refusal_is_one_line_and_changes_nothing(before, line, message):
    s = fight(*SETUP, "start", *before)
    state, log = s.state, list(s.log)
    with pytest.raises(GmError) as err:
        s.execute(line)
    text = err.value.message
    assert "\n" not in text and "Traceback" not in text
    assert err.value.hint, f"no hint for {line!r}"
    assert re.search(message, text), text
    assert s.state is state and s.log == log


@pytest.mark.parametrize("line,message", [
    ("strike freya skeleton", r"the fight has not started \(D3\): a strike needs a turn"),
    ("init", r"Dungeoneers rolls no initiative: the most AP acts next \(D3\)"),
    ("add troll --hp 10", r"--hp: Dungeoneers counts wounds up to a wound limit, not hit "
                          r"points \(D19\)"),
    ("add troll --as dragon", r"no creature 'dragon'"),
    ("add troll --prof striking=godlike", r"not a proficiency rank \(D12\)"),
    ("add troll --vulnerable sonic=1", r"not a damage type or category \(D20\)"),
    ("add troll --prof striking", r"--prof 'striking' is not NAME=VALUE"),
    ("add troll --holding maul", r"--holding maul: not among its weapons \(D22\)"),
    ("add troll --weapon maul --weapon shortbow --holding maul --holding shortbow",
     r"takes 4 hands; a creature has 2 \(D22\)"),
    ("add troll --stat luck=3", r"--stat 'luck=3'"),
    ("add 3 --as goblin", r"'3' cannot be an actor id"),
])
def test_setup_refusals(line, message):
    s = fight(*SETUP)
    state = s.state
    with pytest.raises(GmError, match=message) as err:
        s.execute(line)
    assert "\n" not in err.value.message and s.state is state
