"""Dice notation: ``NdS``, ``dS``, constants, joined by ``+``/``-``.

Four separate steps, each dispatching on the node type:
:func:`parse` (text → :class:`Expr`), :func:`evaluate` (tree + faces → int),
:func:`format_expr` (tree → canonical text) and :func:`term_range`.

Grammar (whitespace allowed around ``+``/``-``, ``d`` case-insensitive)::

    expr := term (('+' | '-') term)*
    term := INT | INT? 'd' INT

Limits keep typos harmless: 1-100 dice per term, 2-1000 sides,
constants 0-10000.  Numbers are length-checked before conversion so a
pasted 10,000-digit number fails at once instead of hanging.  A ruleset that
rolls more dice than one term holds (a pool, boon dice) builds its terms with
:func:`dice_terms`; one roll takes at most ``MAX_DICE`` dice in all (see
:mod:`.roll`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from shaper_gm.records import record

from .errors import DiceSyntaxError
from .limits import MAX_DICE

__all__ = [
    "DiceTerm",
    "Constant",
    "Term",
    "Expr",
    "parse",
    "evaluate",
    "format_expr",
    "term_range",
    "add",
    "DiceSyntaxError",
    "MAX_COUNT",
    "MAX_SIDES",
    "MAX_CONSTANT",
    "MAX_DICE",
    "dice_terms",
]

MAX_COUNT = 100
MIN_SIDES, MAX_SIDES = 2, 1000
MAX_CONSTANT = 10_000
_HINT = "write NdS+K, e.g. 1d6+3"
_DIGITS = "0123456789"


def _check_sign(sign: int) -> None:
    if sign not in (1, -1):
        raise ValueError(f"sign must be 1 or -1, got {sign!r}")


@record
class DiceTerm:
    count: int
    sides: int
    sign: int = 1
    low: int = 1          # the lowest face: 1, or 0 for a die read 0..sides-1

    @property
    def high(self) -> int:
        return self.low + self.sides - 1

    def __post_init__(self) -> None:
        _check_sign(self.sign)
        if not 1 <= self.count <= MAX_COUNT:
            raise ValueError(f"dice count {self.count} is out of range 1-{MAX_COUNT}")
        if not MIN_SIDES <= self.sides <= MAX_SIDES:
            raise ValueError(f"die size {self.sides} is out of range {MIN_SIDES}-{MAX_SIDES}")


@record
class Constant:
    value: int
    sign: int = 1

    def __post_init__(self) -> None:
        _check_sign(self.sign)
        if self.value < 0:
            raise ValueError(f"constant value must be >= 0 (use sign=-1), got {self.value}")


Term = DiceTerm | Constant


@record
class Expr:
    terms: tuple[Term, ...]

    def __post_init__(self) -> None:
        if not self.terms:
            raise ValueError("a dice expression needs at least one term")

    def __str__(self) -> str:
        return format_expr(self)

    @property
    def dice_terms(self) -> tuple[DiceTerm, ...]:
        return tuple(t for t in self.terms if isinstance(t, DiceTerm))

    @property
    def dice_count(self) -> int:
        """Number of dice rolled (subtracted dice count too)."""
        return sum(t.count for t in self.dice_terms)

    @property
    def constant(self) -> int:
        """Signed sum of the constant terms."""
        return sum(t.sign * t.value for t in self.terms if isinstance(t, Constant))

    @property
    def min(self) -> int:
        return sum(term_range(t)[0] for t in self.terms)

    @property
    def max(self) -> int:
        return sum(term_range(t)[1] for t in self.terms)

    def plus(self, const: int) -> Expr:
        """This expression plus a (possibly negative) bonus, e.g. damage + Might."""
        return add(self, const)


def add(expr: Expr, other: Expr | int | str) -> Expr:
    """Sum of two expressions: dice terms in order, constants merged at the end."""
    if isinstance(other, str):
        other = parse(other)
    if isinstance(other, int):
        other = Expr((Constant(abs(other), -1 if other < 0 else 1),))
    dice = expr.dice_terms + other.dice_terms
    constant = expr.constant + other.constant
    if constant or not dice:
        return Expr(dice + (Constant(abs(constant), -1 if constant < 0 else 1),))
    return Expr(dice)


def dice_terms(count: int, sides: int, sign: int = 1, low: int = 1) -> tuple[DiceTerm, ...]:
    """`count` dice of `sides` faces as terms the notation allows (at most MAX_COUNT
    each); none for a count of 0 or less."""
    terms = []
    while count > 0:
        take = min(count, MAX_COUNT)
        terms.append(DiceTerm(take, sides, sign, low))
        count -= take
    return tuple(terms)


def term_range(term: Term) -> tuple[int, int]:
    """Signed (min, max) contribution of one term."""
    match term:
        case DiceTerm(count=count, sign=sign):
            low, high = count * term.low, count * term.high
        case Constant(value=value, sign=sign):
            low = high = value
        case _:
            raise TypeError(f"not a dice term: {term!r}")
    return (low, high) if sign > 0 else (-high, -low)


def evaluate(expr: Expr, faces: Sequence[Sequence[int]]) -> int:
    """Total of ``expr`` given the faces of each dice term, in term order."""
    groups = iter(faces)
    total = 0
    for term in expr.terms:
        match term:
            case DiceTerm(count=count, sign=sign):
                group = next(groups)
                if len(group) != count:
                    raise ValueError(f"{term_text(term)} needs {count} faces, got {len(group)}")
                total += sign * sum(group)
            case Constant(value=value, sign=sign):
                total += sign * value
    return total


def term_text(term: Term) -> str:
    """Unsigned canonical text of a term: ``2d6`` or ``3``."""
    match term:
        case DiceTerm(count=count, sides=sides):
            return f"{count}d{sides}"
        case Constant(value=value):
            return str(value)
    raise TypeError(f"not a dice term: {term!r}")


def format_expr(expr: Expr) -> str:
    """Canonical text: ``2d6+1d6+3``, ``1d6-2`` (no spaces, explicit counts)."""
    parts = []
    for i, term in enumerate(expr.terms):
        sign = "-" if term.sign < 0 else ("+" if i else "")
        parts.append(sign + term_text(term))
    return "".join(parts)


def from_zero(expr: Expr) -> Expr:
    """The same expression with every die read 0..sides-1 (a d10 whose "0" face is 0)."""
    return Expr(tuple(DiceTerm(t.count, t.sides, t.sign, 0) if isinstance(t, DiceTerm) else t
                      for t in expr.terms))


def parse(text: str) -> Expr:
    """Parse dice notation; raise :class:`DiceSyntaxError` with a 1-based column."""
    if len(text) > 200:                 # long texts are errors or rare: not worth keeping
        return _Parser(text).expr()
    return _parse_cached(text)


@lru_cache(maxsize=1024)
def _parse_cached(text: str) -> Expr:
    return _Parser(text).expr()


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    # -- errors -----------------------------------------------------------
    def _shown(self) -> str:
        text = self.text if len(self.text) <= 40 else self.text[:40] + "…"
        return repr(text)

    def fail(self, what: str, column: int) -> DiceSyntaxError:
        return DiceSyntaxError(
            f"dice: {what} at column {column} in {self._shown()}; {_HINT}", column
        )

    def unexpected(self) -> DiceSyntaxError:
        if self.i >= len(self.text):
            return self.fail("unexpected end", self.i + 1)
        return self.fail(f"unexpected {self.text[self.i]!r}", self.i + 1)

    # -- scanning -----------------------------------------------------------
    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def skip_space(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def digits(self) -> tuple[str, int]:
        """Consume a run of ASCII digits; return it with its 1-based column."""
        start = self.i
        while self.i < len(self.text) and self.text[self.i] in _DIGITS:
            self.i += 1
        return self.text[start : self.i], start + 1

    def checked(self, digits: str, column: int, what: str, low: int, high: int) -> int:
        # Length check first: int() of a huge digit string is slow or refused.
        if len(digits) > len(str(high)) or not low <= int(digits) <= high:
            shown = digits if len(digits) <= 12 else digits[:12] + "…"
            raise self.fail(f"{what} {shown} is out of range {low}-{high}", column)
        return int(digits)

    # -- grammar ------------------------------------------------------------
    def expr(self) -> Expr:
        if not self.text.strip():
            raise DiceSyntaxError(f"dice: empty expression; {_HINT}", 1)
        self.skip_space()
        terms = [self.term(1)]
        while True:
            self.skip_space()
            op = self.peek()
            if not op:
                return Expr(tuple(terms))
            if op not in "+-":
                raise self.unexpected()
            self.i += 1
            self.skip_space()
            terms.append(self.term(1 if op == "+" else -1))

    def term(self, sign: int) -> Term:
        digits, column = self.digits()
        if self.peek() in ("d", "D"):
            self.i += 1
            count = self.checked(digits, column, "dice count", 1, MAX_COUNT) if digits else 1
            side_digits, side_column = self.digits()
            if not side_digits:
                raise self.unexpected()
            sides = self.checked(side_digits, side_column, "die size", MIN_SIDES, MAX_SIDES)
            return DiceTerm(count, sides, sign)
        if not digits:
            raise self.unexpected()
        return Constant(self.checked(digits, column, "constant", 0, MAX_CONSTANT), sign)
