"""`keeps_down` (ruleset.yaml): conditions that keep an actor down whatever its hit
points, until they end (time slices' unconscious: healed from 0 HP it stays down until
the GM wakes it, T14's `heal_wakes: false`). Losing every hit point again brings what
zero brings again (a character dying anew); once none of them is held, an actor with
hit points is back on its feet."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.state import Change, Encounter


class KeptDown:
    """What `engine.harm` and `after_change` ask of a ruleset written as data."""

    library: Any

    def keeps_down(self, actor: Any) -> bool:
        keeping = set(self.library.numbers.get("keeps_down") or ())
        return any(effect.name in keeping for effect in actor.effects)

    def _woken(self, state: Encounter, before: Encounter | None) -> Change:
        """Up again: an actor changed since `before`, down with hit points and no longer
        held down."""
        if not self.library.numbers.get("keeps_down"):
            return state, []
        changed, events = [], []
        for actor in map(state.actors.__getitem__, state.changed_ids(before)):
            if actor.down and (actor.hp or 0) > 0 and not self.keeps_down(actor):
                changed.append(actor.with_(down=False))
                events.append(ev.Revived(actor.id))
        return (state.with_actors(changed) if changed else state), events
