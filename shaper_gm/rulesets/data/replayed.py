"""`replayed_saves` (ruleset.yaml): save format versions a ruleset written as data opens
by replaying the save's log, where the Python ruleset of the same id wrote them in a
layout of its own (Shaper's version 1). The log is played from its first line (`new
...`) on the ruleset as it is now, the dice it logged given again, and the state it
reaches is the save's; the state the file holds is not read. A log that does not replay
is refused in one line, naming the line."""

from __future__ import annotations

from typing import Any

from shaper_gm.content.schema import Bad


def replayed_saves(value: Any) -> tuple[int, ...]:
    """The versions, checked: whole numbers 1 or more."""
    if not isinstance(value, list) or not value or \
            not all(type(v) is int and v >= 1 for v in value):
        raise Bad(f"expected a list of save format versions (1, 2, ...), got {value!r}")
    return tuple(value)


class ReplayedSaves:
    """A ruleset written as data: the save versions it opens by replaying their log
    (persist/replayed.py plays them)."""

    library: Any

    @property
    def replayed_versions(self) -> tuple[int, ...]:
        return tuple(self.library.numbers.get("replayed_saves") or ())
