"""What ends by itself after any change in a ruleset written as data: a condition whose
`ends_if` now holds (G28: grappled, once the grappler is out of reach), and what zero hit
points brought, once an actor is back above zero (G21)."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import ExprError
from shaper_gm.engine.request import Request
from shaper_gm.engine.situation import Situation
from shaper_gm.engine.state import Change, Encounter

ZERO_HP = "zero_hp"          # the source of the conditions zero hit points bring


def ended_by_rule(state: Encounter, rs: Any) -> Change:
    """Each condition given by another whose `ends_if` (read with its holder acting, its
    giver the target) now holds ends."""
    rules = dict(rs.library.ends_if)
    if not rules:
        return state, []
    events: list[ev.Event] = []
    for actor in tuple(state.actors.values()):
        for effect in actor.effects:
            rule = rules.get(effect.name)
            if rule is None or effect.caster not in state.actors or effect.caster == actor.id:
                continue
            seen = Situation(state, rs, Request("", (("actor", actor.id),)), effect.caster)
            try:
                ends = rule.run(seen)
            except ExprError as exc:
                raise RuleViolation(f"conditions: {effect.name}: ends_if: {exc}",
                                    "the ruleset's declaration needs a fix") from None
            if ends:
                holder = state.actors[actor.id]
                state = state.with_actor(holder.with_(effects=tuple(
                    e for e in holder.effects if e is not effect)))
                events.append(ev.EffectEnded(actor.id, effect.name,
                                             "what it needs no longer holds"))
    return state, events


def revived(state: Encounter, before: Encounter | None) -> Change:
    """What zero hit points brought ends for an actor back above zero; only the actors
    changed since `before` can have come back."""
    changed, events = [], []
    for actor in map(state.actors.__getitem__, state.changed_ids(before)):
        if actor.down or not any(e.source == ZERO_HP for e in actor.effects):
            continue
        ended = [e for e in actor.effects if e.source == ZERO_HP]
        changed.append(actor.with_(effects=tuple(e for e in actor.effects
                                                 if e.source != ZERO_HP)))
        events += [ev.EffectEnded(actor.id, e.name, "hit points above 0") for e in ended]
    return (state.with_actors(changed) if changed else state), events
