"""The maneuvers besides `attack` (T7, T11, T14, T17): move, tend, draw. `act` and `react`
are the engine's (`engine.common`), priced in TS by the ruleset; `end` and `pass` are
the turn order's."""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.engine import grid, speeds
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.gear import drawable
from shaper_gm.engine.moves import moved
from shaper_gm.rulesets.timeslice import harm
from shaper_gm.rulesets.timeslice.events import Moved, Tended, WeaponDrawn
from shaper_gm.rulesets.timeslice.models import DYING


def _route(acting: Acting) -> Moved:
    """T17: to a unit of the grid, one move maneuver per `move_units` units (T7), or
    per its speed in the movement mode `--speed` names (a flier passes over anyone)."""
    state, rs = acting.state, acting.rs
    actor = state.actors[acting.actor]
    if actor.zone is None:
        raise RuleViolation(f"{actor.name} is not on the grid yet (T17)",
                            f"place {actor.id} on a unit first")
    mode, per = speeds.chosen(actor.name, rs.speeds(actor.sheet), acting.request.get("speed"),
                              "T17")
    unit = grid.cell_name(rs.cell(state, acting.request.arg("zone")))
    units = rs.distance(actor.zone, unit)
    if units == 0:
        raise RuleViolation(f"{actor.name} is already at {unit} (T17)", "name another unit")
    return Moved(actor.id, actor.zone, unit, units, rs.moves(units, per),
                 "" if mode == speeds.GROUND else mode, speeds.verb(mode))


def _move(acting: Acting) -> Done:
    done = moved(acting, acting.plan, acting.plan.to)
    actor = done.state.actors[acting.actor]
    flying = speeds.above(acting.plan.mode)
    if harm.info(actor).flying == flying:
        return done
    actor = actor.with_(system=harm.info(actor).with_(flying=flying))
    return replace(done, state=done.state.with_actor(actor))


def _tending(acting: Acting) -> None:
    """T14: a medical kit, a dying target, within reach."""
    state, rs = acting.state, acting.rs
    actor, target = state.actors[acting.actor], rs.actor_of(state, acting.request.target)
    kit = rs.numbers.tend_kit
    if kit not in actor.sheet.gear:
        raise RuleViolation(f"{actor.name} has no {kit} to tend with (T14)",
                            "tend with someone who carries one")
    if harm.info(target).condition != DYING:
        raise RuleViolation(f"{target.name} is not dying (T14)",
                            "tend only stops the dying timer; heal restores HP")
    reach = rs.units(state, actor.id, target.id)
    if reach is not None and reach > rs.numbers.tend_reach:
        raise RuleViolation(f"{target.name} is {reach} units away; tending reaches "
                            f"{rs.numbers.tend_reach} (T14, T17)", f"move {actor.id} closer")


def _tend(acting: Acting) -> Done:
    """T14: a dying character stops dying (0 HP, unconscious)."""
    actor, target = acting.actor, acting.request.target
    name = acting.state.actors[actor].name
    state, done = harm.stop_dying(acting.state, target, f"tended by {name} (T14)")
    return Done(state, (Tended(actor, target), *done), done[0])


def _drawing(acting: Acting) -> WeaponDrawn:
    """T7: a carried weapon into the hands; a dropped one is picked up (T11)."""
    actor = acting.state.actors[acting.actor]
    weapon = acting.rs.weapon(acting.request.arg("item"))
    drawable(actor.name, weapon.id, actor.sheet.weapons, harm.info(actor).held == weapon.id,
             shown=weapon.name)
    return WeaponDrawn(actor.id, weapon.id, weapon.id in harm.info(actor).dropped)


def _draw(acting: Acting) -> Done:
    drawn: WeaponDrawn = acting.plan
    actor = acting.state.actors[drawn.actor]
    data = harm.info(actor)
    dropped = tuple(w for w in data.dropped if w != drawn.weapon)
    actor = actor.with_(system=data.with_(held=drawn.weapon, dropped=dropped))
    return Done(acting.state.with_actor(actor), (drawn,), drawn)


MOVE = Action("move", _move, prepare=_route, what="a move",
              cost=lambda acting: {"ts": acting.plan.moves * acting.rs.numbers.cost("move")})
TEND = Action("tend", _tend, prepare=_tending, after_fight=True,
              cost=lambda acting: {"ts": acting.rs.numbers.cost("tend")})
DRAW = Action("draw", _draw, prepare=_drawing, what="drawing a weapon", phrase="draw",
              cost=lambda acting: {"ts": acting.rs.numbers.cost(
                  "pick_up" if acting.plan.picked_up else "draw")})
