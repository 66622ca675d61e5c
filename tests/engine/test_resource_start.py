"""A resource's start is capped by its maximum (the dice pool's pool_max caps the pool
built when an actor joins, P4), whatever the sheet's numbers make of either."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.engine.resources import ResourceSpec, starting


def read(sheet, key):
    return sheet[key]


@given(st.integers(0, 50), st.one_of(st.none(), st.integers(0, 50)))
def test_a_start_never_passes_the_maximum(start, top):
    spec = ResourceSpec("pool", max=top, start="built")
    value = dict(starting((spec,), {"built": start}, read))["pool"]
    assert value == (start if top is None else min(start, top))


def test_without_a_start_the_maximum_or_nothing():
    specs = (ResourceSpec("actions", max=2), ResourceSpec("luck"))
    assert starting(specs, {}, read) == (("actions", 2), ("luck", 0))
