"""`steps.chance` and `steps.mean` sum a distribution as integer counts over its common
denominator: the very Fraction that adding them one by one gives."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.engine.steps import chance, mean

WEIGHTS = st.dictionaries(st.integers(-5, 20), st.integers(1, 50), min_size=1, max_size=12)


@given(WEIGHTS, st.integers(-5, 20))
def test_chance_is_the_sum_of_the_probabilities_it_holds(weights, cut):
    whole = sum(weights.values())
    final = {value: Fraction(count, whole) for value, count in weights.items()}
    expected = sum((p for value, p in final.items() if value >= cut), Fraction(0))
    assert chance(final, lambda value: value >= cut) == expected
    assert chance(final, lambda value: True) == 1


@given(WEIGHTS)
def test_mean_is_the_sum_of_each_value_times_its_probability(weights):
    whole = sum(weights.values())
    final = {value: Fraction(count, whole) for value, count in weights.items()}
    assert mean(final) == sum((v * p for v, p in final.items()), Fraction(0))
