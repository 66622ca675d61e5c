"""Which reading of a verb's optional words completion follows first: the one that
fills the verb's words in order, skipping none before the word at the cursor (an
optional actor first aside: the acting actor is the usual subject). `spellcast alberich `
reads alberich as the caster and offers its spells, and the targets a reading that skips
the spell would offer only when it has none (`spellcast [ACTOR] [SPELL] [TARGET]`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def skipped(positionals: Sequence[str], reading: Sequence[str], index: int) -> int:
    """How many optional words `reading` leaves out before its word at `index`."""
    count, at = 0, 0
    for i, slot in enumerate(positionals):
        if at > index:
            break
        if at < len(reading) and reading[at] == slot.rstrip("?"):
            at += 1
        elif not (i == 0 and slot == "actor?"):
            count += 1
    return count


def in_order(positionals: Sequence[str], readings: list[list[str]],
             index: int) -> list[list[list[str]]]:
    """`readings` in groups, those skipping fewest optional words before `index` first,
    each group in the order given."""
    groups: dict[int, list[list[str]]] = {}
    for reading in readings:
        groups.setdefault(skipped(positionals, reading, index), []).append(reading)
    return [groups[count] for count in sorted(groups)]


def first_offered(groups: list[list[list[str]]],
                  offered: Callable[[list[str]], list[Any]]) -> list[Any]:
    """What the first group of readings that offers anything offers, each reading's in
    turn: the readings that skip fewest optional words, the others only when those offer
    nothing for the word (`skill monica ` offers Monica's skills, not the targets a
    reading without the skill would)."""
    for group in groups:
        out = [value for reading in group for value in offered(reading)]
        if out:
            return out
    return []
