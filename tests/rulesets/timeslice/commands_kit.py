"""Time-slice encounters driven the way a GM drives them: command lines through a
Session, with dice given as flags."""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.commands import Session, new_session
from shaper_gm.rulesets.timeslice.content import load_library
from tests.replaying import replayed  # noqa: F401  (the tests import it from here)

# Kara (V 13, mail DR 2, sword), the guard (Q 10 U 11 V 11, mail DR 2, spear reach 2),
# Ren (Q 13, 11 TS, rifle); Ida (U 13, pistol, a medical kit); all within reach.
PARTY = ("add kara --as kara --at B2", "add guard --as guard --at C2",
         "add ren --as ren --at B3")


def session(*lines: str, seed: int = 1, library=None) -> Session:
    s = new_session(ruleset="timeslice", seed=seed, library=library)
    run(s, *lines)
    return s


def run(s: Session, *lines: str):
    result = None
    for line in lines:
        result = s.execute(line)
    return result


def library_with(**numbers):
    """The shipped content with some of the ruleset's numbers changed."""
    library = load_library()
    return replace(library, numbers=replace(library.numbers, **numbers))


def of(result, kind) -> list:
    return [e for e in result.events if isinstance(e, kind)]


def ts(s: Session, actor_id: str) -> int:
    return s.state.actors[actor_id].resource("ts")


def hp(s: Session, actor_id: str) -> int:
    return s.state.actors[actor_id].hp


def info(s: Session, actor_id: str):
    return s.state.actors[actor_id].system


