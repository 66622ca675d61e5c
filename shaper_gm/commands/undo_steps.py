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


def sizes(frames: Sequence[Any], *, redo: bool = False) -> list[int]:
    """How many frames each step holds, the next to move first: undo reads the history
    from its end (joined frames, then the one they joined), redo the redo branch, whose
    last frame is the next step's first."""
    out: list[int] = []
    if redo:
        for frame in reversed(frames):
            if frame.joined and out:
                out[-1] += 1
            else:
                out.append(1)
        return out
    size = 0
    for frame in reversed(frames):
        size += 1
        if not frame.joined:
            out.append(size)
            size = 0
    return out + ([size] if size else [])
