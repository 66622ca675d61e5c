"""`revise` is `dataclasses.replace` for contexts, only cheaper: the same record for
any change of any fields, and the same refusals."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.records import record, revise


@record
class Plain:
    a: int = 0
    b: tuple = ()
    c: str | None = None
    hidden: int = field(default=0, compare=False)


@record
class Checked:
    a: int = 0

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a must not be negative")


values = st.fixed_dictionaries({}, optional={"a": st.integers(), "b": st.tuples(st.integers()),
                                             "c": st.none() | st.text(), "hidden": st.integers()})


@settings(max_examples=60, deadline=None)   # a shared machine: count, do not time
@given(values, values)
def test_revise_makes_what_replace_makes(start, changes):
    before = Plain(**start)
    revised, replaced = revise(before, **changes), replace(before, **changes)
    assert revised == replaced and repr(revised) == repr(replaced)
    assert hash(revised) == hash(replaced) and revised.hidden == replaced.hidden
    assert before == Plain(**start)          # the original is left as it was


def test_revise_still_checks_a_context_that_checks_itself():
    with pytest.raises(ValueError, match="negative"):
        revise(Checked(1), a=-1)


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int = 0


@dataclass(frozen=True)
class OnSlots(Slotted):       # its own instances have a __dict__, its base's field not
    b: int = 0


def test_revise_copies_fields_kept_in_slots_too():
    assert revise(OnSlots(1, 2), b=3) == OnSlots(1, 3)
    assert revise(Slotted(1), a=2) == Slotted(2)


def test_revise_refuses_a_field_the_context_has_not():
    with pytest.raises(TypeError):
        revise(Plain(), d=1)


def test_a_state_changed_cheaply_is_the_state_replace_makes():
    """Encounter.with_ and with_actors copy the record without re-running its check (its
    actors an ActorMap): the same state as `replace` makes, an actor mapping given as a
    dict still made an ActorMap, an unknown field still refused."""
    from shaper_gm.engine.actor_map import ActorMap
    from shaper_gm.engine.state import Actor, Encounter
    kara = Actor(id="kara", name="Kara", side="party", sheet=None, hp=10, max_hp=10)
    state = Encounter(actors={"kara": kara})
    for changes in ({"round": 2, "turn": "kara"}, {"passed": frozenset({"kara"})}, {}):
        assert state.with_(**changes) == replace(state, **changes)
    hurt = state.with_actor(kara.with_(hp=4))
    assert hurt.actors["kara"].hp == 4 and state.actors["kara"].hp == 10
    assert type(state.with_(actors={"kara": kara}).actors) is ActorMap
    with pytest.raises(TypeError):
        state.with_(rounds=3)
    assert kara.with_resources({"ap": 2}) == replace(kara, resources=(("ap", 2),))
