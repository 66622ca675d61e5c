"""`readied_effect:` of a ruleset written as data: the effect that lets an actor take an
action of its turn off it, as a reaction, once (Dungeoneers' D9: `ready` holds an action
until the round ends). Its name is the ruleset's pattern with `{action}` filled in
(`ready-{action}`: `ready-strike`); taking the action ends it, and the action costs its
own."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Action, Admission
from shaper_gm.engine.state import Encounter


def admit_off_turn(rs: Any, state: Encounter, actor_id: str, action: Action,
                   request: Any) -> Admission | None:
    """The actor holds the effect that readies `action`: it is let through, the effect
    spent; else None (the turn rule refuses it)."""
    pattern = rs.library.numbers.get("readied_effect")
    if not pattern:
        return None
    name = str(pattern).replace("{action}", action.name)
    actor = state.actors[actor_id]
    if not any(effect.name == name for effect in actor.effects):
        return None
    kept = tuple(effect for effect in actor.effects if effect.name != name)
    return Admission(state.with_actor(actor.with_(effects=kept)),
                     (ev.EffectEnded(actor_id, name, "taken as a reaction"),))
