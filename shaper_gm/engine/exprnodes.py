"""The closures an expression (`engine.expr`) is parsed into, made for what they read.

An expression runs many times per action (exact odds run each step once per outcome),
so each node does its common case in as few calls as it can: a constant is a node that
knows its value, and an operator over constants is worked out once, when the expression
is parsed; a name is read by the node that uses it (a comparison, a sum); a comparison,
sum or product of plain numbers is done at once. Anything else (dice, words, numbers
out of range, a name that is not there) takes the general way of `engine.exprvalues`,
which works the parts out again (an expression reads and changes nothing, so that is
the same value, or the same error, in the same order).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from shaper_gm.engine.errors import ExprError
from shaper_gm.engine.exprvalues import COMPARE, Dice, Env, Node, compare, number, sum_of
from shaper_gm.engine.limits import MAX_NUMBER

UNSET: Any = object()        # what `value_of` gives for a node that is not a constant
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge}


def constant(value: Any) -> Node:
    """A node that gives `value` whatever it is given."""
    def run(env: Env) -> Any:
        return value
    run.constant = value             # type: ignore[attr-defined]
    return run


def value_of(node: Node) -> Any:
    """The node's value when it is a constant, else UNSET."""
    return getattr(node, "constant", UNSET)


def name_of(node: Node) -> str | None:
    """The name the node reads when it is a name alone, else None."""
    return getattr(node, "name", None)


def folded(node: Node, *parts: Node) -> Node:
    """`node` worked out now when every part is a constant (and it reads no name): its
    value as a constant; a node that fails keeps failing when it runs, in its words."""
    if any(value_of(part) is UNSET for part in parts):
        return node
    try:
        return constant(node({}))
    except Exception:                        # refused when it runs, as it would be
        return node


def reading(name: str) -> Node:
    """The value of `name` in the names an expression is given."""
    def run(env: Env) -> Any:
        try:
            return env[name]
        except KeyError:
            raise ExprError(f"no value named {name!r} here") from None
    run.name = name                  # type: ignore[attr-defined]
    return run


def comparing(word: str, left: Node, right: Node) -> Node:
    """`left WORD right`: two numbers, or two words, compared at once; a name compared
    with a constant or another name read in place."""
    op = _OPS.get(word)
    named, fixed = name_of(left), value_of(right)
    if word == "in" and type(value_of(left)) is str and name_of(right) is not None:
        return _word_in(value_of(left), str(name_of(right)))
    if op is not None and named is not None and name_of(right) is not None:
        return _names_compared(word, op, named, str(name_of(right)))
    if op is None or named is None or type(fixed) not in (int, str):
        return folded(_general_compare(word, left, right), left, right)
    kind = type(fixed)

    def run(env: Env) -> bool:
        try:
            found = env[named]
        except KeyError:
            raise ExprError(f"no value named {named!r} here") from None
        if type(found) is kind:
            return op(found, fixed)                  # the common case: no TypeError
        return _compared(word, op, found, fixed)
    return run


def _names_compared(word: str, op: Callable[[Any, Any], bool], left: str,
                    right: str) -> Node:
    """`a <= b` of two names, both read in place (left first)."""
    def run(env: Env) -> bool:
        try:
            a = env[left]
        except KeyError:
            raise ExprError(f"no value named {left!r} here") from None
        try:
            b = env[right]
        except KeyError:
            raise ExprError(f"no value named {right!r} here") from None
        if type(a) is type(b) and (type(a) is int or type(a) is str):
            return op(a, b)
        return _compared(word, op, a, b)
    return run


def _word_in(word: str, name: str) -> Node:
    """`'dead' in target.effects`: a word among a list's, the list read in place."""
    op = COMPARE["in"]

    def run(env: Env) -> bool:
        try:
            found = env[name]
        except KeyError:
            raise ExprError(f"no value named {name!r} here") from None
        if type(found) is tuple:
            return word in found
        return _compared("in", op, word, found)
    return run


def _general_compare(word: str, left: Node, right: Node) -> Node:
    op = _OPS.get(word) or COMPARE[word]

    def run(env: Env) -> bool:
        return _compared(word, op, left(env), right(env))
    if word == "in":
        def within(env: Env) -> bool:
            a, b = left(env), right(env)
            if type(b) is tuple and type(a) is str:
                return a in b                    # a word in a list of words
            return _compared(word, op, a, b)
        return within
    return run


