"""The everyday actions of a turn: moving, engaging, handling items (S12, S14, S19, S20)."""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Effect
from shaper_gm.engine.state import Encounter as EncounterState
from shaper_gm.rulesets.shaper import model
from shaper_gm.rulesets.shaper.charge import spend
from shaper_gm.rulesets.shaper.events import Disengaged, Engaged, ItemChanged, Moved
from shaper_gm.rulesets.shaper.hooks import settle as settle_engagements
from shaper_gm.rulesets.shaper.model import holding, join_engagement, leave_engagement


def move(state: EncounterState, rs, actor_id: str, zone_text: str) -> tuple[EncounterState, list]:
    """One Major action per Short distance (S12); an engaged actor disengages first."""
    actor = state.actors[actor_id]
    zone = rs.canonical_zone(zone_text, state.cols, state.rows)
    if model.engagement_of(state, actor_id):
        others = ", ".join(model.engaged_with(state, actor_id))
        raise RuleViolation(f"{actor.name} is engaged with {others} (S12): an engaged actor "
                            "cannot move", "disengage first (Minor action, S14)")
    if zone == actor.zone:
        raise RuleViolation(f"{actor.name} is already in {zone}", "name another zone")
    steps = rs.distance(actor.zone, zone)
    state, spent = spend(state, rs, actor_id, "move", times=steps)
    state = state.with_actor(state.actors[actor_id].with_(zone=zone))
    return state, [*spent, Moved(actor_id, actor.zone, zone, steps)]


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
    group = model.engagement_of(state, actor_id)
    if group and target_id in group:
        raise RuleViolation(f"{actor.name} is already engaged with {target.name}",
                            "attack, or disengage")
    if target.side == actor.side and not model.engagement_of(state, target_id):
        raise RuleViolation(f"{target.name} is on {actor.name}'s side and in no fight (S14): "
                            "engaging an ally joins the ally's engagement",
                            f"engage an enemy, or wait until {target.name} is engaged")
    events: list = []
    if cost:
        state, events = spend(state, rs, actor_id, "engage")
    groups = join_engagement(model.engagements(state), actor_id, target_id)
    state = model.with_engagements(state, groups)
    members = tuple(sorted(model.engagement_of(state, actor_id) or ()))
    return state, [*events, Engaged(actor_id, target_id, members)]


def disengage(state: EncounterState, rs, actor_id: str, *, cost: bool = True,
              why: str = "") -> tuple[EncounterState, list]:
    actor = state.actors[actor_id]
    if not model.engagement_of(state, actor_id):
        raise RuleViolation(f"{actor.name} is not engaged", "nothing to disengage from")
    events: list = []
    if cost:
        state, events = spend(state, rs, actor_id, "disengage")
    partners = model.engaged_with(state, actor_id)
    state = model.with_left(state, model.field(state).left | {(actor_id, p) for p in partners})
    state = model.with_engagements(state, leave_engagement(model.engagements(state), actor_id))
    state, settled = settle_engagements(state, already=actor_id)
    return state, [*events, Disengaged(actor_id, why), *settled]


def _carried(actor) -> list[str]:
    stats = actor.sheet
    return [*stats.weapons, *([stats.shield] if stats.shield else [])]


def draw(state: EncounterState, rs, library, actor_id: str,
         item: str) -> tuple[EncounterState, list]:
    """Draw a weapon or shield into a free hand: a Minor action (S19, S19a)."""
    actor = state.actors[actor_id]
    if item not in _carried(actor):
        raise RuleViolation(f"{actor.name} does not carry {item!r}",
                            f"carried: {', '.join(_carried(actor)) or 'nothing'}")
    held = holding(actor)
    if item in held:
        raise RuleViolation(f"{actor.name} already holds the {item}", "attack with it")
    hands = rs.hands
    used = sum(rs.hands_needed(library, i) for i in held)
    need = rs.hands_needed(library, item)
    if used + need > hands:
        raise RuleViolation(f"{actor.name}'s hands are full ({', '.join(held)}) (S19a)",
                            f"sheathe something first (Minor), e.g. sheathe {held[0]}")
    state, events = spend(state, rs, actor_id, "draw")
    actor = state.actors[actor_id]
    state = state.with_actor(model.with_own(actor, holding=(*holding(actor), item)))
    return state, [*events, ItemChanged(actor_id, "drew", item)]


