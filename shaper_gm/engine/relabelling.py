"""The `relabel` change of an action written as data: every actor up whose sheet key
holds one value is given another, each told with the change's reason (two groups
merged into one: every member of the group left joins the other)."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.state import Change, Encounter


def relabelled(state: Encounter, key: str, old: Any, new: Any, why: str) -> Change:
    """Every actor up whose sheet `key` holds `old` now holding `new`."""
    if old == new:
        return state, []
    events: list[ev.Event] = []
    for actor in tuple(state.actors.values()):
        if not actor.down and actor.sheet.get(key) == old:
            state = state.with_actor(actor.with_(sheet=actor.sheet.with_values(**{key: new})))
            events.append(ev.FieldSet(actor.id, key, old, new, why))
    return state, events
