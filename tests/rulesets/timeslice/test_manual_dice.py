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


def test_an_asker_of_1_to_n_faces_is_refused_cleanly_for_0_to_9_dice():
    s = started()
    s.asker = make_asker(lambda question: "3,4", lambda actor: actor, lambda text: None)
    s.execute("rolls kara manual")
    before = s.state
    with pytest.raises(GmError, match=r"d10s read 0-9 \(T1\), which this shell cannot ask for "
                                      "by hand") as caught:
        s.execute("attack guard")
    assert "--roll 0,7" in caught.value.hint and s.state is before
    s.execute("attack guard --roll 3,4")                       # given faces still work
    assert s.log[-1].startswith("attack kara guard --roll 3,4 --defend ")


def test_a_verb_of_another_ruleset_is_refused_with_this_rulesets_verbs():
    s = started()
    with pytest.raises(GmError, match="this encounter runs Time slices") as caught:
        s.execute("strike guard")
    for verb in ("attack", "draw", "move", "odds", "surprise", "tend", "wait", "wake"):
        assert verb in caught.value.message