def sheathe(state: EncounterState, rs, actor_id: str, item: str) -> tuple[EncounterState, list]:
    actor = state.actors[actor_id]
    if item not in holding(actor):
        raise RuleViolation(f"{actor.name} is not holding {item!r}",
                            f"holding: {', '.join(holding(actor)) or 'nothing'}")
    state, events = spend(state, rs, actor_id, "sheathe")
    actor = state.actors[actor_id]
    kept = tuple(i for i in holding(actor) if i != item)
    effects = actor.effects
    if item == actor.sheet.shield:
        effects = tuple(e for e in effects if e.source != "shield")
    state = state.with_actor(model.with_own(actor, holding=kept).with_(effects=effects))
    return state, [*events, ItemChanged(actor_id, "sheathed", item)]


def raise_shield(state: EncounterState, rs, library,
                 actor_id: str) -> tuple[EncounterState, list]:
    """+Evasion and Block skills until the start of the actor's next turn (S20)."""
    actor = state.actors[actor_id]
    shield_id = actor.sheet.shield
    if not shield_id:
        raise RuleViolation(f"{actor.name} has no shield", "add one with --shield")
    if shield_id not in holding(actor):
        raise RuleViolation(f"{actor.name} is not holding the {shield_id} (S19a)",
                            f"draw it first (Minor): draw {shield_id}")
    if model.shield_raised(actor):
        raise RuleViolation(f"{actor.name}'s shield is already raised (S20)",
                            "it stays up until the start of the next turn")
    state, events = spend(state, rs, actor_id, "raise_shield")
    shield = library.shields[shield_id]
    effect = Effect("Shield raised", source="shield", caster=actor_id,
                    mods=(("evasion", shield.evasion),), until=f"start:{actor_id}")
    actor = state.actors[actor_id]
    state = state.with_actor(actor.with_(effects=(*actor.effects, effect)))
    return state, [*events, ItemChanged(actor_id, "raised", shield_id),
                   ev.EffectAdded(actor_id, effect)]


def reload(state: EncounterState, rs, actor_id: str,
           item: str | None = None) -> tuple[EncounterState, list]:
    """Reload a held weapon that needs it after each shot: a Minor action (S19)."""
    actor = state.actors[actor_id]
    candidates = [w for w in holding(actor) if w in model.unloaded(actor)]
    if item is not None:
        if item not in holding(actor):
            raise RuleViolation(f"{actor.name} is not holding {item!r}", f"draw {item} first")
        if item not in model.unloaded(actor):
            raise RuleViolation(f"the {item} is loaded", "attack with it")
        candidates = [item]
    if not candidates:
        raise RuleViolation(f"{actor.name} holds nothing that needs reloading",
                            "draw a weapon that reloads (a crossbow)")
    weapon = candidates[0]
    state, events = spend(state, rs, actor_id, "reload")
    actor = state.actors[actor_id]
    state = state.with_actor(model.with_own(
        actor, unloaded=tuple(w for w in model.unloaded(actor) if w != weapon)))
    return state, [*events, ItemChanged(actor_id, "reloaded", weapon)]


def act(state: EncounterState, rs, actor_id: str, kind: str,
        text: str) -> tuple[EncounterState, list]:
    """Any other action: the GM names its kind, it is paid and logged (S19)."""
    actor = state.actors[actor_id]
    pool = rs.new_pool(actor.sheet)
    if kind not in pool:
        raise RuleViolation(f"{kind!r} is not an action kind here",
                            f"use one of: {', '.join(pool)}")
    state, spent = spend(state, rs, actor_id, text or kind, kind=kind)
    return state, [*spent, ev.Said(actor_id, kind, text)]
