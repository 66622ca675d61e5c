"""Exact outcome distributions: integer counts and Fractions, no floats, no sampling.

A modified pool's total depends only on the sorted natural faces: the
modifiers claim the lowest and highest sorted positions (see
:class:`~.modifiers.Pin`), set them to fixed faces, and leave the
middle positions natural.  :func:`_middle_sum_counts` therefore walks the
faces 1..S, choosing how many dice show each face (weighted by binomials =
the multinomial count of ordered outcomes) and adding up only the faces
that land in the unmodified middle positions.  That is polynomial in the
pool size (10d6 with modifiers is a few thousand states), unlike
enumerating ``S**n`` outcomes.  Pools without modifiers use plain
convolution, and a roll whose number of dice is itself uncertain (damage dice
that grow with a margin) is summed by Horner's rule (:func:`compound_sum`).

Every distribution is bounded before any work starts: at most
``MAX_EXACT_DICE`` dice (so its integer weights stay a few thousand bits) and at
most ``MAX_WEIGHED`` weights added up to build it (so it takes well under a
second).  Past either, :class:`~.errors.TooLarge` refuses at once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from math import comb, lcm, prod
from operator import sub
from typing import Any

from .errors import TooLarge
from .limits import MAX_DICE, MAX_WEIGHED
from .modifiers import NO_MODIFIERS, PoolModifiers
from .notation import DiceTerm, Expr, parse
from .roll import FAILURE, SUCCESS, basic_expression, check_pool, resolve

__all__ = [
    "MAX_EXACT_DICE",
    "MAX_WEIGHED",
    "Dist",
    "afford",
    "basic_dist",
    "check_dice",
    "compound_sum",
    "roll_dist",
    "sum_work",
]

MAX_EXACT_DICE = MAX_DICE  # dice in one exact distribution, as in one roll
_FEWER = "roll fewer or smaller dice"


def check_dice(count: int, what: str = "the roll", hint: str = _FEWER) -> None:
    """Refuse an exact distribution of more than MAX_EXACT_DICE dice."""
    if count > MAX_EXACT_DICE:
        raise TooLarge(f"{what}: {count:,} dice are more than exact odds work out "
                       f"(at most {MAX_EXACT_DICE:,})", hint)


def afford(weighed: int, what: str = "the roll", hint: str = _FEWER) -> None:
    """Refuse work that would add up more than MAX_WEIGHED weights."""
    if weighed > MAX_WEIGHED:
        raise TooLarge(f"{what}: its exact odds would weigh {weighed:,} outcomes, past "
                       f"the limit of {MAX_WEIGHED:,}", hint)


def sum_work(count: int, sides: int) -> int:
    """Weights written to sum `count` dice of `sides` faces one die at a time."""
    count = max(count, 0)
    return count * (count + 1) // 2 * sides + count


def _sort_key(outcome: Any) -> Any:
    # (total, automatic) pairs hold None and strings: order them by text.
    if isinstance(outcome, tuple):
        return tuple(_sort_key(x) for x in outcome)
    return (0, outcome, "") if isinstance(outcome, int) else (1, 0, str(outcome))


def _number(outcome: Hashable) -> int | Fraction:
    """An outcome a mean can weigh: a number."""
    if isinstance(outcome, (int, Fraction)):
        return outcome
    raise TypeError(f"a mean needs numeric outcomes, got {outcome!r}")


class Dist(Mapping[Hashable, Fraction]):
    """Immutable distribution: outcome -> probability (a Fraction).

    Stored as integer weights over a common total, so convolving stays in
    integers; probabilities are Fractions when read.
    """

    __slots__ = ("_counts", "_total", "_keys")

    # counts: outcome -> weight; Any keys, as a Mapping's key type is invariant and
    # outcomes are totals, (total, automatic) pairs, ...
    def __init__(self, counts: Mapping[Any, int]) -> None:
        clean: dict[Hashable, int] = {}
        for outcome, count in counts.items():
            if not isinstance(count, int) or count < 0:
                raise ValueError(f"weights must be non-negative ints, got {count!r}")
            if count:
                clean[outcome] = count
        if not clean:
            raise ValueError("a distribution needs at least one outcome with weight > 0")
        self._counts = clean
        self._total = sum(clean.values())
        self._keys = tuple(sorted(clean, key=_sort_key))

    @classmethod
    def from_counts(cls, counts: Mapping[Any, int]) -> Dist:
        return cls(counts)

    @classmethod
    def from_probs(cls, probs: Mapping[Hashable, Fraction]) -> Dist:
        fracs = {k: v if type(v) is Fraction else Fraction(v) for k, v in probs.items()}
        denom = lcm(*(f.denominator for f in fracs.values()))
        counts = {k: f.numerator * (denom // f.denominator) for k, f in fracs.items()}
        if sum(counts.values()) != denom:
            raise ValueError("probabilities must sum to 1")
        return cls(counts)

    @classmethod
    def point(cls, outcome: Hashable) -> Dist:
        return cls({outcome: 1})

    @classmethod
    def die(cls, sides: int) -> Dist:
        return cls(dict.fromkeys(range(1, sides + 1), 1))

    # Mapping protocol -------------------------------------------------------
    def __getitem__(self, outcome: Hashable) -> Fraction:
        return Fraction(self._counts[outcome], self._total)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._counts.keys() == other._counts.keys() and all(
            c * other._total == other._counts[k] * self._total for k, c in self._counts.items()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{k!r}: {self[k]}" for k in self._keys[:8])
        more = ", …" if len(self._keys) > 8 else ""
        return f"Dist({{{shown}{more}}})"

    # Queries ----------------------------------------------------------------
    @property
    def total_weight(self) -> int:
        return self._total

    def counts(self) -> dict[Hashable, int]:
        """Integer weights (out of :attr:`total_weight`)."""
        return dict(self._counts)

    def mean(self) -> Fraction:
        return Fraction(sum(_number(k) * c for k, c in self._counts.items()), self._total)

    def prob(self, pred: Callable[[Any], bool]) -> Fraction:
        return Fraction(sum(c for k, c in self._counts.items() if pred(k)), self._total)

    # Combinators ------------------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        out: defaultdict[Hashable, int] = defaultdict(int)
        for k, c in self._counts.items():
            out[f(k)] += c
        return Dist(out)

    def combine(self, other: Dist, f: Callable[[Any, Any], Hashable]) -> Dist:
        """Distribution of ``f(x, y)`` for independent ``x ~ self``, ``y ~ other``."""
        afford(len(self._counts) * len(other._counts), "the combined roll")
        out: defaultdict[Hashable, int] = defaultdict(int)
        for a, ca in self._counts.items():
            for b, cb in other._counts.items():
                out[f(a, b)] += ca * cb
        return Dist(out)

    def __add__(self, other: Dist | int) -> Dist:
        """Convolution with another Dist, or a shift by a constant."""
        if isinstance(other, int):
            return self.map(lambda x: x + other)
        if isinstance(other, Dist):
            return self.combine(other, lambda a, b: a + b)
        return NotImplemented

    __radd__ = __add__

    def __neg__(self) -> Dist:
        return self.map(lambda x: -x)


# Building blocks ------------------------------------------------------------


def _times_die(weights: list[int], low: int, high: int) -> list[int]:
    """``weights`` (index = total) with one more die of faces low..high under each:
    ``out[t] = sum(weights[t-high .. t-low])``, as differences of prefix sums (padded so
    that both ends clamp), computed in C-level passes."""
    pad = high + 1
    prefix = list(accumulate(weights, initial=0))
    padded = [0] * pad + prefix + [prefix[-1]] * pad
    size = len(weights) + high
    upper, lower = pad - low + 1, pad - high
    return list(map(sub, padded[upper:upper + size], padded[lower:lower + size]))


@lru_cache(maxsize=256)
def _sum_weights(count: int, sides: int) -> tuple[int, ...]:
    """Ways for ``count`` dice of faces 0..sides-1 to total each index, one die at a time
    (memoised: odds ask for the same sums again and again)."""
    check_dice(count)
    afford(sum_work(count, sides))
    weights = [1]
    for _ in range(count):
        weights = _times_die(weights, 0, sides - 1)
    return tuple(weights)


def _sum_counts(count: int, sides: int) -> dict[int, int]:
    """Ways for ``count`` dice of ``sides`` faces to total each value."""
    return {t + count: w for t, w in enumerate(_sum_weights(count, sides)) if w}


def _middle_sum_counts(n: int, sides: int, lo: int, hi: int) -> dict[int, int]:
    """Ways (of ``sides**n``) for sorted positions ``lo..hi-1`` of n dice to sum to each value."""
    states: dict[tuple[int, int], int] = {(0, 0): 1}  # (dice placed, middle sum) -> ways
    for face in range(1, sides + 1):
        nxt: defaultdict[tuple[int, int], int] = defaultdict(int)
        for (placed, msum), ways in states.items():
            left = n - placed
            choices = (left,) if face == sides else range(left + 1)
            for c in choices:
                inside = max(0, min(placed + c, hi) - max(placed, lo))
                nxt[(placed + c, msum + face * inside)] += ways * comb(left, c)
        states = nxt
    return {msum: ways for (placed, msum), ways in states.items() if placed == n}


def _pool_dist(n: int, sides: int, mods: PoolModifiers, what: str) -> Dist:
    """Totals of an n-die pool after its modifiers pin dice."""
    # at most (n+1) counts placed x (n*sides+1) sums, times n+1 choices, for each face
    afford(sides * (n + 1) ** 2 * (n * sides + 1), what)
    steps = mods.pins(n, sides)
    high = sum(s.count for s in steps if s.takes_highest)
    low = sum(s.count for s in steps if not s.takes_highest)
    fixed = sum(s.count * s.face for s in steps)
    middle = _middle_sum_counts(n, sides, low, n - high)
    return Dist({fixed + m: w for m, w in middle.items()})


def _group_dist(count: int, sides: int, low: int, sign: int, what: str) -> Dist:
    """Totals of ``count`` like dice (faces low..low+sides-1), added or subtracted."""
    afford(sum_work(count, sides), what)
    dist = Dist({t + count * low: w for t, w in enumerate(_sum_weights(count, sides)) if w})
    return -dist if sign < 0 else dist


def _like_dice(terms: tuple[DiceTerm, ...]) -> dict[tuple[int, int, int], int]:
    """Dice counts by (sides, lowest face, sign): ``2d6+1d6`` is one sum of 3d6."""
    out: dict[tuple[int, int, int], int] = defaultdict(int)
    for term in terms:
        out[(term.sides, term.low, term.sign)] += term.count
    return out


def compound_sum(weights: Mapping[int, int], sides: int, low: int = 1) -> Dist:
    """Totals of a roll whose number of dice is itself uncertain: ``weights[c]`` is the
    (integer) weight of rolling ``c`` dice of faces low..low+sides-1; no dice total 0.

    Horner's rule over the count, ``sum(w[c] * D**c) = (..(w[top] * D + w[top-1]) * D
    ..) * D + w[0]`` with each ``w[c]`` scaled by ``sides**(top-c)`` to a common total,
    adds weights only: no faces enumerated and no distribution built per count, so it
    costs what the largest count's sum alone costs."""
    counts = {c: w for c, w in weights.items() if w}
    if not counts or min(counts) < 0:
        raise ValueError("compound_sum needs weights on dice counts of 0 or more")
    top = max(counts)
    check_dice(top)
    afford(sum_work(top, sides))
    high = low + sides - 1
    acc, scale = [counts[top]], 1
    for c in range(top - 1, -1, -1):
        acc = _times_die(acc, low, high)
        scale *= sides
        acc[0] += counts.get(c, 0) * scale
    return Dist({total: w for total, w in enumerate(acc) if w})


