"""What an actor carries from one fight to the next (a party's items), and the refusal
of leaving out what it does not carry. The ruleset says what the actor carries; the
engine does not read its sheet."""

from __future__ import annotations

from collections.abc import Sequence

from shaper_gm.engine.errors import RuleViolation


def without(items: Sequence[str], gone: Sequence[str]) -> tuple[str, ...]:
    """`items` less one of them for each of `gone` (an item it holds twice, gone once,
    stays once); what `items` lacks is passed over."""
    left = list(items)
    for item in gone:
        if item in left:
            left.remove(item)
    return tuple(left)


def compared(before: Sequence[str], now: Sequence[str]) -> tuple[tuple[str, ...],
                                                                 tuple[str, ...]]:
    """(what `now` lacks of `before`, what it has beyond it), one entry per item."""
    return without(before, now), without(now, before)


def lacking(name: str, items: Sequence[str], gone: Sequence[str]) -> None:
    """Refuse leaving out an item the actor called `name` does not carry (`add --lacks`)."""
    left = list(items)
    for item in gone:
        if item not in left:
            raise RuleViolation(f"{name} carries no {item!r} to come without",
                                f"it carries: {', '.join(items) or 'nothing'}")
        left.remove(item)
