"""What a state counts over its actors is carried from state to state, never counted
again: after any changes, the carried counts equal counts taken afresh, and the ids
found from the steps between two states are the ids whose actors differ."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.engine.actor_map import ActorMap, Census, Standing
from shaper_gm.engine.state import Actor, Encounter

IDS = [f"a{n}" for n in range(80)]
CHANGES = st.lists(st.tuples(
    st.sampled_from(["set", "add", "remove", "back"]),
    st.sampled_from(IDS), st.sampled_from(["red", "blue", "green"]),
    st.sampled_from([None, "A1", "B2"]), st.booleans(),
    st.sampled_from([None, "a0", "a1"])), max_size=60)


def actor(actor_id: str, side: str = "red", zone: str | None = None, down: bool = False,
          summoner: str | None = None) -> Actor:
    return Actor(id=actor_id, name=actor_id.upper(), side=side, sheet=None, zone=zone,
                 down=down, summoner=summoner if summoner != actor_id else None)


def start(count: int) -> Encounter:
    state = Encounter(actors={a: actor(a, "red" if n % 3 else "blue", "A1")
                              for n, a in enumerate(IDS[:count])})
    state.census()                               # counted once, then carried
    state.standing_on("A1")
    return state


def play(state: Encounter, changes) -> list[Encounter]:
    """Every state the changes pass through; `back` goes back to an earlier one (undo)
    and changes on from there."""
    seen = [state]
    for kind, actor_id, side, zone, down, summoner in changes:
        if kind == "back":
            state = seen[len(seen) // 2]
        elif kind == "remove" and actor_id in state.actors:
            state = state.without_actor(actor_id)
        elif kind != "remove":
            state = state.with_actor(actor(actor_id, side, zone, down, summoner))
        seen.append(state)
    return seen


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([5, 70]), CHANGES)
def test_carried_counts_equal_counts_taken_afresh(count, changes):
    for state in play(start(count), changes):
        fresh = Census.of(state.actors)
        census = state.census()
        assert (census.sides, census.able, census.summons) == (
            fresh.sides, fresh.able, fresh.summons)
        assert state.standing_zones() == Standing.of(state.actors).by_zone


@settings(max_examples=60, deadline=None)
@given(CHANGES)
def test_the_steps_between_two_states_name_every_actor_that_differs(changes):
    states = play(start(70), changes)
    last = states[-1]
    for other in states:
        differ = {a for a in last.actors.keys() | other.actors.keys()
                  if last.actors.get(a) is not other.actors.get(a)}
        found = last.actors.changed_since(other.actors)
        assert found is None or differ <= found
        if len(other.actors) >= ActorMap.TRACKED and len(last.actors) >= ActorMap.TRACKED \
                and len(differ) < 10:
            assert found is not None           # linked: no full comparison needed


def test_mappings_of_unrelated_states_are_not_linked():
    assert start(70).actors.changed_since(start(70).actors) is None
