"""One step's branches from every situation, in exact odds: equal contexts merged, each
with its integer weight over one common whole (`engine.steps.exact`, `engine.mixing`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from math import gcd, lcm
from operator import attrgetter
from typing import Any

from shaper_gm.records import revise


class Merged:
    """One step's branches from every situation, equal contexts merged once the step's
    `forget` fields are cleared. Weights are integers over one whole (the least common
    multiple of the branches' wholes), in a list beside the contexts, so each context
    is looked up once. With `forget`, the lookup is by class and the other compared
    fields (what `==` reads of a record or dataclass), and only the first of equal
    contexts is copied with those fields cleared."""

    def __init__(self, forget: tuple[str, ...]) -> None:
        self.cleared = dict.fromkeys(forget)
        self.kept: dict[type, Callable[[Any], Any]] = {}   # per class: the fields compared
        self.index: dict[Any, int] = {}      # context (or class, kept fields) -> its place
        self.contexts: list[Any] = []
        self.ways: list[int] = []
        self.whole = 1

    def add(self, branched: list[tuple[Any, int, int]], weight: int) -> None:
        index, ways, contexts, cleared = self.index, self.ways, self.contexts, self.cleared
        whole, kept = self.whole, self.kept
        for result, count, of in branched:
            if whole % of:
                scale = lcm(whole, of) // whole
                ways[:] = [w * scale for w in ways]
                whole = self.whole = whole * scale
            count *= weight * (whole // of)
            if cleared:
                kind = type(result)
                key = (kind, (kept.get(kind) or self._kept(kind))(result))
            else:
                key = result
            at = index.get(key)
            if at is None:
                index[key] = len(ways)
                ways.append(count)
                contexts.append(revise(result, **cleared) if cleared else result)
            else:
                ways[at] += count

    def _kept(self, cls: type) -> Callable[[Any], Any]:
        names = [f.name for f in fields(cls) if f.compare and f.name not in self.cleared]
        getter = self.kept[cls] = attrgetter(*names) if names else (lambda ctx: ())
        return getter

    def reduced(self, before: int) -> tuple[list[tuple[Any, int]], int]:
        """The contexts with their weights, in lowest terms with their whole (`before`:
        the whole of the situations the step ran from)."""
        whole = before * self.whole
        common = gcd(whole, *self.ways)
        return [(ctx, w // common) for ctx, w in zip(self.contexts, self.ways, strict=True)], \
            whole // common
