"""An ask's `default`, `point` and `logs`: a pick of one of its answers, never none (time
slices' T10, the kind of defense roll, its best by default), asked as its own decision
and logged as the action's own flag rather than `--react ID=ANSWER`."""

from __future__ import annotations

from shaper_gm.dice import GivenFaces
from shaper_gm.engine import vocab
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.steps import PlayTape, play

STEPS = [{"ask": {"dodge": "ts >= 1", "parry": "armed", "brace": "true"}, "who": "target",
          "into": "kind", "default": "best", "point": "defense", "logs": "defense",
          "settled": "kept", "prompt": "{target} defends"}]


def played(best: str, *, armed: bool = True, ts: int = 2, kept: bool = False, declared=(),
           said: str | None = None):
    """The kind picked, what the shell was asked (point, options, default), the
    decisions' --react words and flags."""
    asked: list = []

    def asker(ask):
        asked.append((ask.point, ask.options, ask.default))
        return said
    steps = vocab.compile_steps(STEPS, ("target", "best", "armed", "ts", "kept"),
                                keep=("kind",))
    decisions = Decisions(declared=list(declared), asker=asker)
    tape = PlayTape(lambda slot, i, who: GivenFaces([1]), decisions)
    facts = vocab.Facts({"target": "bo", "best": best, "armed": armed, "ts": ts,
                         "kept": kept})
    return play(steps, facts, tape)["kind"], asked, decisions.as_flags(), decisions.flagged


def test_the_default_stands_when_nobody_says_and_is_logged_as_the_flag():
    assert played("parry") == ("parry", [("defense", ("dodge", "parry", "brace"), "parry")],
                               [], {"defense": "parry"})


def test_the_shell_picks_among_those_offered():
    kind, asked, react, flags = played("parry", ts=0, said="brace")
    assert (kind, asked, react, flags) == ("brace", [("defense", ("parry", "brace"), "parry")],
                                           [], {"defense": "brace"})
    assert played("parry", armed=False, ts=0, said="dodge")[:2] == ("brace", [])   # one


def test_a_default_not_offered_reads_as_the_first_offered():
    assert played("parry", armed=False)[0] == "dodge"


def test_a_declared_answer_counts_and_is_logged_as_the_flag_not_as_react():
    assert played("parry", kept=True, declared=[("bo", "brace")]) == \
        ("brace", [], [], {"defense": "brace"})
