"""Declaring reactions quickly at the table (issue 22): `--react bo=b,b` is two blocks,
written out in full in the log; the shell's question for the next try says what the
last one did (R2: a defender keeps trying while it has reactions; R3: a d20 against its
block target, 12+ for a duellist)."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from shaper_gm.shell.dice import make_decider
from tests.rulesets.reactions.conftest import session


def test_answers_may_be_listed_with_commas_and_shortened_to_a_unique_start():
    long, short = session(), session()
    long.execute("attack bo --react bo=block --react bo=block --block 4 --block 6 --crit 3")
    short.execute("attack bo --react bo=b,bl --block 4 --block 6 --crit 3")
    assert short.state == long.state
    assert short.log[-1] == long.log[-1] == (
        "attack ann bo --react bo=block --react bo=block --block 4 --block 6 --crit 3")


def test_a_start_shared_by_no_answer_is_refused_and_changes_nothing():
    s = session()
    state, log = s.state, list(s.log)
    with pytest.raises(GmError, match=r"--react bo=x: no such reaction \(R2\)"):
        s.execute("attack bo --react bo=x --block 4 --crit 3")
    with pytest.raises(GmError, match=r"is not ID=NAME.*bo=block,dodge"):
        s.execute("attack bo --react bo=block, --block 4 --crit 3")
    assert s.state is state and s.log == log


def test_the_question_for_a_second_try_says_what_the_first_did():
    """Bo (2 reactions) blocks with a 4 against 12: a failure; asked again with 1
    reaction left, the question says so; the log writes both answers."""
    s = session()
    asked, answers = [], iter(["block", "block"])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    s.decider = make_decider(ask, lambda actor: s.state.actors[actor].name, asked.append)
    s.execute("attack bo --block 4 --block 6 --crit 3")
    assert asked[0].startswith("Bo may react to the physical attack (2 reactions left) [")
    assert asked[1].startswith("Bo may react to the physical attack (1 reaction left); its "
                               "block 1 rolled 4 vs 12: failure [none/block]")
    assert s.log[-1].endswith("--react bo=block --react bo=block")


def test_one_reaction_spent_is_said_in_the_singular():
    """R2: a block costs 1 reaction; Bo (2) has 1 left after one."""
    from shaper_gm.render.text import describe_events
    s = session()
    said = describe_events(s.execute("attack bo --react bo=block --block 15 --crit 3").events,
                           {"ann": "Ann", "bo": "Bo"})
    assert "Bo loses 1 Reaction (2 → 1, R2)" in said
