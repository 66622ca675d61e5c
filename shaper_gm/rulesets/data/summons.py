"""An actor an action brings into the fight (`apply`'s `summon`, engine.summoning), made
from a template as `add` makes one: on its summoner's side and cell, right after it (and
the summons it already has) in the order, acting in its turn with the budget a turn's
start gives it, held at once as it joins that turn under way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.encounter.setup import NewActor, check_new_id
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.resources import at_moment
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.rulesets.data.library import freeze


def summon(rs: Any, state: Encounter, caster_id: str, template: str,
           sheet: Mapping[str, Any]) -> Change:
    caster = state.actors[caster_id]
    known = rs.templates()
    if template not in known:
        raise RuleViolation(f"no {template!r} to summon", "the ruleset's declaration needs "
                                                           "a fix: a template's id")
    base = f"{caster_id}-{template}"
    new_id, n = base, 1
    while new_id in state.actors:
        n += 1
        new_id = f"{base}-{n}"
    check_new_id(state, new_id, frozenset(rs.reserved_ids()))
    title = known[template].get("name") or template
    name = f"{caster.name}'s {title}" + (f" {n}" if n > 1 else "")
    actor = rs.make_actor(NewActor(new_id, template, caster.side, caster.zone, name),
                          caster.zone)
    if sheet:                            # over the template's: what its summoner gives it
        actor = actor.with_(sheet=actor.sheet.with_values(**{k: freeze(v) for k, v
                                                             in sheet.items()}))
        hp = rs.stat(actor.sheet, "hp")
        actor = actor.with_(hp=hp, max_hp=hp)
    values = at_moment(rs.resources, actor.resource_map(), "turn_start", actor.sheet,
                       rs.stat)                         # its summoner's turn under way
    actor = actor.with_(summoner=caster_id).with_resources(values)
    order = [a for a in state.order if a != new_id]
    at = order.index(caster_id) + 1 if caster_id in order else len(order)
    while at < len(order) and state.actors[order[at]].summoner == caster_id:
        at += 1
    order.insert(at, new_id)
    state = state.with_actor(actor).with_(order=tuple(order))
    return state, [ev.ActorAdded(new_id, actor.name, actor.side, actor.zone, actor.hp)]
