"""Odds merge the contexts a step makes exactly as `==` says of them once the step's
`forget` fields are cleared: however the runner finds equal ones, the distribution is
the one a brute-force count over every path gives."""

from __future__ import annotations

from collections import Counter
from dataclasses import field, replace
from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.dice.specs import SumRoll, Total
from shaper_gm.engine.steps import Step, exact
from shaper_gm.records import record


@record
class Pair:
    a: int = 0
    b: int = 0
    seen: int = field(default=0, compare=False)     # not compared: never splits a merge


@record
class Other:
    a: int = 0
    b: int = 0


class Given:
    """A tape that rolls the faces it is given, in order."""

    def __init__(self, *faces: int) -> None:
        self.faces = iter(faces)

    def roll(self, slot, spec, who=None, *, index=None) -> Total:
        return Total(next(self.faces))


def rolled(sides: tuple[int, int], split: int):
    def fn(ctx, tape):
        a = tape.roll("a", SumRoll.of(f"1d{sides[0]}")).total
        b = tape.roll("b", SumRoll.of(f"1d{sides[1]}")).total
        kind = Pair if a > split else Other
        return kind(a % 3, b) if kind is Other else Pair(a % 3, b, seen=a)
    return fn


@settings(max_examples=25, deadline=None)
@given(st.tuples(st.integers(2, 6), st.integers(2, 6)), st.integers(0, 6),
       st.sampled_from([(), ("a",), ("b",), ("a", "b")]))
def test_merged_as_equality_says_after_forget(sides, split, forget):
    final = exact((Step(rolled(sides, split), forget=forget),), None)
    step = rolled(sides, split)
    count: Counter = Counter()
    for a, b in product(range(1, sides[0] + 1), range(1, sides[1] + 1)):
        made = step(None, Given(a, b))
        count[replace(made, **dict.fromkeys(forget, None))] += 1
    whole = sides[0] * sides[1]
    assert final == {ctx: Fraction(n, whole) for ctx, n in count.items()}
    assert all(type(ctx) is type(kept) for ctx in final for kept in count if ctx == kept)
