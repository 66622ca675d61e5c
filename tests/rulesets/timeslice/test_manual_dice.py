"""Dice entered by hand (T1): an asker that takes the lowest face is asked for 0-9 and the
line logs what it was told; the shell's asker of 1-N faces is refused in one line, with
what to do instead, rather than failing; a verb the ruleset lacks is named as such."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from shaper_gm.shell.dice import make_asker

from .commands_kit import PARTY, replayed, session


def started():
    return session(*PARTY, "init kara guard ren", "start")


def test_dice_asked_for_at_the_table_run_0_to_9_and_are_logged():
    s = started()
    asked = []

    def asker(actor, what, count, sides, low=1):
        asked.append((actor, count, sides, low))
        return (0, 9) if actor == "kara" else None

    s.asker = asker
    s.execute("rolls kara manual")
    s.execute("attack guard --defend 0,0")
    assert asked == [("kara", 2, 10, 0)]
    assert s.log[-1] == "attack kara guard --defend 0,0 --roll 0,9 --defense parry --by-hand roll"
    assert replayed(s).state == s.state


def test_the_shells_asker_takes_0_to_9_faces_and_refuses_a_10():
    """The shell asks for a d10 read 0-9 with its range (T1); a 10 is asked again."""
    answers = iter(["10,4", "0,9"])
    warned = []
    s = started()
    s.asker = make_asker(lambda question: next(answers), lambda actor: actor, warned.append)
    s.execute("rolls kara manual")
    s.execute("attack guard")
    assert "--roll 0,9" in s.log[-1] and "--by-hand" in s.log[-1]
    assert warned and "faces run 0-9 (this d10 reads 0-9)" in warned[0]


def test_a_verb_of_another_ruleset_is_refused_with_this_rulesets_verbs():
    s = started()
    with pytest.raises(GmError, match="this encounter runs Time slices") as caught:
        s.execute("strike guard")
    for verb in ("attack", "draw", "move", "odds", "surprise", "tend", "wait", "wake"):
        assert verb in caught.value.message
