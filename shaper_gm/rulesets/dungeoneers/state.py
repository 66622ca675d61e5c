"""Reading and changing Dungeoneers' data on the generic state (`Actor.system`,
`Encounter.system`), and the conditions that live there (D9, D24, D29)."""

from __future__ import annotations

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.dungeoneers.events import ConditionEnded
from shaper_gm.rulesets.dungeoneers.models import ActorData, EncounterData

Step = tuple[Encounter, list]


def data_of(actor: Actor) -> ActorData:
    return actor.system if isinstance(actor.system, ActorData) else ActorData()


def with_data(actor: Actor, **changes) -> Actor:
    return actor.with_(system=data_of(actor).with_(**changes))


def encounter_data(state: Encounter, ambient_default: int = 0) -> EncounterData:
    if isinstance(state.system, EncounterData):
        return state.system
    return EncounterData(ambient_arca=ambient_default)


def actor_of(state: Encounter, actor_id: str | None, role: str = "creature") -> Actor:
    """The named creature, or the one up by default when no name is given."""
    chosen = actor_id if actor_id is not None else state.turn
    if chosen is None:
        raise RuleViolation(f"no {role} named and nobody is up", "name the creature, or start")
    if chosen not in state.actors:
        known = ", ".join(sorted(state.actors)) or "none yet"
        raise RuleViolation(f"no creature {chosen!r} in this encounter", f"known: {known}")
    return state.actors[chosen]


def release_grapples(state: Encounter, actor_id: str, why: str) -> Step:
    """End every grapple the creature is part of, on both sides (D24)."""
    events: list = []
    actor = state.actors[actor_id]
    mine = data_of(actor)
    pairs = []
    if mine.grappling and mine.grappling in state.actors:
        pairs.append((actor_id, mine.grappling))
    if mine.grappled_by and mine.grappled_by in state.actors:
        pairs.append((mine.grappled_by, actor_id))
    for holder, held in pairs:
        state = state.with_actors([with_data(state.actors[holder], grappling=None),
                                   with_data(state.actors[held], grappled_by=None)])
        events += [ConditionEnded(holder, "grappling", held, why),
                   ConditionEnded(held, "grappled", holder, why)]
    return state, events
