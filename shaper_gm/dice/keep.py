"""Roll several dice of one size and keep the highest or the lowest (the d20 rulings'
G12: two d20, keep one).

`KeepRoll` is a roll spec like `specs.SumRoll`: played, it takes its faces from the
slot's source (two faces when entered, in the order rolled) or a total called out at
the table (the kept face, `=14`); for odds it lists the kept face's exact distribution.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from shaper_gm.records import record

from .die import Die
from .notation import parse
from .roll import Roll, roll
from .sources import DiceSource
from .specs import Total
from .totals import entered

if TYPE_CHECKING:
    from .exact import Dist


@record
class Kept:
    """A keep roll played: every die rolled, and the face kept (its total)."""

    dice: tuple[Die, ...]
    total: int
    entered: int | None = None      # the kept face called out at the table
    highest: bool = True

    @property
    def naturals(self) -> tuple[int, ...]:
        return tuple(d.natural for d in self.dice)

    def breakdown(self) -> str:
        """``[14, 7] keep highest = 14``, or ``14 (entered)``."""
        if self.entered is not None:
            return f"{self.total} (entered)"
        faces = ", ".join(str(d.natural) for d in self.dice)
        return f"[{faces}] keep {'highest' if self.highest else 'lowest'} = {self.total}"

    def __str__(self) -> str:
        return self.breakdown()


@record
class KeepRoll:
    """`count` dice of `sides` faces, the highest (or lowest) one kept."""

    sides: int
    count: int = 2
    highest: bool = True
    what: str = "roll"

    def roll(self, source: DiceSource) -> Kept:
        if entered(source) is not None:
            one: Roll = roll(parse(f"1d{self.sides}"), source, what=self.what)
            return Kept((), one.total, one.total, self.highest)
        rolled = roll(parse(f"{self.count}d{self.sides}"), source, what=self.what)
        faces = rolled.naturals
        return Kept(rolled.dice, max(faces) if self.highest else min(faces), None,
                    self.highest)

    def outcomes(self) -> Dist:
        return _kept_outcomes(self.sides, self.count, self.highest)


@lru_cache(maxsize=64)
def _kept_outcomes(sides: int, count: int, highest: bool) -> Dist:
    """The kept face's distribution in integer counts out of sides ** count: the highest
    is k in k^n - (k-1)^n of them, the lowest k in (s-k+1)^n - (s-k)^n."""
    from .exact import Dist

    def at_most(k: int) -> int:
        return int(k ** count)
    if highest:
        counts = {Total(k): at_most(k) - at_most(k - 1) for k in range(1, sides + 1)}
    else:
        counts = {Total(k): at_most(sides - k + 1) - at_most(sides - k)
                  for k in range(1, sides + 1)}
    return Dist(counts)
