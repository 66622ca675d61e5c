"""The everyday actions of a turn: moving, engaging, handling items (S12, S14, S19, S20)."""

from __future__ import annotations

from shaper_gm.encounter import events as ev
from shaper_gm.encounter.harm import settle_engagements
from shaper_gm.encounter.state import (
    ActiveEffect,
    EncounterState,
    join_engagement,
    leave_engagement,
)
from shaper_gm.encounter.turns import require_turn, spend
from shaper_gm.rules.errors import RuleViolation


def move(state: EncounterState, rs, actor_id: str, zone_text: str) -> tuple[EncounterState, list]:
    """One Major action per Short distance (S12); an engaged actor disengages first."""
    actor = state.actors[actor_id]
    zone = rs.canonical_zone(zone_text, state.cols, state.rows)
    if state.engagement_of(actor_id):
        others = ", ".join(state.engaged_with(actor_id))
        raise RuleViolation(f"{actor.name} is engaged with {others} (S12): an engaged actor "
                            "cannot move", "disengage first (Minor action, S14)")
    if zone == actor.zone:
        raise RuleViolation(f"{actor.name} is already in {zone}", "name another zone")
    steps = rs.distance(actor.zone, zone)
    state, spent = spend(state, rs, actor_id, "move", times=steps)
    state = state.with_actor(state.actors[actor_id].with_(zone=zone))
    return state, [*spent, ev.Moved(actor_id, actor.zone, zone, steps)]


def engage(state: EncounterState, rs, actor_id: str, target_id: str, *,
           cost: bool = True) -> tuple[EncounterState, list]:
    """Engaging needs the same zone; it joins the target's group (S14)."""
    actor, target = state.actors[actor_id], state.actors[target_id]
    if actor_id == target_id:
        raise RuleViolation("an actor cannot engage itself", "name another actor")
    if target.down:
        raise RuleViolation(f"{target.name} is Down (S8)", "engage someone still standing")
    if actor.zone != target.zone:
        raise RuleViolation(f"{target.name} is in {target.zone}, {actor.name} in {actor.zone} "
                            "(S14): engaging needs the same zone",
                            f"move to {target.zone} first")
    group = state.engagement_of(actor_id)
    if group and target_id in group:
        raise RuleViolation(f"{actor.name} is already engaged with {target.name}",
                            "attack, or disengage")
    if target.side == actor.side and not state.engagement_of(target_id):
        raise RuleViolation(f"{target.name} is on {actor.name}'s side and in no fight (S14): "
                            "engaging an ally joins the ally's engagement",
                            f"engage an enemy, or wait until {target.name} is engaged")
    events: list = []
    if cost:
        state, events = spend(state, rs, actor_id, "engage")
    groups = join_engagement(state.engagements, actor_id, target_id)
    state = state.with_(engagements=groups)
    members = tuple(sorted(state.engagement_of(actor_id) or ()))
    return state, [*events, ev.Engaged(actor_id, target_id, members)]


def disengage(state: EncounterState, rs, actor_id: str, *, cost: bool = True,
              why: str = "") -> tuple[EncounterState, list]:
    actor = state.actors[actor_id]
    if not state.engagement_of(actor_id):
        raise RuleViolation(f"{actor.name} is not engaged", "nothing to disengage from")
    events: list = []
    if cost:
        state, events = spend(state, rs, actor_id, "disengage")
    state = state.with_(engagements=leave_engagement(state.engagements, actor_id))
    state, settled = settle_engagements(state, already=actor_id)
    return state, [*events, ev.Disengaged(actor_id, why), *settled]


def _carried(actor) -> list[str]:
    stats = actor.stats
    return [*stats.weapons, *([stats.shield] if stats.shield else [])]


def draw(state: EncounterState, rs, library, actor_id: str,
         item: str) -> tuple[EncounterState, list]:
    """Draw a weapon or shield into a free hand: a Minor action (S19, S19a)."""
    actor = state.actors[actor_id]
    if item not in _carried(actor):
        raise RuleViolation(f"{actor.name} does not carry {item!r}",
                            f"carried: {', '.join(_carried(actor)) or 'nothing'}")
    if item in actor.holding:
        raise RuleViolation(f"{actor.name} already holds the {item}", "attack with it")
    hands = rs.hands
    used = sum(rs.hands_needed(library, i) for i in actor.holding)
    need = rs.hands_needed(library, item)
    if used + need > hands:
        raise RuleViolation(f"{actor.name}'s hands are full ({', '.join(actor.holding)}) (S19a)",
                            f"sheathe something first (Minor), e.g. sheathe {actor.holding[0]}")
    state, events = spend(state, rs, actor_id, "draw")
    actor = state.actors[actor_id]
    state = state.with_actor(actor.with_(holding=(*actor.holding, item)))
    return state, [*events, ev.ItemChanged(actor_id, "drew", item)]


