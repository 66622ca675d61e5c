"""The `spend` change of an action written as data: an amount taken off an effect key
across the holder's effects, in the order they were gained, each giving what it holds
(damage soaked: a ward's 2, then the GM's `effect bo ward --absorb 3`);
an effect that lasts until used up (`until: used_up`) and is spent to 0 ends."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.state import Change, Effect, Encounter

USED_UP = "used_up"          # an effect's until: it ends once what it holds is spent


def spent(state: Encounter, who: str, key: str, amount: int) -> Change:
    """`amount` (0 or more) taken off `key` of `who`'s effects, in order."""
    actor = state.actors[who]
    kept: list[Effect] = []
    events: list[ev.Event] = []
    for effect in actor.effects:
        have = effect.mod(key)
        if amount > 0 and have > 0:
            used = min(amount, have)
            amount -= used
            effect = effect.with_mod(key, have - used)
            if have == used and effect.until == USED_UP:
                events.append(ev.EffectEnded(who, effect.name, "used up"))
                continue
        kept.append(effect)
    if tuple(kept) == actor.effects:
        return state, []
    return state.with_actor(actor.with_(effects=tuple(kept))), events


def swept(state: Encounter, who: str, kind: str, key: str, values: Mapping[str, Any],
          why: str) -> Change:
    """A `spend` (off `who`'s effects) or a `relabel` (every actor's sheet key)."""
    if kind == "spend":
        return spent(state, who, key, max(0, int(values["amount"])))
    from shaper_gm.engine.relabelling import relabelled
    return relabelled(state, key, values["from"], values["to"], why)
