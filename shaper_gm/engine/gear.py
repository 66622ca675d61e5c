"""What an actor carries and holds: the refusals every ruleset words alike."""

from __future__ import annotations

from shaper_gm.engine.errors import RuleViolation


def _cite(rule: str) -> str:
    return f" ({rule})" if rule else ""


def carried(actor, item: str, rule: str = "", shown: str | None = None) -> None:
    """Refuse an item the actor does not carry, saying what it does carry; `shown` is
    how the refusal names the item (its id, quoted, by default)."""
    if item not in actor.sheet.weapons:
        raise RuleViolation(f"{actor.name} carries no {shown or repr(item)}{_cite(rule)}",
                            f"it carries: {', '.join(actor.sheet.weapons) or 'nothing'}")


def drawable(actor, item: str, holding: bool, rule: str = "", shown: str | None = None,
             then: str = "attack") -> None:
    """Refuse drawing an item the actor does not carry, or already holds."""
    carried(actor, item, rule, shown)
    if holding:
        raise RuleViolation(f"{actor.name} already holds the {shown or item}{_cite(rule)}",
                            f"{then} with it")
