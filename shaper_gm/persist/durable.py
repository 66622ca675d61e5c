"""What the save and its journal hold of a session, so a commit writes only the change.

The log determines the state (replaying resolved lines is exact), so what is durable
is the log and the session's manual-dice ids. The history changes only at its end
(commands append, undo pops, redo pushes back), so the change is found by walking back
from the end: a commit costs what changed, not the log's length.
"""

from __future__ import annotations

from shaper_gm.records import record


@record
class Change:
    keep: int                        # log entries still as they are on disk
    add: tuple[str, ...]             # lines after them
    manual: frozenset | None         # the new manual-dice ids, None when unchanged

    def fields(self) -> dict:
        """The change as a journal record's fields (journal.py)."""
        out: dict = {"keep": self.keep, "add": list(self.add)}
        if self.manual is not None:
            out["manual"] = sorted(self.manual)
        return out


class Durable:
    def __init__(self, history: list, manual) -> None:
        self.reset(history, manual)

    def reset(self, history: list, manual) -> None:
        """Everything in `history` and `manual` is on disk now."""
        self.frames = list(history)
        self.manual = frozenset(manual)

    def change(self, history: list, manual) -> Change | None:
        """What `history` and `manual` hold beyond what is on disk (None: nothing)."""
        keep = min(len(self.frames), len(history))
        while keep and not _same(self.frames[keep - 1], history[keep - 1]):
            keep -= 1
        manual = frozenset(manual)
        new_manual = None if manual == self.manual else manual
        if keep == len(self.frames) == len(history) and new_manual is None:
            return None
        return Change(keep, tuple(frame.line for frame in history[keep:]), new_manual)

    def accept(self, change: Change, history: list) -> None:
        """`change` (made from `history`) is on disk now."""
        del self.frames[change.keep:]
        self.frames.extend(history[change.keep:])
        if change.manual is not None:
            self.manual = change.manual


def _same(a, b) -> bool:
    """Two frames at one place in the log: the same entry when their lines are (a
    rebuilt frame is a new object with the same line)."""
    return a is b or a.line == b.line
