"""The small safe expression language a ruleset written as data computes with.

An expression is parsed once, when its ruleset loads, into a tree of closures; running
it never calls `eval` and reads nothing but the names it is given. It has whole numbers
(every division rounds down: the d20 rulings' G2), true/false, quoted words, names
(`target.ac`, `str_mod`), dice terms (`2d6`, `d20`), arithmetic (`+ - * / %`),
comparisons (`== != < <= > >=`), `and`, `or`, `not`, membership (`'fire' in resist`)
and the functions `min`, `max`, `abs`, `if(test, then, else)`, `default(value, other)`
(other when value cannot be read) and `dice(text)` (dice notation written in content).

Dice are terms of a sum (`1d8 + str_mod`, `2d6 - 1`): `Compiled.dice(env)` gives the
dice and the number the rest adds up to, for a roll step to roll; a number reads no
dice (`Compiled.value(env)`). A text that is not an expression, too long, too deeply
nested or with a number too large is refused with `ExprError` naming what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from shaper_gm.dice.limits import MAX_DICE
from shaper_gm.engine.errors import ExprError
from shaper_gm.engine.exprnodes import (
    comparing,
    constant,
    folded,
    joined,
    lesser,
    product,
    reading,
    summed,
)
from shaper_gm.engine.exprvalues import (
    COMPARE,
    Dice,
    DiceTerm,
    Env,
    Node,
    arith,
    at_of,
    before_of,
    count_of,
    default_of,
    if_of,
    listed_of,
    negated,
    number,
    pairs_of,
    summed_of,
    total_of,
)

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "MAX_LENGTH", "Compiled", "Dice", "DiceTerm",
           "ExprError", "compile_expr", "dice_of"]

MAX_LENGTH = 500             # characters in one expression
MAX_DEPTH = 40               # nesting of brackets, operators and calls
MAX_DIGITS = 9               # digits of one number written in an expression


_TOKEN = re.compile(r"""
    \s*(?:
      (?P<dice>\d*d\d+)(?![a-z0-9_])
    | (?P<int>\d+)
    | (?P<name>[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*)
    | (?P<word>'[^']*')
    | (?P<op>==|!=|<=|>=|[-+*/%<>(),])
    )""", re.VERBOSE)
_KEYWORDS = {"and", "or", "not", "in", "true", "false"}
class Compiled(NamedTuple):
    """A parsed expression: its text, the names it reads, whether it writes dice."""

    text: str
    names: frozenset[str]
    has_dice: bool               # dice written in it (a name may hold dice too)
    run: Node

    def value(self, env: Env) -> Any:
        return self.run(env)

    def dice(self, env: Env) -> Dice:
        """What it rolls in this situation: its dice and the number added."""
        value = self.run(env)
        if isinstance(value, Dice):
            return value
        return Dice((), number(value))


def compile_expr(text: Any) -> Compiled:
    """`text` parsed, or ExprError saying why not."""
    if isinstance(text, bool) or isinstance(text, int):
        value = int(text) if not isinstance(text, bool) else text
        return Compiled(str(text).lower(), frozenset(), False, constant(value))
    if not isinstance(text, str):
        raise ExprError(f"expected an expression, got {type(text).__name__}")
    return _compiled(text)


@lru_cache(maxsize=2048)
def _compiled(text: str) -> Compiled:
    """A text parsed once: a ruleset repeats many (an action written `like` another
    holds its expressions again), and a compiled expression is immutable and reads
    only the names it is given, so one serves them all."""
    if len(text) > MAX_LENGTH:
        raise ExprError(f"an expression of {len(text):,} characters is longer than "
                        f"{MAX_LENGTH:,}")
    parser = _Parser(text)
    run = parser.parse()
    return Compiled(text.strip(), frozenset(parser.names), parser.dice, run)


class _Parser:
    """Recursive descent over the tokens; each rule returns a closure."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = self._tokens(text)
        self.at = 0
        self.depth = 0
        self.names: set[str] = set()
        self.dice = False

    def _tokens(self, text: str) -> list[tuple[str, str, int]]:
        out, pos = [], 0
        source = text.lower()
        while pos < len(source):
            found = _TOKEN.match(source, pos)
            if not found or found.end() == pos:
                bad = source[pos:].strip()[:12]
                if not bad:                  # only spaces left
                    break
                raise ExprError(f"cannot read {bad!r} in {text.strip()!r}")
            kind = found.lastgroup or ""          # a quoted word keeps its case ('AC ')
            said = text if kind == "word" else source
            out.append((kind, said[found.start(kind):found.end(kind)], found.start(kind)))
            pos = found.end()
        return out

    # -- tokens ----------------------------------------------------------------------
    def peek(self) -> str:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else ""

    def take(self) -> tuple[str, str, int]:
        if self.at >= len(self.tokens):
            raise ExprError(f"{self.text.strip()!r} ends too soon")
        token = self.tokens[self.at]
        self.at += 1
        return token

    def expect(self, op: str) -> None:
        kind, value, _ = self.take()
        if value != op:
            raise ExprError(f"expected {op!r} in {self.text.strip()!r}, found {value!r}")

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError(f"an expression nested more than {MAX_DEPTH} deep")

    # -- grammar ---------------------------------------------------------------------
    def parse(self) -> Node:
        if not self.tokens:
            raise ExprError("an empty expression")
        has_dice = any(kind == "dice" for kind, _, _ in self.tokens)
        node = self.sum(top=True) if has_dice else self.either()
        if self.at < len(self.tokens) and has_dice:
            raise ExprError(f"{self.text.strip()!r}: a roll is a sum of dice and numbers; "
                            "compare its result in a later step")
        if self.at < len(self.tokens):
            raise ExprError(f"unexpected {self.peek()!r} in {self.text.strip()!r}")
        return node

    def either(self) -> Node:
        parts = [self.both()]
        while self.peek() == "or":
            self.take()
            parts.append(self.both())
        return parts[0] if len(parts) == 1 else joined(parts, all_of=False)

    def both(self) -> Node:
        parts = [self.negation()]
        while self.peek() == "and":
            self.take()
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else joined(parts, all_of=True)

    def negation(self) -> Node:
        if self.peek() == "not":
            self.take()
            self.deeper()
            inner = self.negation()
            self.depth -= 1
            return folded(lambda env: not inner(env), inner)
        return self.comparison()

    def comparison(self) -> Node:
        left = self.sum()
        if self.peek() in COMPARE:
            word = self.take()[1]
            right, first = self.sum(), left
            return comparing(word, first, right)
        return left

    def sum(self, top: bool = False) -> Node:
        sign = 1
        if self.peek() == "-":
            self.take()
            sign = -1
        terms: list[tuple[int, Node]] = []
        while True:
            terms.append((sign, self.dice_term() if top and self._dice_next()
                          else self.product()))
            if self.peek() not in ("+", "-"):
                break
            sign = 1 if self.take()[1] == "+" else -1
        if len(terms) == 1 and terms[0][0] == 1:
            return terms[0][1]
        return summed(tuple(terms))

    def _dice_next(self) -> bool:
        return self.at < len(self.tokens) and self.tokens[self.at][0] == "dice"

    def dice_term(self) -> Node:
        """A dice term of the top-level sum."""
        _, text, _ = self.take()
        count_text, sides_text = text.split("d")
        count = 1 if not count_text else int(count_text) if len(count_text) <= 3 else 0
        sides = int(sides_text) if len(sides_text) <= 4 else 0
        if not 1 <= count <= 100 or not 2 <= sides <= 1000:
            raise ExprError(f"{text}: dice run from 1 to 100 dice of 2 to 1000 sides")
        if self.peek() in ("*", "/", "%"):
            raise ExprError(f"{text}: dice only add up in a sum; multiply the number, "
                            "or double the dice with the step's critical rule")
        self.dice = True
        return constant(Dice((DiceTerm(count, sides),), 0))

    def product(self) -> Node:
        left = self.unary()
        while self.peek() in ("*", "/", "%"):
            op = self.take()[1]
            right, first = self.unary(), left
            left = product(first, right) if op == "*" else \
                folded(arith(op, first, right, self.text), first, right)
        return left

    def unary(self) -> Node:
        if self.peek() == "-":
            self.take()
            self.deeper()
            inner = self.unary()
            self.depth -= 1
            return folded(lambda env: negated(inner(env)), inner)
        return self.atom()

    def atom(self) -> Node:
        kind, value, _ = self.take()
        if kind == "int":
            if len(value) > MAX_DIGITS:
                raise ExprError(f"{value[:12]}…: numbers have at most {MAX_DIGITS} digits")
            return constant(int(value))
        if kind == "word":
            return constant(value[1:-1])
        if kind == "dice":
            raise ExprError(f"{value}: dice belong in the sum at the top of a roll, "
                            "not inside brackets, calls or comparisons")
        if value == "(":
            self.deeper()
            inner = self.either()
            self.expect(")")
            self.depth -= 1
            return inner
        if kind == "name":
            if value in ("true", "false"):
                return constant(value == "true")
            if value in _KEYWORDS:
                raise ExprError(f"unexpected {value!r} in {self.text.strip()!r}")
            if self.peek() == "(":
                return self.call(value)
            self.names.add(value)
            return reading(value)
        raise ExprError(f"unexpected {value!r} in {self.text.strip()!r}")

    def call(self, name: str) -> Node:
        if name not in _FUNCTIONS:
            raise ExprError(f"no function {name!r}: the functions are "
                            f"{', '.join(sorted(_FUNCTIONS))}")
        self.expect("(")
        self.deeper()
        args = [self.either()]
        while self.peek() == ",":
            self.take()
            args.append(self.either())
        self.expect(")")
        self.depth -= 1
        low, high = _ARITY[name]
        if not low <= len(args) <= high:
            raise ExprError(f"{name}() takes {low if low == high else f'{low} or more'} "
                            f"arguments, got {len(args)}")
        return folded(_FUNCTIONS[name](tuple(args)), *args)


def _dice(args: tuple[Node, ...]) -> Node:
    """`dice(text)`: a dice expression written as words in content (``'1d6+2'``)."""
    inner = args[0]
    return lambda env: dice_of(inner(env))


@lru_cache(maxsize=512)
def _dice_text(text: str) -> Dice:
    compiled = compile_expr(text)
    if compiled.names:
        raise ExprError(f"{text!r}: dice written in content hold dice and numbers only")
    return compiled.dice({})


def dice_of(value: Any) -> Dice:
    """Dice from a value: dice already, a number, or dice notation as text."""
    if isinstance(value, Dice):
        return value
    if isinstance(value, str):
        return _dice_text(value)
    return Dice((), number(value))


MAX_TIMES = MAX_DICE      # as many copies as one roll may have dice (a pool of 150, P1)


def _times(args: tuple[Node, ...]) -> Node:
    """`times(n, dice)`: n copies of the dice and n times its number, 0 to MAX_DICE of them
    (a spell cast from a higher slot: ``times(level - 1, '1d4')``)."""
    count_of, inner = args

    def run(env: Env) -> Dice:
        count = number(count_of(env))
        if not 0 <= count <= MAX_TIMES:
            raise ExprError(f"times() takes 0 to {MAX_TIMES:,} copies, not {count}")
        once = dice_of(inner(env))
        return Dice(tuple(t._replace(number=t.number * count) for t in once.terms
                          if count),
                    number(once.constant * count))
    return run


_FUNCTIONS: dict[str, Callable[[tuple[Node, ...]], Node]] = {
    "min": lambda args: lesser(args, least=True),
    "max": lambda args: lesser(args, least=False),
    "abs": lambda args: lambda env: abs(number(args[0](env))),
    "if": if_of,
    "default": default_of,
    "at": at_of,
    "dice": _dice,
    "times": _times,
    "fraction": lambda args: lambda env: _fraction(number(args[0](env)),
                                                   number(args[1](env))),
    "text": lambda args: lambda env: _text([a(env) for a in args]),
    "added": listed_of(True),
    "removed": listed_of(False),
    "total": total_of,
    "count": count_of,
    "pairs": pairs_of,
    "sum": summed_of,
    "before": before_of,
}
_ARITY = {"min": (1, 16), "max": (1, 16), "abs": (1, 1), "if": (3, 3), "default": (2, 2),
          "at": (3, 3), "dice": (1, 1), "times": (2, 2), "fraction": (2, 2), "text": (1, 16),
          "added": (2, 2), "removed": (2, 2), "total": (3, 3), "count": (1, 1),
          "pairs": (1, 1), "sum": (1, 1), "before": (2, 2)}
MAX_TEXT = 1000


def _text(parts: list[Any]) -> str:
    """``text('block ', face, ': ', verdict)``: words and numbers written one after
    another (dice as notation, truth as true/false), at most 1,000 characters."""
    out = "".join([part if type(part) is str else
                   part.text() if isinstance(part, Dice) else
                   str(part).lower() if isinstance(part, bool) else str(part)
                   for part in parts])
    if len(out) > MAX_TEXT:
        raise ExprError(f"text() makes {len(out):,} characters, more than {MAX_TEXT:,}")
    return out


def _fraction(part: int, whole: int) -> str:
    """``fraction(5, 20)``: ``1/4``, the chance in lowest terms as words (``0``, ``1``)."""
    from fractions import Fraction
    if whole == 0:
        raise ExprError("fraction() of a whole of 0")
    return str(Fraction(part, whole))
