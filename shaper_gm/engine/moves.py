"""A move done: the actor on its new cell, one event that tells it, in every ruleset."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine.actions import Acting, Done


def moved(acting: Acting, event: Any, zone: str) -> Done:
    """The acting actor stands on `zone`; `event` tells it and is the outcome."""
    actor = acting.state.actors[acting.actor]
    return Done(acting.state.with_actor(actor.with_(zone=zone)), (event,), event)
