"""The dice-pool ruleset (rulings P1-P12): a pool spent by rolls and refilled by CON,
margin-of-success damage, Prepare."""

from __future__ import annotations

from shaper_gm.rulesets.dicepool.models import Library
from shaper_gm.rulesets.dicepool.ruleset import DicePool


def build(library: Library | None = None) -> DicePool:
    """The ruleset over `library`, or over `content/dicepool/` when None."""
    if library is None:
        from shaper_gm.rulesets.dicepool.content import load
        library = load()
    return DicePool(library)


__all__ = ["DicePool", "Library", "build"]
