"""What Shaper does at the engine's moments: a turn starting, an actor going Down,
leaving the fight or being placed elsewhere (S8, S14, S21, S24)."""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine.state import Encounter
from shaper_gm.rulesets.shaper import model
from shaper_gm.rulesets.shaper.events import Disengaged

Step = tuple[Encounter, list]


def turn_started(state: Encounter, actor_id: str) -> Step:
    """S24: skill uses count per the actor's round, which restarts with its turn (and
    its summons', which act in it, S21)."""
    members = [actor_id, *state.summons_of(actor_id)]
    changed = [model.with_own(state.actors[m], skill_uses=()) for m in members
               if model.own(state.actors[m]).skill_uses]
    return (state.with_actors(changed) if changed else state), []


def round_ended(state: Encounter) -> Step:
    """A disengagement can be answered only in the round it happened (S23)."""
    if not model.field(state).left:
        return state, []
    return model.with_left(state, frozenset()), []


def went_down(state: Encounter, actor_id: str) -> Step:
    """S8: Down leaves every engagement; S21: a summon is removed when Down."""
    events: list = []
    if model.engagement_of(state, actor_id):
        events.append(Disengaged(actor_id, "Down"))
        state = model.with_engagements(
            state, model.leave_engagement(model.engagements(state), actor_id))
    if state.actors[actor_id].summoner is not None:
        state = state.without_actor(actor_id)
        events.append(ev.ActorRemoved(actor_id))
    state, settled = settle(state)
    return state, events + settled


def removed(state: Encounter, actor_id: str) -> Step:
    state = model.with_engagements(state, model.leave_engagement(model.engagements(state),
                                                                 actor_id))
    return settle(state)


def placed(state: Encounter, actor_id: str, before: str | None) -> Step:
    """A GM's `place` elsewhere takes the actor out of its engagement (S14)."""
    events: list = []
    if state.actors[actor_id].zone != before and model.engagement_of(state, actor_id):
        state = model.with_engagements(
            state, model.leave_engagement(model.engagements(state), actor_id))
        events.append(Disengaged(actor_id, "placed elsewhere"))
    state, settled = settle(state)
    return state, events + settled


def settle(state: Encounter, *, already: str | None = None) -> Step:
    """Dissolve engagements left with no enemy in them (S14), saying who is freed;
    `already` is an actor whose own Disengaged event the caller has given."""
    state, freed = model.without_one_sided(state)
    return state, [Disengaged(a, "no enemy left in the engagement")
                   for a in freed if a != already]
