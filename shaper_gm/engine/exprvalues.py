"""The values an expression (`engine.expr`) computes with, and the operations on them:
numbers bounded by `limits.MAX_NUMBER`, dice that add up in a sum, comparisons that
refuse dice and mixed kinds, every failure an `ExprError`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from shaper_gm.dice.notation import MAX_COUNT
from shaper_gm.engine.errors import ExprError
from shaper_gm.engine.limits import MAX_NUMBER

Env = Mapping[str, Any]
Node = Callable[[Env], Any]


COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
    "in": lambda a, b: a in b}


class DiceTerm(NamedTuple):
    number: int                  # how many dice
    sides: int
    sign: int = 1


class Dice(NamedTuple):
    """What a dice expression comes to in one situation: its dice and a number."""

    terms: tuple[DiceTerm, ...]
    constant: int

    def text(self) -> str:
        """``2d6+3``: as dice notation writes it (more dice of a kind than one of its
        terms holds in as many terms as it takes: ``100d2+47d2``, a pool of 147)."""
        parts = [f"{'-' if t.sign < 0 else '+'}{n}d{t.sides}" for t in self.terms
                 for n in _counts(t.number)]
        if self.constant or not parts:
            parts.append(f"{self.constant:+d}")
        return "".join(parts).lstrip("+")

    def doubled(self) -> Dice:
        """Every die rolled twice, the number once (a critical hit, G11)."""
        return Dice(tuple(t._replace(number=t.number * 2) for t in self.terms), self.constant)


def _counts(number: int) -> list[int]:
    """`number` dice as the counts of the notation's terms (MAX_COUNT at most each)."""
    return [min(MAX_COUNT, number - at) for at in range(0, number, MAX_COUNT)] or [number]


def sum_of(parts: tuple[tuple[int, Node], ...], env: Env) -> Any:
    """A sum; dice anywhere in it (written, or held by a name) make it dice."""
    total = 0
    terms: list[DiceTerm] = []
    for sign, node in parts:
        value = node(env)
        if type(value) is int and -MAX_NUMBER <= value <= MAX_NUMBER:
            total += value if sign > 0 else -value
        elif isinstance(value, Dice):
            value = value if sign > 0 else negated(value)
            terms.extend(value.terms)
            total += value.constant
        else:
            total += sign * number(value)
    total = number(total)
    return Dice(tuple(terms), total) if terms else total


def negated(value: Any) -> Any:
    if isinstance(value, Dice):
        return Dice(tuple(t._replace(sign=-t.sign) for t in value.terms), -value.constant)
    return -number(value)


def compare(word: str, left: Any, right: Any) -> bool:
    if isinstance(left, Dice) or isinstance(right, Dice):
        raise ExprError("dice cannot be compared before they are rolled: roll them in a "
                        "roll step, then compare its total")
    try:
        return COMPARE[word](left, right)
    except TypeError:
        raise ExprError(f"cannot compare {left!r} {word} {right!r}") from None


def number(value: Any) -> int:
    if type(value) is int and -MAX_NUMBER <= value <= MAX_NUMBER:
        return value                      # the common case, first: a plain number in range
    if isinstance(value, Dice):
        raise ExprError("dice only add up in a sum: they cannot be multiplied, divided or "
                        "passed to a function")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExprError(f"expected a number, got {value!r}")
    if abs(value) > MAX_NUMBER:
        raise ExprError(f"{value} is past the largest number, {MAX_NUMBER:,}")
    return value


def arith(op: str, left: Node, right: Node, text: str) -> Node:
    if op == "*":
        return lambda env: number(number(left(env)) * number(right(env)))

    def divide(env: Env) -> int:
        below = number(right(env))
        if below == 0:
            raise ExprError(f"{text.strip()!r} divides by zero")
        above = number(left(env))
        return above // below if op == "/" else above % below
    return divide


def if_of(args: tuple[Node, ...]) -> Node:
    test, then, other = args
    return lambda env: then(env) if test(env) else other(env)


def default_of(args: tuple[Node, ...]) -> Node:
    """`default(a, b)`: a, or b when a cannot be read (a key a sheet leaves out)."""
    first, other = args

    def run(env: Env) -> Any:
        try:
            return first(env)
        except ExprError:
            return other(env)
    return run


