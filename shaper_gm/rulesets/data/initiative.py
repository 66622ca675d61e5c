"""Initiative as a ruleset written as data declares it (`initiative: {roll, tiebreak,
zero_faces}`): what an actor rolls, and what breaks a tie; or that none is rolled
(`no_initiative: {refuse, hint}`: a bare `init` refused in the ruleset's words)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shaper_gm.content.schema import Bad, show
from shaper_gm.dice import DiceSource, Roll, parse, roll
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor


def no_initiative(value: Any) -> tuple[str, str]:
    """`no_initiative: {refuse, hint}`: the words a roll of initiative is refused in."""
    if not isinstance(value, dict) or "refuse" not in value or set(value) - {"refuse", "hint"} \
            or not all(isinstance(v, str) for v in value.values()):
        raise Bad(f"expected {{refuse: TEXT, hint: TEXT}} (refuse required), got {show(value)}")
    return value["refuse"], value.get("hint", "")


class DeclaredInitiative:
    """A DataRuleset's initiative roll and tiebreak (1d20 when it declares no roll)."""

    library: Any

    if TYPE_CHECKING:
        def _read(self, sheet: Any, read: Any) -> Any: ...     # DataRuleset's

    def initiative(self, actor: Actor, source: DiceSource) -> Roll:
        refused = self.library.numbers.get("no_initiative")
        if refused:                     # the listing order settles who acts
            raise RuleViolation(*refused)
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
