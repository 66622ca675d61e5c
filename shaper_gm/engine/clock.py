"""Time as the GM types and reads it (T15 of time slices; any ruleset whose actions run
at the `waited` moment): minutes, kept as whole seconds."""

from __future__ import annotations

import re

from shaper_gm.engine.errors import RuleViolation

_DURATION = re.compile(r"^\s*([0-9]{1,5}(?:\.[0-9]{1,3})?)\s*(m|min|s|sec)?\s*$",
                       re.IGNORECASE)


def minutes(seconds: int) -> str:
    """``3``, ``4.9``, ``0.25`` minutes: as many decimals as the seconds need."""
    whole, rest = divmod(seconds, 60)
    if not rest:
        return str(whole)
    return f"{seconds / 60:.2f}".rstrip("0")


def parse_duration(text: str) -> int:
    """``2``, ``2m``, ``0.5``, ``30s`` -> seconds (a bare number is minutes, T15)."""
    # imported only where the GM types a time, not on opening
    from fractions import Fraction
    found = _DURATION.match(text)
    if not found:
        raise RuleViolation(f"{text!r} is not a time (T15)", "write minutes, e.g. wait 2 or "
                            "wait 0.5, or seconds, e.g. wait 30s")
    amount = Fraction(found[1])
    unit = (found[2] or "m").lower()
    seconds = amount if unit.startswith("s") else amount * 60
    if seconds.denominator != 1 or seconds <= 0:
        raise RuleViolation(f"{text!r} is not a whole, positive number of seconds (T15)",
                            "e.g. wait 2 or wait 30s")
    return int(seconds)


def duration_text(seconds: int) -> str:
    """How the log writes a time `parse_duration` reads back: ``2`` minutes, ``30s``."""
    return str(seconds // 60) if seconds % 60 == 0 else f"{seconds}s"


def clock_text(seconds: int) -> str:
    """The fight's clock as ``m:ss`` (T15)."""
    return f"{seconds // 60}:{seconds % 60:02d}"