def at_of(args: tuple[Node, ...]) -> Node:
    """`at(mapping, key, other)`: the value a mapping holds under a key worked out in
    play (``at(proficiencies, holding, 0)``: the proficiency with the weapon in hand);
    `other` when it holds none. A list's item by its place, 0 the first
    (``at(holding, count(holding) - 1, '')``: the last in hand)."""
    holder, key, other = args

    def run(env: Env) -> Any:
        found = holder(env)
        if isinstance(found, (tuple, list)):
            place = key(env)
            fits = type(place) is int and 0 <= place < len(found)
            return found[place] if fits else other(env)
        if not hasattr(found, "get"):
            raise ExprError(f"at() reads a mapping, not {found!r}")
        value = found.get(key(env))
        return other(env) if value is None else value
    return run


def listed_of(adding: bool) -> Callable[[tuple[Node, ...]], Node]:
    """`added(list, item)`: the list with the item at its end, unless it holds it;
    `removed(list, item)`: the list without it (Dungeoneers' weapons in hand, D22)."""
    def made(args: tuple[Node, ...]) -> Node:
        holder, item = args
        word = "added" if adding else "removed"

        def run(env: Env) -> tuple[Any, ...]:
            found, value = holder(env), item(env)
            if not isinstance(found, (tuple, list)):
                raise ExprError(f"{word}() reads a list, not {found!r}")
            if adding:
                return tuple(found) if value in found else (*found, value)
            return tuple(entry for entry in found if entry != value)
        return run
    return made


def total_of(args: tuple[Node, ...]) -> Node:
    """`total(list, mapping, key)`: the sum of the field `key` of each item the list
    names in the mapping, an id it lacks or a field it lacks counting 0 (the hands the
    weapons in hand take: ``total(actor.holding, library.weapons, 'hands')``, D22)."""
    listed, holder, key = args

    def run(env: Env) -> int:
        ids, found, field = listed(env), holder(env), key(env)
        if not isinstance(ids, (tuple, list)):
            raise ExprError(f"total() reads a list, not {ids!r}")
        if not hasattr(found, "get"):
            raise ExprError(f"total() reads the items from a mapping, not {found!r}")
        items = (found.get(entry) for entry in ids)
        return number(sum(number(item.get(field) or 0) for item in items
                          if hasattr(item, "get")))
    return run



def pairs_of(args: tuple[Node, ...]) -> Node:
    """`pairs(mapping)`: its keys and values as words, in its order, ``a 1, b 2`` (``''``
    when it holds none): a sheet's mapping named in a refusal or a sheet's row."""
    held = args[0]

    def run(env: Env) -> str:
        found = held(env)
        if not hasattr(found, "get"):
            raise ExprError(f"pairs() reads a mapping, not {found!r}")
        return ", ".join(f"{key} {value}" for key, value in dict(found).items())
    return run


def count_of(args: tuple[Node, ...]) -> Node:
    """`count(list)`: how many items the list holds; 0 for a flag not given (which reads
    0): the tricks an attack names, `count(flag.trick)`."""
    listed = args[0]

    def run(env: Env) -> int:
        found = listed(env)
        if found == 0 and not isinstance(found, bool):
            return 0
        if not isinstance(found, (tuple, list)):
            raise ExprError(f"count() reads a list, not {found!r}")
        return len(found)
    return run


def summed_of(args: tuple[Node, ...]) -> Node:
    """`sum(mapping)`: the sum of a mapping's values (or a list's numbers), 0 when it
    holds none: the skill levels a sheet's skills add up to, `sum(actor.skills)`."""
    held = args[0]

    def run(env: Env) -> int:
        found = held(env)
        if found == 0 and not isinstance(found, bool):
            return 0
        if hasattr(found, "get"):
            found = tuple(dict(found).values())
        if not isinstance(found, (tuple, list)):
            raise ExprError(f"sum() reads a mapping or a list, not {found!r}")
        return number(sum(number(value) for value in found))
    return run


def before_of(args: tuple[Node, ...]) -> Node:
    """`before(words, separator)`: the words before the separator's first place, all of
    them when it is not there (a word the GM wrote as NAME=VALUE, read for its NAME)."""
    held, cut = args

    def run(env: Env) -> str:
        words, separator = held(env), cut(env)
        if not isinstance(words, str) or not isinstance(separator, str) or not separator:
            raise ExprError(f"before() reads words and a separator, not {words!r} and "
                            f"{separator!r}")
        return words.partition(separator)[0]
    return run
