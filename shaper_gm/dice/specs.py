"""Roll specifications: one object that can both roll and list its exact outcomes.

Resolution steps ask for a roll through a spec. Played for real, the spec rolls from a
dice source and the step sees the whole `Roll` (every face, for the breakdown). Run for
odds, the same step sees each exact outcome in turn: a `Total` (a sum and its automatic
result) or a `PoolCount` (successes and failures) with its probability. Steps read only
the fields both have, so the rule they apply is written once.
"""

from __future__ import annotations

from dataclasses import field
from functools import lru_cache
from typing import NamedTuple

from shaper_gm.records import record

from .exact import Dist, basic_dist, roll_dist
from .modifiers import NO_MODIFIERS, PoolModifiers
from .notation import Expr, parse
from .pools import PoolCount, PoolResult, pool_dist, roll_pool
from .roll import Roll, basic_roll, roll
from .sources import DiceSource


class Total(NamedTuple):
    """A summed roll as odds see it. A named tuple, not a record: odds make and compare
    thousands of them, and a tuple is made, hashed and compared in C from the first."""

    total: int
    automatic: str | None = None


@record
class SumRoll:
    """An expression's total, e.g. ``1d6+3`` or ``2d10`` read 0-9 (see `from_zero`).

    `after` is what the step adds to the total itself (a stat bonus noted apart): a
    total called out at the table for this roll includes it."""

    expr: Expr
    what: str = "roll"
    after: int = 0

    @classmethod
    def of(cls, text: str | Expr, what: str = "roll", after: int = 0) -> SumRoll:
        return cls(parse(text) if isinstance(text, str) else text, what, after)

    @property
    def dice_count(self) -> int:
        return self.expr.dice_count

    def roll(self, source: DiceSource) -> Roll:
        return roll(self.expr, source, what=self.what, after=self.after)

    def outcomes(self) -> Dist:
        return _sum_outcomes(self.expr, self.what)


@record
class BasicRoll:
    """A basic roll: base dice + bonus, with pool modifiers and automatic results judged
    on the base dice, plus extra dice that only add (see `dice.roll.basic_roll`)."""

    base: str
    bonus: int = 0
    mods: PoolModifiers = field(default=NO_MODIFIERS)
    extra_dice: int = 0
    what: str = "basic roll"

    def roll(self, source: DiceSource) -> Roll:
        return basic_roll(source, bonus=self.bonus, mods=self.mods, extra_dice=self.extra_dice,
                          basic_expr=self.base, what=self.what)

    def outcomes(self) -> Dist:
        return _basic_outcomes(self.base, self.bonus, self.mods, self.extra_dice, self.what)


@record
class PoolRoll:
    """A success-counting pool of `count` dice."""

    count: int
    sides: int
    success_on: int
    what: str = "pool"

    def roll(self, source: DiceSource) -> PoolResult:
        return roll_pool(source, self.count, self.sides, self.success_on, what=self.what)

    def outcomes(self) -> Dist:
        return _pool_outcomes(self.count, self.sides, self.success_on, self.what)


@lru_cache(maxsize=512)
def _sum_outcomes(expr: Expr, what: str) -> Dist:
    return roll_dist(expr, what=what).map(Total)


@lru_cache(maxsize=512)
def _basic_outcomes(base: str, bonus: int, mods: PoolModifiers, extra: int, what: str) -> Dist:
    return basic_dist(base, bonus, mods, extra, what).map(lambda pair: Total(*pair))


@lru_cache(maxsize=512)
def _pool_outcomes(count: int, sides: int, success_on: int, what: str) -> Dist:
    return pool_dist(count, sides, success_on, what)


__all__ = ["BasicRoll", "PoolCount", "PoolRoll", "SumRoll", "Total"]
