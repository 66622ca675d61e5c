"""Moving an actor on the grid: the refusal of a move to where it stands, and the move
done, one event, the same in every ruleset."""

from __future__ import annotations

from shaper_gm.engine.actions import Acting, Done
from shaper_gm.engine.errors import RuleViolation


def not_here(actor, here: str, there: str, *, rule: str = "", cell: str = "tile",
             at: str = "on") -> None:
    """Refuse a move to the cell the actor stands on."""
    if there == here:
        raise RuleViolation(f"{actor.name} is already {at} {there}"
                            + (f" ({rule})" if rule else ""), f"name another {cell}")


def moved(acting: Acting, event, zone: str) -> Done:
    """The acting actor stands on `zone`; `event` tells it and is the outcome."""
    actor = acting.state.actors[acting.actor]
    return Done(acting.state.with_actor(actor.with_(zone=zone)), (event,), event)
