"""Exact distributions are bounded: polynomial algorithms where a roll can be large, and a
refusal (TooLarge) before any work where it is past the limits. Costs are asserted as
counts of the work done, never as wall time."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from dice_reference import Modifiers
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.dice import exact
from shaper_gm.dice.errors import DiceInputError, TooLarge
from shaper_gm.dice.exact import (
    MAX_EXACT_DICE,
    MAX_WEIGHED,
    Dist,
    compound_sum,
    roll_dist,
    sum_work,
)
from shaper_gm.dice.notation import Constant, DiceTerm, Expr
from shaper_gm.dice.pools import pool_dist, roll_pool
from shaper_gm.dice.roll import basic_roll, reachable, roll
from shaper_gm.dice.totals import EnteredTotal


@pytest.fixture
def weighed(monkeypatch):
    """The weights written by every one-more-die step, added up."""
    written = [0]
    step = exact._times_die

    def counting(weights, low, high):
        out = step(weights, low, high)
        written[0] += len(out)
        return out

    monkeypatch.setattr(exact, "_times_die", counting)
    exact._sum_weights.cache_clear()
    yield written
    exact._sum_weights.cache_clear()


# --- a roll whose number of dice is uncertain ---------------------------------------------

def brute_compound(weights: dict[int, int], sides: int, low: int) -> Dist:
    """Every face of every count, enumerated: the reference compound_sum must equal."""
    top = max(weights)
    counts: Counter = Counter()
    for count, weight in weights.items():
        for faces in product(range(low, low + sides), repeat=count):
            counts[sum(faces)] += weight * sides ** (top - count)
    return Dist(counts)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.integers(0, 4), st.integers(1, 50), min_size=1, max_size=5),
       st.integers(2, 6), st.integers(0, 2))
def test_compound_sum_equals_enumerating_every_face(weights, sides, low):
    assert compound_sum(weights, sides, low) == brute_compound(weights, sides, low)


def test_compound_sum_costs_what_its_largest_sum_costs(weighed):
    compound_sum({c: 1 for c in range(301)}, 10)
    assert weighed[0] <= sum_work(300, 10)


def test_a_compound_sum_past_the_limits_is_refused_before_any_work(weighed):
    with pytest.raises(TooLarge, match="1,001 dice"):
        compound_sum({MAX_EXACT_DICE + 1: 1}, 2)
    with pytest.raises(TooLarge, match="limit of"):
        compound_sum({400: 1, 0: 1}, 10)
    assert weighed[0] == 0


# --- sums and pools -----------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.sampled_from([2, 3, 4, 6]),
                          st.sampled_from([1, -1])), min_size=1, max_size=3),
       st.integers(-3, 3))
def test_sums_of_like_terms_equal_enumeration(terms, constant):
    expr = Expr((*(DiceTerm(c, s, sign) for c, s, sign in terms),
                 Constant(abs(constant), -1 if constant < 0 else 1)))
    faces = [(s, sign) for c, s, sign in terms for _ in range(c)]
    counts: Counter = Counter()
    for rolled in product(*(range(1, s + 1) for s, _ in faces)):
        counts[sum(sign * f for (_, sign), f in zip(faces, rolled, strict=True))
               + constant] += 1
    assert roll_dist(expr) == Dist(counts)


def test_sums_past_the_limits_are_refused_before_any_work(weighed):
    many = Expr(tuple(DiceTerm(100, 6) for _ in range(11)))          # 1,100 dice
    with pytest.raises(TooLarge, match="1,100 dice"):
        roll_dist(many)
    wide = Expr(tuple(DiceTerm(100, 1000) for _ in range(3)))        # 300d1000
    with pytest.raises(TooLarge, match="weigh"):
        roll_dist(wide)
    with pytest.raises(TooLarge):
        roll_dist("30d6", Modifiers(edge=1))
    assert weighed[0] == 0


def test_a_sum_is_worked_out_once_for_each_dice_count(weighed):
    roll_dist("100d6")
    first = weighed[0]
    roll_dist("50d6+50d6")
    assert first <= sum_work(100, 6) and weighed[0] == first


def test_a_roll_of_more_dice_than_a_log_line_holds_is_refused_before_rolling():
    class Counting:
        drawn = 0

        def faces(self, count, sides, what="roll", *, low=1):
            self.drawn += count
            return (1,) * count

    source = Counting()
    too_many = Expr(tuple(DiceTerm(100, 6) for _ in range(11)))
    for attempt in (lambda: roll(too_many, source),
                    lambda: basic_roll(source, extra_dice=998, basic_expr="3d6"),
                    lambda: roll_pool(source, 1_001, 6, 4)):
        with pytest.raises(DiceInputError, match="more than one roll takes"):
            attempt()
    assert source.drawn == 0
    assert roll(Expr((DiceTerm(100, 6),) * 10), source).total == 1_000


def test_pools_past_the_limit_are_refused():
    assert sum(pool_dist(MAX_EXACT_DICE, 6, 4).values()) == 1
    with pytest.raises(TooLarge, match="1,001 dice"):
        pool_dist(MAX_EXACT_DICE + 1, 6, 4)


def test_the_limits_are_what_the_readme_says():
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"{MAX_EXACT_DICE:,} dice" in readme and f"{MAX_WEIGHED:,}" in readme


# --- totals called out at the table -------------------------------------------------------

MODS = st.builds(Modifiers, edge=st.integers(0, 2), pressured=st.integers(0, 2),
                 advantage=st.integers(0, 2), disadvantage=st.integers(0, 2))


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 4), st.sampled_from([2, 4, 6]), st.integers(-5, 5), MODS)
def test_reachable_totals_are_every_total_the_distribution_has(count, sides, bonus, mods):
    expr = Expr((DiceTerm(count, sides),
                 Constant(abs(bonus), -1 if bonus < 0 else 1)))
    assert set(reachable(expr, mods)) == set(roll_dist(expr, mods))


class Called:
    """A dice source holding a total called out at the table."""

    label = "--roll"

    def __init__(self, value: int) -> None:
        self.entered = EnteredTotal(value)

    def take_total(self, count: int) -> None:
        self.took = count


def test_an_entered_total_is_checked_without_any_distribution(monkeypatch):
    def no_distribution(*args, **kwargs):
        raise AssertionError("a distribution was worked out to check a total")

    monkeypatch.setattr(exact, "roll_dist", no_distribution)
    monkeypatch.setattr(exact, "basic_dist", no_distribution)
    huge = Expr(tuple(DiceTerm(100, 1000) for _ in range(10)))       # 1,000d1000
    assert roll(huge, Called(500_000)).total == 500_000
    with pytest.raises(DiceInputError, match="totals 1000 to 1000000$"):
        roll(huge, Called(2))
    rolled = basic_roll(Called(290), bonus=2, mods=Modifiers(edge=1), extra_dice=80,
                        basic_expr="3d6")
    assert rolled.total == 290
