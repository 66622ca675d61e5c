"""Small labelled numbers every breakdown is built from.

A `Part` is a bonus with its reason and the rule that grants it, e.g.
``Part(1, "Vigor", "S28")``; a `Mod` is a roll modifier with its reason, e.g.
``Mod("disadvantage", "Outnumbered", "S16")``. Both are tuples, so plain
``(1, "Vigor", "S28")`` works too. A computed breakdown's line is an `engine.steps.Note`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class Part(NamedTuple):
    amount: int
    reason: str
    rule: str = ""


class Mod(NamedTuple):
    name: str                 # edge | pressured | advantage | disadvantage
    reason: str
    rule: str = ""


def total(parts: Iterable[tuple[int, str, str]]) -> int:
    return sum(p[0] for p in parts)


def as_parts(parts: Iterable[tuple]) -> tuple[Part, ...]:
    return tuple(Part(*p) for p in parts)


def as_mods(mods: Iterable[tuple]) -> tuple[Mod, ...]:
    return tuple(Mod(*m) for m in mods)
