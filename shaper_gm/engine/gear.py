"""What an actor carries and holds: the refusals every ruleset words alike. The
ruleset says what the actor carries; the engine does not read its sheet."""

from __future__ import annotations

from collections.abc import Sequence

from shaper_gm.engine.errors import RuleViolation


def _cite(rule: str) -> str:
    return f" ({rule})" if rule else ""


def carried(name: str, item: str, items: Sequence[str], rule: str = "",
            shown: str | None = None) -> None:
    """Refuse an item not among the `items` the actor called `name` carries, saying
    what it does carry; `shown` names the item (its id, quoted, by default)."""
    if item not in items:
        raise RuleViolation(f"{name} carries no {shown or repr(item)}{_cite(rule)}",
                            f"it carries: {', '.join(items) or 'nothing'}")


def drawable(name: str, item: str, items: Sequence[str], holding: bool, rule: str = "",
             shown: str | None = None, then: str = "attack") -> None:
    """Refuse drawing an item the actor does not carry, or already holds."""
    carried(name, item, items, rule, shown)
    if holding:
        raise RuleViolation(f"{name} already holds the {shown or item}{_cite(rule)}",
                            f"{then} with it")
