"""The play actions besides `attack`: move and raising a shield (R10, R12). `act` and
`react` are the engine's (`engine.common`), priced by the ruleset; `end` and `pass`
are the turn order's."""

from __future__ import annotations

from shaper_gm.engine import grid
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.moves import moved
from shaper_gm.rulesets.reactions.events import Moved, ShieldRaised


def _route(acting: Acting) -> tuple[grid.Cell, grid.Cell, int]:
    """R10: one move a turn, to a free tile up to the creature's speed in metres away
    (a diagonal step counts as one tile)."""
    state, rs = acting.state, acting.rs
    actor = state.actors[acting.actor]
    here = rs.cell_of(state, actor.id)
    tile = rs.cell(state, acting.request.arg("zone"))
    name = grid.cell_name(tile)
    if tile == here:
        raise RuleViolation(f"{actor.name} is already on {name}", "name another tile")
    if grid.taken(state, tile, but=[actor.id]):
        raise RuleViolation(f"{name} is taken (R10)", "move to a free tile")
    metres = grid.steps(here, tile) * rs.numbers.metres_per_tile
    speed = rs.number(actor, "speed")
    if metres > speed:
        raise RuleViolation(f"{name} is {metres} m away; {actor.name} moves up to {speed} m "
                            "(R10)", "move to a nearer tile")
    return here, tile, metres


def _move(acting: Acting) -> Done:
    here, tile, metres = acting.plan
    name = grid.cell_name(tile)
    return moved(acting, Moved(acting.actor, grid.cell_name(here), name, metres,
                               "move (R10)"), name)


def _shield_of(acting: Acting):
    """R12: raising a shield needs one."""
    actor = acting.state.actors[acting.actor]
    shield = acting.rs.library.shield(actor.sheet.shield) if actor.sheet.shield else None
    if shield is None:
        raise RuleViolation(f"{actor.name} has no shield to raise (R12)",
                            "give it one (add ID ... --shield ITEM), or take another action")
    return shield


def _raise(acting: Acting) -> Done:
    """R12: the action gives the creature its shield's amount as an active shield."""
    shield = acting.plan
    actor = acting.state.actors[acting.actor]
    raised = ShieldRaised(actor.id, shield.id, actor.resource("shield"), shield.amount)
    return Done(acting.state.with_actor(actor.with_resource("shield", shield.amount)),
                (raised,), raised)


MOVE = Action("move", _move, prepare=_route, what="a move",
              cost=lambda acting: acting.rs.numbers.cost("move"))
SHIELD = Action("shield", _raise, prepare=_shield_of, what="raising a shield",
                phrase="raise a shield",
                cost=lambda acting: acting.rs.numbers.cost("shield"))
