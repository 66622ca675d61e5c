"""Shaper written as data beside the Python ruleset: a skill is used once a round a level
in it (S24), its round restarting as its user's turn starts; each use counts up its
effect's `used_SKILL` (an effect key, as any number an effect adds), and `add --skill
SKILL:LEVEL` (the format's `add_entries`, its `separator: ':'`) gives a skill above
level 1."""

from __future__ import annotations

import pytest

from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, both, numbers, play_alike
from tests.rulesets.twins import said

__all__ = ["both"]


def zed(skill: str, zone: str = "B1") -> str:
    """A level-2 actor knowing `skill` at level 2, on the party's side (the same line on
    both: add_numbers' --level N, add_entries' SKILL:LEVEL)."""
    common = f"--weapon longbow --weapon longsword --at {zone} --side party"
    return f"add zed --level 2 --finesse 1 --mentality 1 --skill {skill}:2 {common}"


ATTACK = "attack zed raider --skill longshot --roll 4,4,4 --evade 2,2,2 --damage 3 --defense 1"


@pytest.mark.parametrize("setup, lines", [
    ((zed("longshot", "A5"), "draw zed longbow"), (
        (ATTACK, True),
        ("set zed major=3", True), (ATTACK, True),            # level 2: twice a round
        ("set zed major=3", True), (ATTACK, False),           # not a third time
        ("end", True), ("end", True), (ATTACK, True))),       # its next turn: again
    ((zed("charm"),), (
        ("cast zed charm zed", True), ("cast zed charm zed", True),
        ("set zed major=3", True), ("cast zed charm zed", False))),
    ((zed("retreat"), "engage zed raider"), (
        ("skill zed retreat zed", True), ("engage zed raider", True),
        ("skill zed retreat zed", True), ("set zed major=3 minor=1", True),
        ("engage zed raider", True), ("skill zed retreat zed", False))),
])
def test_a_skill_above_level_1_is_used_once_a_round_a_level_alike(both, setup, lines):
    sessions = both()
    for line in (setup[0], "add raider --as raider --at B1", "init zed raider", "start",
                 *setup[1:]):
        for rs, s in sessions.items():
            s.execute(said(line, rs, DATA))
    play_alike(sessions, lines)


@pytest.mark.parametrize("lines", [
    ("effect taylor ward --absorb 3", "damage taylor 4 --defense 1",      # 3 soaked
     "damage taylor 4 --defense 1"),                                      # used up
    ("cast taylor energy-shield taylor", "effect taylor ward --absorb 3",
     "damage taylor 7 --defense 1", "damage taylor 3 --defense 1"),     # the shield first
    ("effect taylor ward --absorb 3 --until never", "damage taylor 6 --defense 1",
     "damage taylor 2 --defense 1"),                           # spent, kept at 0
])
def test_whatever_absorbs_is_used_up_alike(both, lines):
    """S7, S26: damage past Defense is soaked by every effect that absorbs, in the order
    they were gained (Energy Shield, the GM's ward), each used up as it soaks."""
    sessions = both("add taylor --as taylor --at C4", "add raider --as raider --at C4",
                    "init taylor raider", "start")
    for line in lines:
        for s in sessions.values():
            s.execute(line)
        assert numbers(sessions[DATA]) == numbers(sessions[PYTHON]), line
        effects = {rs: [(e.name.lower().replace(" ", "-"), e.mod("absorb"))
                        for e in s.state.actors["taylor"].effects
                        if not e.name.startswith("used-")]      # S24's count
                   for rs, s in sessions.items()}
        assert effects[DATA] == effects[PYTHON], line
