"""The GM's `place` of an actor written as data: onto another cell, it brings the
moment `placed` (`engine.moments`), whose actions run by themselves for the actor
(Shaper's S14: placed elsewhere, it leaves its engagement)."""

from __future__ import annotations

from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.state import Change, Encounter


class PlacedMoment(RulesetBase):
    """`DataRuleset`'s answer to the GM's `place`."""

    def on_placed(self, state: Encounter, actor_id: str, before: str | None) -> Change:
        if state.actors[actor_id].zone == before:
            return state, []
        return self.at_moment(state, "placed", actor_id, {"placed_from": before or ""})