def sheathe(state: EncounterState, rs, actor_id: str, item: str) -> tuple[EncounterState, list]:
    actor = state.actors[actor_id]
    if item not in actor.holding:
        raise RuleViolation(f"{actor.name} is not holding {item!r}",
                            f"holding: {', '.join(actor.holding) or 'nothing'}")
    state, events = spend(state, rs, actor_id, "sheathe")
    actor = state.actors[actor_id]
    holding = tuple(i for i in actor.holding if i != item)
    effects = actor.effects
    if item == actor.stats.shield:
        effects = tuple(e for e in effects if e.source != "shield")
    state = state.with_actor(actor.with_(holding=holding, effects=effects))
    return state, [*events, ev.ItemChanged(actor_id, "sheathed", item)]


def raise_shield(state: EncounterState, rs, library,
                 actor_id: str) -> tuple[EncounterState, list]:
    """+Evasion and Block skills until the start of the actor's next turn (S20)."""
    actor = state.actors[actor_id]
    shield_id = actor.stats.shield
    if not shield_id:
        raise RuleViolation(f"{actor.name} has no shield", "add one with --shield")
    if shield_id not in actor.holding:
        raise RuleViolation(f"{actor.name} is not holding the {shield_id} (S19a)",
                            f"draw it first (Minor): draw {shield_id}")
    if any(e.source == "shield" for e in actor.effects):
        raise RuleViolation(f"{actor.name}'s shield is already raised (S20)",
                            "it stays up until the start of the next turn")
    state, events = spend(state, rs, actor_id, "raise_shield")
    shield = library.shields[shield_id]
    effect = ActiveEffect("Shield raised", source="shield", caster=actor_id,
                          evasion=shield.evasion, until=f"start:{actor_id}")
    actor = state.actors[actor_id]
    state = state.with_actor(actor.with_(effects=(*actor.effects, effect)))
    return state, [*events, ev.ItemChanged(actor_id, "raised", shield_id),
                   ev.EffectAdded(actor_id, effect)]


def reload(state: EncounterState, rs, actor_id: str,
           item: str | None = None) -> tuple[EncounterState, list]:
    """Reload a held weapon that needs it after each shot: a Minor action (S19)."""
    actor = state.actors[actor_id]
    candidates = [w for w in actor.holding if w in actor.unloaded]
    if item is not None:
        if item not in actor.holding:
            raise RuleViolation(f"{actor.name} is not holding {item!r}", f"draw {item} first")
        if item not in actor.unloaded:
            raise RuleViolation(f"the {item} is loaded", "attack with it")
        candidates = [item]
    if not candidates:
        raise RuleViolation(f"{actor.name} holds nothing that needs reloading",
                            "draw a weapon that reloads (a crossbow)")
    weapon = candidates[0]
    state, events = spend(state, rs, actor_id, "reload")
    actor = state.actors[actor_id]
    state = state.with_actor(actor.with_(unloaded=tuple(w for w in actor.unloaded
                                                        if w != weapon)))
    return state, [*events, ev.ItemChanged(actor_id, "reloaded", weapon)]


def act(state: EncounterState, rs, actor_id: str, kind: str,
        text: str) -> tuple[EncounterState, list]:
    """Any other action: the GM names its kind, it is paid and logged (S19)."""
    actor = state.actors[actor_id]
    pool = rs.new_pool(actor.stats)
    if kind not in pool:
        raise RuleViolation(f"{kind!r} is not an action kind here",
                            f"use one of: {', '.join(pool)}")
    require_turn(state, actor_id, "an action")
    new_pool, paid = rs.pay(actor.actions(), kind, who=actor.name, full=pool)
    state = state.with_actor(actor.with_(pool=tuple(new_pool.items())))
    return state, [ev.ActionSpent(actor_id, text or kind, kind, paid),
                   ev.Said(actor_id, kind, text)]
