"""Undo steps: a command that runs several logged commands (a party's join, `new
--party`) lands them as one step, each frame after the first `joined` to it, so that one
`undo` takes them all back and one `redo` brings them back; and if any of them is
refused, none of them lands. Frames read from a save are steps of their own."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from shaper_gm.interrupts import landing


@contextmanager
def one_step(session: Any) -> Iterator[None]:
    """The commands run inside land as one undo step, or, when one raises, none does:
    the encounter, its log and its redo branch are as they were. The encounter's first
    entry (its `new`) is never part of a step: undo stops there."""
    history, future, state = list(session.history), list(session.future), session.state
    try:
        yield
    except BaseException:
        with landing():
            session.history[:], session.future[:], session.state = history, future, state
        raise
    first = next((i for i, (old, new) in enumerate(zip(history, session.history, strict=False))
                  if old is not new), min(len(history), len(session.history)))
    with landing():
        for i in range(max(first, 1) + 1, len(session.history)):
            session.history[i] = replace(session.history[i], joined=True)


def last_steps(frames: Sequence[Any], count: int, *, redo: bool = False,
               first: int = 0) -> tuple[int, int]:
    """How many frames the next `count` steps hold, and how many steps there were of
    them (fewer than `count`: every step there is), read from the end of
    `frames[first:]` and no further than those steps: undo reads the history (joined
    frames, then the one they joined), redo the redo branch, whose last frame is the
    next step's first. An undo at the end of a long log costs its step, not the log."""
    held = steps = size = 0
    for at in range(len(frames) - 1, first - 1, -1):
        joined = frames[at].joined
        if redo:
            if joined and steps:
                held += 1               # part of the step begun after it
                continue
            if steps == count:
                break
            steps, held = steps + 1, held + 1
            continue
        size += 1
        if not joined:
            steps, held, size = steps + 1, held + size, 0
            if steps == count:
                return held, steps
    if size:                             # joined frames down to the first: one step
        steps, held = steps + 1, held + size
    return held, steps
