"""Shaper's own slice of the generic state: hands, reloads, skill uses, engagements.

The engine keeps an actor's ruleset data in `Actor.system` and the encounter's in
`Encounter.system`; these are Shaper's frozen shapes for them and the small readers
and builders the rest of the package uses, so no other module touches the slots.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.records import record

Groups = frozenset[frozenset[str]]
SP = "sp"                                       # skill points, a resource (S22)


@record
class ShaperActor:
    holding: tuple[str, ...] = ()               # items in hand (S19a)
    unloaded: tuple[str, ...] = ()              # weapons that need a reload (S19)
    skill_uses: tuple[tuple[str, int], ...] = ()  # uses in the actor's round (S24)
    away: tuple[str, ...] = ()                  # items it carries that lie elsewhere (S19)
    gripped: tuple[str, ...] = ()               # held items it grips in both hands (S19)


@record
class ShaperField:
    engagements: Groups = frozenset()           # S14 groups
    # This round's disengagements, (who left, whom it left): what Step Up answers (S23).
    left: frozenset[tuple[str, str]] = frozenset()
    # Items dropped or thrown, lying on the battlefield: (item, zone, whom it lies beside:
    # who dropped it, or whom it was thrown at) (S19).
    lying: tuple[tuple[str, str, str], ...] = ()


def field(state: Encounter) -> ShaperField:
    return state.system if isinstance(state.system, ShaperField) else ShaperField()


def own(actor: Actor) -> ShaperActor:
    return actor.system if isinstance(actor.system, ShaperActor) else ShaperActor()


def holding(actor: Actor) -> tuple[str, ...]:
    return own(actor).holding


def unloaded(actor: Actor) -> tuple[str, ...]:
    return own(actor).unloaded


def uses(actor: Actor, skill: str) -> int:
    return dict(own(actor).skill_uses).get(skill, 0)


def with_own(actor: Actor, **changes: Any) -> Actor:
    return actor.with_(system=replace(own(actor), **changes))


def away(actor: Actor) -> tuple[str, ...]:
    return own(actor).away


def gripped(actor: Actor) -> tuple[str, ...]:
    return own(actor).gripped


def let_go(actor: Actor, item: str) -> Actor:
    """`item` leaves the actor's hand: no longer held, gripped or, a shield, raised."""
    actor = with_own(actor, holding=tuple(i for i in holding(actor) if i != item),
                     gripped=tuple(i for i in gripped(actor) if i != item))
    if item == actor.sheet.shield:
        actor = actor.with_(effects=tuple(e for e in actor.effects if e.source != "shield"))
    return actor


def lying(state: Encounter) -> tuple[tuple[str, str, str], ...]:
    return field(state).lying


def with_lying(state: Encounter, items: tuple[tuple[str, str, str], ...]) -> Encounter:
    return state.with_(system=replace(field(state), lying=items))


def shield_raised(actor: Actor) -> bool:
    return any(e.source == "shield" for e in actor.effects)


# --- engagements (S14) ------------------------------------------------------------------

def engagements(state: Encounter) -> Groups:
    return field(state).engagements


def with_engagements(state: Encounter, groups: Groups) -> Encounter:
    return state.with_(system=replace(field(state), engagements=groups))


def left_from(state: Encounter, leaver: str, partner: str) -> bool:
    """Whether `leaver` disengaged from `partner` this round."""
    return (leaver, partner) in field(state).left


def with_left(state: Encounter, pairs: frozenset[tuple[str, str]]) -> Encounter:
    return state.with_(system=replace(field(state), left=pairs))


def engagement_of(state: Encounter, actor_id: str) -> frozenset[str] | None:
    for group in engagements(state):
        if actor_id in group:
            return group
    return None


def engaged_with(state: Encounter, actor_id: str) -> list[str]:
    group = engagement_of(state, actor_id)
    return sorted(group - {actor_id}) if group else []


def join_engagement(groups: Groups, a: str, b: str) -> Groups:
    """A engages B: their groups merge into one (S14)."""
    group_a = next((g for g in groups if a in g), frozenset({a}))
    group_b = next((g for g in groups if b in g), frozenset({b}))
    rest = {g for g in groups if g is not group_a and g is not group_b}
    return frozenset(rest | {group_a | group_b})


def leave_engagement(groups: Groups, actor_id: str) -> Groups:
    """The actor leaves its group; a group left with one member dissolves (S14, S8)."""
    out = set()
    for group in groups:
        if actor_id in group:
            group = group - {actor_id}
        if len(group) >= 2:
            out.add(group)
    return frozenset(out)


def without_one_sided(state: Encounter) -> tuple[Encounter, list[str]]:
    """An engagement is a fight between sides (S14): once every member left in it is on
    one side (the enemy went Down or left), it dissolves. Returns the new state and the
    ids that are no longer engaged."""
    freed: list[str] = []
    kept = set()
    for group in engagements(state):
        if len({state.actors[a].side for a in group if a in state.actors}) > 1:
            kept.add(group)
        else:
            freed += sorted(group)
    if not freed:
        return state, []
    return with_engagements(state, frozenset(kept)), freed


def leave(state: Encounter, actor_id: str, why: str) -> Change:
    """The actor leaves its engagement, if it is in one; `why` it left, if it is said."""
    from shaper_gm.rulesets.shaper.events import Disengaged
    if not engagement_of(state, actor_id):
        return state, []
    state = with_engagements(state, leave_engagement(engagements(state), actor_id))
    return state, [Disengaged(actor_id, why)] if why else []


def settle(state: Encounter, *, already: str | None = None) -> Change:
    """Dissolve engagements left with no enemy in them (S14), saying who is freed;
    `already` is an actor whose own Disengaged event the caller has given."""
    from shaper_gm.rulesets.shaper.events import Disengaged
    state, freed = without_one_sided(state)
    return state, [Disengaged(a, "no enemy left in the engagement")
                   for a in freed if a != already]


def pool(actor: Actor) -> dict[str, int]:
    """Actions left this turn, by kind (S18): every resource but SP."""
    return {k: v for k, v in actor.resources if k != "sp"}
