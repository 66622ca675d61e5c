"""An ask's `settled`: a standing choice the shell does not ask again (time slices' T10,
the kind a defender rolled last); an answer declared ahead (`--react`) still counts."""

from __future__ import annotations

import pytest

from shaper_gm.dice import GivenFaces
from shaper_gm.engine import vocab
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.stepkit import VocabError
from shaper_gm.engine.steps import PlayTape, play

STEPS = [{"ask": ["dodge", "brace"], "who": "target", "into": "answer",
          "settled": "kept != 'none'", "prompt": "{target} defends"},
         {"set": {"kind": "if(answer == 'none', kept, answer)"}}]


def played(kept: str, declared=(), said: str = "brace") -> tuple[str, list[str]]:
    """The kind played, and whom the shell asked."""
    asked: list[str] = []

    def asker(ask):
        asked.append(ask.actor)
        return said
    steps = vocab.compile_steps(STEPS, ("target", "kept"), keep=("kind",))
    tape = PlayTape(lambda slot, i, who: GivenFaces([1]),
                    Decisions(declared=list(declared), asker=asker))
    return play(steps, vocab.Facts({"target": "bo", "kept": kept}), tape)["kind"], asked


def test_the_shell_asks_while_nothing_stands():
    assert played("none") == ("brace", ["bo"])


def test_a_standing_choice_is_not_asked_again():
    assert played("dodge") == ("dodge", [])


def test_an_answer_declared_ahead_still_counts_when_one_stands():
    assert played("dodge", declared=[("bo", "brace")]) == ("brace", [])


def test_settled_that_cannot_be_read_is_refused_at_load():
    broken = [{**STEPS[0], "settled": "kept +"}]
    with pytest.raises(VocabError, match="settled"):
        vocab.compile_steps(broken, ("target", "kept"), keep=())