def _as_expr(expr: Expr | str) -> Expr:
    return parse(expr) if isinstance(expr, str) else expr


def roll_dist(expr: Expr | str, mods: PoolModifiers = NO_MODIFIERS, basic: bool = False,
              what: str = "the roll") -> Dist:
    """Distribution of the total of ``expr`` with ``mods`` on its whole dice pool.

    With ``basic=True`` the outcomes are ``(total, automatic)`` pairs instead,
    ``automatic`` being ``"success"``, ``"failure"`` or ``None`` (S2, judged
    on all dice of ``expr``). `what` names the roll if it is past the limits.
    """
    expr = _as_expr(expr)
    sides = check_pool(expr, expr.dice_count, mods)
    check_dice(expr.dice_count, what)
    if mods:
        totals = _pool_dist(expr.dice_count, sides, mods, what) + expr.constant
    else:
        totals = Dist.point(expr.constant)
        for (sides, low, sign), count in _like_dice(expr.dice_terms).items():
            totals = totals + _group_dist(count, sides, low, sign, what)
    if not basic:
        return totals
    return _tag_automatic(totals, expr, mods)


def _tag_automatic(totals: Dist, expr: Expr, mods: PoolModifiers) -> Dist:
    """Split out the single all-top-faces and all-ones outcomes (S2, on naturals)."""
    sides = [t.sides for t in expr.dice_terms for _ in range(t.count)]
    # Weights are counts of ordered outcomes, so each natural tuple weighs exactly 1.
    assert totals.total_weight == prod(sides)
    counts: dict[Hashable, int] = {(t, None): c for t, c in totals.counts().items()}
    for result, naturals in ((SUCCESS, sides), (FAILURE, [1] * len(sides))):
        total = resolve(expr, naturals, mods, basic=True).total
        counts[(total, None)] -= 1
        counts[(total, result)] = counts.get((total, result), 0) + 1
    return Dist(counts)


def basic_dist(
    basic_expr: Expr | str = "3d6",
    bonus: int = 0,
    mods: PoolModifiers = NO_MODIFIERS,
    extra_dice: int = 0,
    what: str = "the roll",
) -> Dist:
    """``(total, automatic)`` pairs of a basic roll (S1-S3); extra dice as in ``basic_roll``."""
    expr, pool = basic_expression(bonus, 0, basic_expr)
    check_dice(pool + extra_dice, what)
    pairs = roll_dist(expr, mods, basic=True, what=what)
    if extra_dice:
        sides = expr.dice_terms[0].sides
        afford(sum_work(extra_dice, sides), what)
        extra = Dist(_sum_counts(extra_dice, sides))
        pairs = pairs.combine(extra, lambda pair, e: (pair[0] + e, pair[1]))
    return pairs
