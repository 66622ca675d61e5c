"""Edge, Pressured, Advantage and Disadvantage (S3).

- Edge: highest die becomes the top face (6 on a d6).
- Pressured: lowest die becomes 1.
- Advantage: lowest die becomes the top face.
- Disadvantage: highest die becomes 1.

Advantage and Disadvantage cancel one for one, and so do Edge and
Pressured (S3).  After cancelling, each remaining modifier claims a
different die that no other modifier has claimed: Edge and Disadvantage
take the highest unclaimed die, Pressured and Advantage the lowest.
Modifiers beyond the number of dice are ignored.

Design decision — canonical order.  The remaining modifiers are applied in
the fixed order Edge, Pressured, Advantage, Disadvantage (after cancelling
at most one of each pair is left, so this is "the Edge/Pressured side,
then the Advantage/Disadvantage side").  Ties between equal faces go to the
die that comes first in roll order.  Consequences:

* The result never depends on the order modifiers were listed in: the API
  takes counts, and the counts fix the order.
* While there are enough dice for every modifier, the order only decides
  which of two equal faces carries which label; the final faces as a
  multiset are the same for any application order.
* When modifiers outnumber the dice, the side applied first wins: with one
  die, Edge + Disadvantage gives 6 and Pressured + Advantage gives 1.  The
  order is mirror-symmetric (swapping faces f ↔ sides+1−f swaps Edge ↔
  Pressured and Advantage ↔ Disadvantage), so neither player nor GM side
  is favoured by it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import fields

from shaper_gm.dice.modifiers import Pin
from shaper_gm.records import record

CANONICAL_ORDER = ("edge", "pressured", "advantage", "disadvantage")
# The flags that give them (`--adv`, `--dis`: short forms), and a name as typed -> the
# modifier.
FLAGS = ("edge", "pressured", "adv", "dis")
MODIFIER_ALIASES = {**dict(zip(FLAGS, CANONICAL_ORDER, strict=True)),
                    **{name: name for name in CANONICAL_ORDER}}
# name -> (takes the highest unclaimed die?, sets it to the top face?)
_EFFECT = {
    "edge": (True, True),
    "pressured": (False, False),
    "advantage": (False, True),
    "disadvantage": (True, False),
}


@record
class Modifiers:
    """Counts of each modifier as listed (before cancelling); a pool modifier for the
    dice layer (`shaper_gm.dice.modifiers`)."""

    ruling = "S3"

    edge: int = 0
    pressured: int = 0
    advantage: int = 0
    disadvantage: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{f.name} must be a non-negative int, got {value!r}")

    @classmethod
    def of(cls, names: Iterable[str]) -> Modifiers:
        """Count modifier names (case-insensitive; ``adv``/``dis`` accepted)."""
        counts: Counter[str] = Counter()
        for name in names:
            key = MODIFIER_ALIASES.get(name.strip().lower())
            if key is None:
                raise ValueError(
                    f"unknown modifier {name!r}; use edge, pressured, "
                    "advantage (adv) or disadvantage (dis)"
                )
            counts[key] += 1
        return cls(**counts)

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """The four counts in the canonical order."""
        return (self.edge, self.pressured, self.advantage, self.disadvantage)

    def __add__(self, other: Modifiers) -> Modifiers:
        if not isinstance(other, Modifiers):
            return NotImplemented
        return Modifiers(*(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    def net(self) -> Modifiers:
        """Counts left after Advantage/Disadvantage and Edge/Pressured cancel (S3)."""
        edge = self.edge - self.pressured
        adv = self.advantage - self.disadvantage
        return Modifiers(max(edge, 0), max(-edge, 0), max(adv, 0), max(-adv, 0))

    @property
    def count(self) -> int:
        """Number of modifiers left after cancelling."""
        return sum(self.net().counts)

    def __bool__(self) -> bool:
        """True when the modifiers have any effect after cancelling."""
        return self.count > 0

    def describe(self) -> str:
        """Human text, e.g. ``"edge, advantage ×2"`` or ``"advantage, disadvantage (cancel)"``."""

        def parts(mods: Modifiers) -> list[str]:
            return [name if n == 1 else f"{name} ×{n}"
                    for name, n in zip(CANONICAL_ORDER, mods.counts, strict=True) if n]

        listed = parts(self)
        if not listed:
            return "no modifiers"
        net = self.net()
        if net == self:
            return ", ".join(listed)
        left = parts(net)
        return ", ".join(listed) + (f" (net {', '.join(left)})" if left else " (cancel)")

    def pins(self, dice: int, sides: int) -> tuple[Pin, ...]:
        """The canonical pins for a pool of `dice` dice; later steps are cut when dice
        run out."""
        pins, free = [], dice
        for name, count in zip(CANONICAL_ORDER, self.net().counts, strict=True):
            n = min(count, free)
            if n:
                takes_highest, to_top = _EFFECT[name]
                pins.append(Pin(name, n, takes_highest, sides if to_top else 1))
                free -= n
        return tuple(pins)