def _compared(word: str, op: Callable[[Any, Any], bool], a: Any, b: Any) -> bool:
    if type(a) is int and type(b) is int:
        return op(a, b)                          # the common case, first
    if isinstance(a, Dice) or isinstance(b, Dice):
        return compare(word, a, b)               # refused there, in its words
    try:
        return op(a, b)
    except TypeError:
        return compare(word, a, b)


def summed(parts: tuple[tuple[int, Node], ...]) -> Node:
    """A sum; two plain numbers in range added at once, the rest by `sum_of`."""
    def general(env: Env) -> Any:
        return sum_of(parts, env)
    if len(parts) != 2:
        return folded(_summed_many(parts), *(node for _, node in parts))
    (first_sign, first), (second_sign, second) = parts
    low, high = -MAX_NUMBER, MAX_NUMBER
    fixed = value_of(second)
    if type(fixed) is int and low <= fixed <= high:
        step = fixed if second_sign > 0 else -fixed
        if first_sign > 0 and name_of(first) is not None:
            named = str(name_of(first))

            def plus_named(env: Env) -> Any:
                try:
                    a = env[named]
                except KeyError:
                    raise ExprError(f"no value named {named!r} here") from None
                if type(a) is int and low <= a <= high and low <= a + step <= high:
                    return a + step
                return sum_of(parts, env)
            return plus_named

    def run(env: Env) -> Any:
        a = first(env)
        if type(a) is int and low <= a <= high:
            b = second(env)
            if type(b) is int and low <= b <= high:
                total = (a if first_sign > 0 else -a) + (b if second_sign > 0 else -b)
                if low <= total <= high:
                    return total
        return sum_of(parts, env)
    return folded(run, first, second)


def _summed_many(parts: tuple[tuple[int, Node], ...]) -> Node:
    """A sum of three or more terms: plain numbers in range added as they come."""
    low, high = -MAX_NUMBER, MAX_NUMBER
    signed = tuple((sign > 0, node) for sign, node in parts)

    def run(env: Env) -> Any:
        total = 0
        for plus, node in signed:
            value = node(env)
            if type(value) is not int or not low <= value <= high:
                return sum_of(parts, env)
            total = total + value if plus else total - value
        return total if low <= total <= high else sum_of(parts, env)
    return run


def _two_numbers(left: Node, right: Node, env: Env) -> tuple[int, int]:
    """Both parts' values in turn, each a whole number in range (a plain one taken at
    once; the left refused before the right is read, as the general way does)."""
    a = left(env)
    if not (type(a) is int and -MAX_NUMBER <= a <= MAX_NUMBER):
        a = number(a)
    b = right(env)
    if not (type(b) is int and -MAX_NUMBER <= b <= MAX_NUMBER):
        b = number(b)
    return a, b


def product(left: Node, right: Node) -> Node:
    """`left * right`: each a number in range, and what they make."""
    low, high = -MAX_NUMBER, MAX_NUMBER

    def run(env: Env) -> int:
        a, b = _two_numbers(left, right, env)
        made = a * b
        return made if low <= made <= high else number(made)
    return folded(run, left, right)


def joined(parts: list[Node], all_of: bool) -> Node:
    """`a and b and c` (`all_of`) or `a or b or c`: true or false, each part read in
    turn until one settles it."""
    if len(parts) == 2:
        left, right = parts
        if all_of:
            return folded(lambda env: bool(left(env) and right(env)), left, right)
        return folded(lambda env: bool(left(env) or right(env)), left, right)
    chain = tuple(parts)

    def run(env: Env) -> bool:
        for part in chain:
            if bool(part(env)) is not all_of:
                return not all_of
        return all_of
    return folded(run, *chain)


def lesser(args: tuple[Node, ...], least: bool) -> Node:
    """`min(...)` or `max(...)`: the first least (greatest) of numbers."""
    pick = min if least else max
    if len(args) != 2:
        return folded(lambda env: pick(number(a(env)) for a in args), *args)
    left, right = args

    def run(env: Env) -> int:
        a, b = _two_numbers(left, right, env)
        return (a if a <= b else b) if least else (a if a >= b else b)
    return folded(run, left, right)
