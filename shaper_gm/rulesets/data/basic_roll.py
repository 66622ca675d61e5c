"""`basic_roll` (ruleset.yaml): the dice of the ruleset's basic roll, any number added
to them (Shaper's 3d6, S1). The GM's own `roll` of those dice judges an automatic
result on their natural faces, all tops a success and all ones a failure, whatever is
added (S2): `roll 3d6+2 --faces 6,6,6` reads `3d6+2: [6, 6, 6] + 2 = 20 (automatic
success)`; other dice (`roll 2d6+2`) have none."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad


def basic_roll(value: Any) -> str:
    """Dice written as text, checked (`3d6`)."""
    from shaper_gm.dice import parse
    try:
        dice = parse(str(value)).dice_terms if isinstance(value, str) else ()
    except ValueError:
        dice = ()
    if not dice:
        raise Bad(f"expected dice such as 3d6, got {value!r}")
    return value


class BasicRoll:
    """The GM's `roll` of a ruleset written as data: its basic roll judged for automatic
    results (no pool modifiers)."""

    library: Any

    def roll_modifiers(self, text: str, flags: Mapping[str, Any]) -> tuple[Any, bool]:
        from shaper_gm.dice import parse
        from shaper_gm.dice.modifiers import NO_MODIFIERS
        basic = self.library.numbers.get("basic_roll")
        try:
            same = bool(basic and text) and parse(text).dice_terms == parse(basic).dice_terms
        except ValueError:                 # the roll refuses it in its own words
            same = False
        return NO_MODIFIERS, same
