"""What the engine refuses in words where it once went on with a value it lacked: hit
points set on an actor without them, an action whose request names no actor, a cost
word that prices nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.engine import harm
from shaper_gm.engine.common import ACT
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.play import perform
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Actor, Encounter
from tests.engine.skirmish import Skirmish, actor


def fight() -> Encounter:
    return Encounter(ruleset="skirmish", actors={"a": actor("a", "x"), "b": actor("b", "y")},
                     order=("a", "b"), round=1, turn="a", up=("a",))


@given(st.integers(min_value=-5, max_value=50))
def test_hit_points_are_not_set_on_an_actor_without_them(hp: int) -> None:
    state = fight().with_actor(Actor(id="c", name="Cog", side="x", sheet=None))
    with pytest.raises(RuleViolation, match="Cog has no hit points"):
        harm.set_hp(state, Skirmish(), "c", hp, "the GM says so")


def test_an_action_whose_request_names_no_actor_is_refused() -> None:
    with pytest.raises(RuleViolation, match="act: nobody to act"):
        perform(fight(), Skirmish(), ACT, Request("act", args=(("cost", "1"),)))


def test_a_cost_word_that_prices_nothing_is_refused_even_if_the_word_passes() -> None:
    class Lenient(Skirmish):
        def resolve_word(self, state, kind, word, actor_id):
            return word                           # lets any word through
    request = Request("act", args=(("actor", "a"), ("cost", "lots"), ("text", "waves")))
    with pytest.raises(RuleViolation, match="'lots' is not a cost"):
        perform(fight(), Lenient(), ACT, request)
