"""The time-slice ruleset (rulings T1-T17): TS budgets spent in passes, d10s read 0-9,
attacks against a chosen defense roll, dying timers, surprise rounds."""

from __future__ import annotations

from shaper_gm.rulesets.timeslice.models import Library
from shaper_gm.rulesets.timeslice.ruleset import TimesliceRuleset


def build(library: Library | None = None) -> TimesliceRuleset:
    """The ruleset over `library`, or over content/timeslice/ when None."""
    if library is None:
        from shaper_gm.rulesets.timeslice.content import load_library
        library = load_library()
    return TimesliceRuleset(library)


__all__ = ["TimesliceRuleset", "build"]
