"""Damage through the S7 pipeline applied to a live actor: absorption used up, HP,
and Down with its consequences (S7, S8, S26)."""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine.harm import go_down
from shaper_gm.engine.state import Effect, Encounter
from shaper_gm.rulesets.shaper.events import DamageTaken

ABSORB = "absorb"


def absorb_available(state: Encounter, actor_id: str) -> int:
    return state.actors[actor_id].effect_total(ABSORB)


def apply_result(state: Encounter, rs, actor_id: str, result) -> tuple[Encounter, list]:
    """Apply a DamageResult: absorption spent, HP, and Down (S7, S8)."""
    actor = state.actors[actor_id]
    effects = _spend_absorb(actor.effects, result.absorbed)
    events: list = [DamageTaken(actor_id, result)]
    events += [ev.EffectEnded(actor_id, e.name, "used up")
               for e in actor.effects if e not in effects and e.until == "used_up"]
    state = state.with_actor(actor.with_(hp=result.hp_after, effects=effects))
    if result.hp_after == 0 and not actor.down:
        state, downed = go_down(state, rs, actor_id)
        events += downed
    return state, events


def _spend_absorb(effects: tuple[Effect, ...], amount: int) -> tuple[Effect, ...]:
    """Take `amount` from absorbing effects in order; spent `used_up` effects end."""
    out = []
    for effect in effects:
        have = effect.mod(ABSORB)
        if amount > 0 and have > 0:
            used = min(amount, have)
            amount -= used
            effect = effect.with_mod(ABSORB, have - used)
            if have - used == 0 and effect.until == "used_up":
                continue
        out.append(effect)
    return tuple(out)
