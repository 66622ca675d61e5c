"""Totals called out at the table instead of faces: `--roll =14`.

A player may say what a roll came to rather than read out its dice. An `EnteredTotal`
stands in for the faces of one roll. The roll takes it as its total when the roll can
come to it at all, and has no faces then. Automatic results are judged on natural faces
(Shaper's S2), so an entered total is never one, unless the GM says which
(`automatic`, from `--auto`). A ruleset whose critical hits depend on totals decides
them from the entered total as from any other.

A total includes what the tool adds to the roll itself (its expression's constants, and
`after`: bonuses a ruleset's step adds to the roll's total). The roll built from it
keeps the total the dice stand for (`total`) and the number the GM gave (`entered`).

A dice source that can hold a total has `entered` (the `EnteredTotal`, or None) and
`take_total(count)` (the roll took it in place of `count` dice); `label` names it in
messages (``--roll``).
"""

from __future__ import annotations

from collections.abc import Iterable

from shaper_gm.records import record

from .errors import DiceInputError

__all__ = ["AUTOMATIC", "MARK", "EnteredTotal", "entered", "is_total", "parse_total",
           "take_total"]

MARK = "="                              # `=14`: a total, not faces
AUTOMATIC = ("success", "failure")
_HINT = "write the total the player called, e.g. =14, or the faces, e.g. 5,5,3"


@record
class EnteredTotal:
    """What the GM typed for one roll: a total, and an automatic result the GM declared."""

    value: int
    automatic: str | None = None

    def __str__(self) -> str:
        return f"{MARK}{self.value}"


def is_total(text: str) -> bool:
    return text.strip().startswith(MARK)


def parse_total(text: str, label: str = "total") -> EnteredTotal:
    """``=14`` → EnteredTotal(14). ``=``, ``=x`` and numbers of more than six digits are
    refused here; whether the roll can come to the number is checked when it rolls."""
    body = text.strip()[len(MARK):].strip()
    if not body:
        raise DiceInputError(f"{label} {MARK}: no total after '{MARK}'".lstrip(), _HINT)
    digits = body[1:] if body[:1] in "+-" else body
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
        shown = body if len(body) <= 12 else body[:12] + "…"
        raise DiceInputError(f"{label} {MARK}{shown}: {shown!r} is not a whole number".lstrip(),
                             _HINT)
    return EnteredTotal(int(body))


def entered(source: object) -> EnteredTotal | None:
    """The total a dice source holds instead of faces, if any."""
    return getattr(source, "entered", None)


def take_total(source: object, what: str, shown: str, possible: Iterable[int], *, dice: int,
               after: int = 0, automatic: bool = False) -> EnteredTotal:
    """Check the source's total against every total the roll can come to (each already
    including `after`) and hand it over in place of `dice` dice.

    `shown` is the roll as the GM knows it (``3d6+1``); `automatic` says whether the roll
    has automatic results at all (a declared one is refused otherwise). `possible` may
    be a `range`, checked without listing it."""
    total = entered(source)
    assert total is not None, "take_total on a source without a total"
    label = getattr(source, "label", "total")
    reachable = possible if isinstance(possible, range) else sorted(set(possible))
    if total.value not in reachable:
        low, high = reachable[0], reachable[-1]
        span = f"{low} to {high}" if low != high else f"only {low}"
        gap = " but never exactly that" if low <= total.value <= high else ""
        raise DiceInputError(
            f"{label} {total}: the {what} ({shown}) totals {span}{gap}",
            "give a total the roll can make, or the faces rolled")
    if total.automatic and not automatic:
        raise DiceInputError(f"--auto {total.automatic}: the {what} has no automatic results",
                             "leave --auto out for it")
    take = getattr(source, "take_total", None)
    if take is not None:
        take(dice)
    return total
