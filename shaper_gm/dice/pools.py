"""Success-counting pools: roll N dice, count the faces at or above a target.

The dice-pool ruleset rolls a character's pool and keeps its successes (P1, P3); the
exact distribution of successes is binomial, computed in integers.
"""

from __future__ import annotations

from math import comb

from shaper_gm.records import record

from .exact import Dist, check_dice
from .roll import check_dice_count
from .sources import DiceSource
from .totals import entered as entered_total
from .totals import take_total


@record
class PoolResult:
    """A rolled pool: every face, and how many reached `success_on`; or, when the
    successes were called out at the table (`entered`), how many of `count` dice."""

    faces: tuple[int, ...]
    sides: int
    success_on: int
    entered: int | None = None
    count: int | None = None          # dice rolled, when there are no faces

    @property
    def dice(self) -> int:
        return self.count if self.count is not None else len(self.faces)

    @property
    def successes(self) -> int:
        if self.entered is not None:
            return self.entered
        return sum(1 for f in self.faces if f >= self.success_on)

    @property
    def failures(self) -> int:
        return self.dice - self.successes

    @property
    def naturals(self) -> tuple[int, ...]:
        return self.faces

    def breakdown(self) -> str:
        if self.entered is not None:
            return (f"{self.successes} success{'es' if self.successes != 1 else ''} of "
                    f"{self.dice} dice (entered)")
        marks = ", ".join(f"{f}✓" if f >= self.success_on else str(f) for f in self.faces)
        return (f"[{marks}] = {self.successes} success{'es' if self.successes != 1 else ''} "
                f"(≥ {self.success_on})")


@record
class PoolCount:
    """What the rules read of a pool roll (its exact outcomes have no faces)."""

    successes: int
    failures: int


def roll_pool(source: DiceSource, count: int, sides: int, success_on: int, *,
              what: str = "pool") -> PoolResult:
    if count < 0:
        raise ValueError(f"a pool cannot have {count} dice")
    check_dice_count(count, what)
    if entered_total(source) is not None:
        given = take_total(source, f"{what} (successes)", f"{count}d{sides}, {success_on}+",
                           range(count + 1), dice=count)
        return PoolResult((), sides, success_on, entered=given.value, count=count)
    faces = source.faces(count, sides, what) if count else ()
    return PoolResult(tuple(faces), sides, success_on)


def pool_dist(count: int, sides: int, success_on: int, what: str = "pool") -> Dist:
    """Exact distribution of `PoolCount` for `count` dice (binomial, integer weights)."""
    check_dice(count, what)
    hits = max(0, min(sides, sides - success_on + 1))
    misses = sides - hits
    return Dist({PoolCount(k, count - k): comb(count, k) * hits ** k * misses ** (count - k)
                 for k in range(count + 1)})
