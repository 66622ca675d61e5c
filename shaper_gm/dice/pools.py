"""Success-counting pools: roll N dice, count the faces at or above a target.

The dice-pool ruleset rolls a character's pool and keeps its successes (P1, P3); the
exact distribution of successes is binomial, computed in integers.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from .exact import Dist
from .sources import DiceSource


@dataclass(frozen=True)
class PoolResult:
    """A rolled pool: every face, and how many reached `success_on`."""

    faces: tuple[int, ...]
    sides: int
    success_on: int

    @property
    def successes(self) -> int:
        return sum(1 for f in self.faces if f >= self.success_on)

    @property
    def failures(self) -> int:
        return len(self.faces) - self.successes

    @property
    def naturals(self) -> tuple[int, ...]:
        return self.faces

    def breakdown(self) -> str:
        marks = ", ".join(f"{f}✓" if f >= self.success_on else str(f) for f in self.faces)
        return (f"[{marks}] = {self.successes} success{'es' if self.successes != 1 else ''} "
                f"(≥ {self.success_on})")


@dataclass(frozen=True)
class PoolCount:
    """What the rules read of a pool roll (its exact outcomes have no faces)."""

    successes: int
    failures: int


def roll_pool(source: DiceSource, count: int, sides: int, success_on: int, *,
              what: str = "pool") -> PoolResult:
    if count < 0:
        raise ValueError(f"a pool cannot have {count} dice")
    faces = source.faces(count, sides, what) if count else ()
    return PoolResult(tuple(faces), sides, success_on)


def pool_dist(count: int, sides: int, success_on: int) -> Dist:
    """Exact distribution of `PoolCount` for `count` dice (binomial, integer weights)."""
    hits = max(0, min(sides, sides - success_on + 1))
    misses = sides - hits
    return Dist({PoolCount(k, count - k): comb(count, k) * hits ** k * misses ** (count - k)
                 for k in range(count + 1)})
