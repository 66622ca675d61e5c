"""Pool modifiers: each pins one die of a roll's pool to its top face or to 1.

A ruleset's modifiers decide which dice are pinned and in what order: as a sequence of
`Pin`s, each taking the highest or the lowest die that no earlier pin took. The dice
layer applies the pins to rolled faces (`apply_modifiers`) and computes their exact
odds (`exact.py`); what the modifiers are called, how they cancel and which acts first
belong to the ruleset (Shaper's are in its `modifiers` module).

Anything with `pins(dice, sides)`, `describe()` and truth (any effect at all) is a
pool modifier; `NO_MODIFIERS` is the empty one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from shaper_gm.records import record

from .die import Die

__all__ = ["NO_MODIFIERS", "PoolModifiers", "Pin", "apply_modifiers"]


@record
class Pin:
    """``count`` dice pinned to `face` by modifier `name`: each the highest unclaimed die
    when `takes_highest`, else the lowest (the first in roll order on ties)."""

    name: str
    count: int
    takes_highest: bool
    face: int


class PoolModifiers(Protocol):
    ruling: str      # the ruling a breakdown cites for them ("" for none)

    def pins(self, dice: int, sides: int) -> tuple[Pin, ...]: ...

    def describe(self) -> str: ...

    def __bool__(self) -> bool: ...

    def __hash__(self) -> int: ...        # exact odds cache by them


class _NoModifiers:
    ruling = ""

    def pins(self, dice: int, sides: int) -> tuple[Pin, ...]:
        return ()

    def describe(self) -> str:
        return "no modifiers"

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NO_MODIFIERS"


NO_MODIFIERS: PoolModifiers = _NoModifiers()


def apply_modifiers(naturals: Sequence[int], sides: int, mods: PoolModifiers) -> tuple[Die, ...]:
    """The dice of natural faces (in roll order) after `mods` pin theirs."""
    for face in naturals:
        if not 1 <= face <= sides:
            raise ValueError(f"face {face} is out of range 1-{sides}")
    finals = list(naturals)
    changed_by: list[str | None] = [None] * len(naturals)
    for pin in mods.pins(len(naturals), sides):
        for _ in range(pin.count):
            free = [i for i, who in enumerate(changed_by) if who is None]
            if pin.takes_highest:
                index = max(free, key=lambda i: (naturals[i], -i))
            else:
                index = min(free, key=lambda i: (naturals[i], i))
            finals[index] = pin.face
            changed_by[index] = pin.name
    return tuple(
        Die(sides, nat, fin, who)
        for nat, fin, who in zip(naturals, finals, changed_by, strict=True)
    )
