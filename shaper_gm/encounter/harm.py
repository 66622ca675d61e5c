"""HP changes: damage through the S7 pipeline, absorption used up, Down, healing."""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.encounter import events as ev
from shaper_gm.encounter.state import EncounterState, leave_engagement


def absorb_available(state: EncounterState, actor_id: str) -> int:
    return state.actors[actor_id].effect_total("absorb")


def apply_result(state: EncounterState, actor_id: str, result) -> tuple[EncounterState, list]:
    """Apply a DamageResult: absorption spent, HP, and Down with its consequences (S7, S8)."""
    actor = state.actors[actor_id]
    effects = _spend_absorb(actor.effects, result.absorbed)
    events: list = [ev.DamageTaken(actor_id, result)]
    events += [ev.EffectEnded(actor_id, e.name, "used up")
               for e in actor.effects if e not in effects and e.until == "used_up"]
    state = state.with_actor(actor.with_(hp=result.hp_after, effects=effects))
    if result.hp_after == 0 and not actor.down:
        state, downed = go_down(state, actor_id)
        events += downed
    return state, events


def set_hp(state: EncounterState, actor_id: str, hp: int, why: str) -> tuple[EncounterState, list]:
    """Set HP directly (a GM's `--direct` damage, heal or set); Down and revival follow."""
    actor = state.actors[actor_id]
    hp = max(0, min(hp, actor.max_hp))
    events: list = [ev.HpChanged(actor_id, actor.hp, hp, why)]
    state = state.with_actor(actor.with_(hp=hp))
    if hp == 0 and not actor.down:
        state, downed = go_down(state, actor_id)
        events += downed
    elif hp > 0 and actor.down:
        state = state.with_actor(state.actors[actor_id].with_(down=False))
        events.append(ev.Revived(actor_id))
    return state, events


def go_down(state: EncounterState, actor_id: str) -> tuple[EncounterState, list]:
    """S8: Down leaves every engagement; S21: a summon is removed when Down."""
    actor = state.actors[actor_id]
    events: list = [ev.WentDown(actor_id)]
    if state.engagement_of(actor_id):
        events.append(ev.Disengaged(actor_id, "Down"))
    state = state.with_actor(actor.with_(down=True)).with_(
        engagements=leave_engagement(state.engagements, actor_id))
    if actor.summoner is not None:
        state = state.without_actor(actor_id)
        events.append(ev.ActorRemoved(actor_id))
    state, settled = settle_engagements(state)
    return state, events + settled


def _spend_absorb(effects: tuple, amount: int) -> tuple:
    """Take `amount` from absorbing effects in order; spent `used_up` effects end."""
    out = []
    for effect in effects:
        if amount > 0 and effect.absorb > 0:
            used = min(amount, effect.absorb)
            amount -= used
            effect = replace(effect, absorb=effect.absorb - used)
            if effect.absorb == 0 and effect.until == "used_up":
                continue
        out.append(effect)
    return tuple(out)


def settle_engagements(state: EncounterState, *, already: str | None = None
                       ) -> tuple[EncounterState, list]:
    """Dissolve engagements left with no enemy in them (S14), saying who is freed;
    `already` is an actor whose own Disengaged event the caller has given."""
    state, freed = state.without_one_sided_engagements()
    return state, [ev.Disengaged(a, "no enemy left in the engagement")
                   for a in freed if a != already]
