"""What an encounter may hold, for every ruleset: numbers within range, names that
resolve.

A sheet number, a resource without a maximum of its own, hit points: whatever the GM
types for one (`add --stat`, `set`) and whatever a save holds for one is at most
MAX_NUMBER, so no hand-edited save or typed value makes a later command count, draw or
roll a billion of anything. The verbs that take a number and the check that reads a
save use these ranges, so what one accepts the other opens; and every name a saved
state holds (an actor, an item, a rank) must be one that exists (`known`).
"""

from __future__ import annotations

from collections.abc import Collection

from shaper_gm.engine.data import DataError

MAX_NUMBER = 999_999          # six digits, as the GM types them


def span(low: int, high: int | None) -> str:
    """``0 to 6``, or ``0 to 999,999`` where nothing lower bounds it."""
    return f"{low:,} to {(MAX_NUMBER if high is None else high):,}"


def within(value: int, low: int, high: int | None = None) -> bool:
    """Whether `value` lies in low..high (high: MAX_NUMBER when None)."""
    return low <= value <= (MAX_NUMBER if high is None else high)


def check(where: str, value: object, low: int, high: int | None = None,
          why: str = "") -> None:
    """Refuse (DataError naming `where`) a saved value outside low..high."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(where, f"should be a whole number, got {value!r}")
    if not within(value, low, high):
        raise DataError(where, f"{value:,} is outside {span(low, high)}"
                        + (f" ({why})" if why else ""))


def known(where: str, value: object, table: Collection[object], what: str) -> None:
    """Refuse (DataError naming `where`) a saved name that is not in `table`."""
    if value not in table:
        shown = ", ".join(sorted(map(str, table))[:12]) or "none"
        raise DataError(where, f"unknown {what} {value!r} (known: {shown})")
