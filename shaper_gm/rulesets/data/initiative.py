"""Initiative as a ruleset written as data declares it (`initiative: {roll, tiebreak,
zero_faces}`): what an actor rolls, and what breaks a tie."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shaper_gm.dice import DiceSource, Roll, parse, roll
from shaper_gm.engine.state import Actor


class DeclaredInitiative:
    """A DataRuleset's initiative roll and tiebreak (1d20 when it declares no roll)."""

    library: Any

    if TYPE_CHECKING:
        def _read(self, sheet: Any, read: Any) -> Any: ...     # DataRuleset's

    def initiative(self, actor: Actor, source: DiceSource) -> Roll:
        rule = self.library.initiative or {}
        if "roll" not in rule:
            return roll(parse("1d20"), source, what=f"initiative of {actor.name}")
        dice = self._read(actor.sheet, lambda view: rule["roll"].dice(view))
        expr = parse(dice.text())
        if "zero_faces" in rule and self._read(actor.sheet, rule["zero_faces"].run):
            from shaper_gm.engine.zero_faces import zero_expr  # T1: a d10 read 0-9
            expr = zero_expr(expr)
        return roll(expr, source, what=f"initiative of {actor.name}")

    def order_tiebreak(self, actor: Actor) -> int:
        rule = self.library.initiative or {}
        if "tiebreak" not in rule:
            return 0
        return int(self._read(actor.sheet, rule["tiebreak"].run))
