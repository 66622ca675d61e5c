"""The play verbs besides `attack`: move, shield, act, react, pass, end (R10-R12).

Each is ``verb(state, rs, request, tape) -> (state, events, outcome)``; none of them
rolls, so `tape` is there only to keep one shape for every verb.
"""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine import resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.records import record
from shaper_gm.rulesets.reactions import grid
from shaper_gm.rulesets.reactions.attack import AttackOutcome, AttackRequest, attack
from shaper_gm.rulesets.reactions.events import Moved, ReactionTaken, ShieldRaised


@record
class MoveRequest:
    actor: str
    tile: str


@record
class ShieldRequest:
    actor: str


@record
class ActRequest:
    actor: str
    cost: str                    # what it spends: action or move (R10)
    text: str


@record
class ReactRequest:
    actor: str
    cost: int                    # reactions spent (R11)
    text: str


@record
class PassRequest:
    actor: str


def _able(state: Encounter, rs, actor_id: str, what: str):
    actor = rs.actor_of(state, actor_id)
    if actor.down:
        raise RuleViolation(f"{actor.name} is down (R8) and cannot {what}", "heal it first")
    if state.round == 0:
        raise RuleViolation("the fight has not started (R10)", "type start first")
    return actor


def _spend(state: Encounter, rs, actor_id: str, action: str, cost: dict[str, int],
           label: str | None = None):
    """Pay `cost` for a turn action (R10) and let the turn order know; `label` names
    the spend when it is not the action (what `act` says was done)."""
    state, events = rs.turn_order.before_action(state, rs, actor_id)
    actor = state.actors[actor_id]
    values, payment = resources.pay(rs.resources, actor.resource_map(), cost, action=action,
                                    who=actor.name, on_turn=state.controls_turn(actor_id))
    state = state.with_actor(actor.with_resources(values))
    return state, [*events, ev.ActionSpent(actor_id, label or action, payment.cost,
                                           payment.paid)]


def move(state: Encounter, rs, request: MoveRequest, tape=None):
    """R10: one move a turn, to a free tile up to the creature's speed in metres away
    (a diagonal step counts as one tile)."""
    actor = _able(state, rs, request.actor, "move")
    here = grid.tile_of(state, actor.id)
    tile = grid.parse_tile(request.tile, state.cols, state.rows)
    name = grid.tile_name(tile)
    if tile == here:
        raise RuleViolation(f"{actor.name} is already on {name}", "name another tile")
    if grid.taken(state, tile, but=[actor.id]):
        raise RuleViolation(f"{name} is taken (R10)", "move to a free tile")
    metres = grid.steps_between(here, tile) * rs.numbers.metres_per_tile
    speed = rs.number(actor, "speed")
    if metres > speed:
        raise RuleViolation(f"{name} is {metres} m away; {actor.name} moves up to {speed} m "
                            "(R10)", "move to a nearer tile")
    state, events = _spend(state, rs, actor.id, "move", rs.numbers.cost("move"))
    state = state.with_actor(state.actors[actor.id].with_(zone=name))
    moved = Moved(actor.id, grid.tile_name(here), name, metres, "move (R10)")
    state, settled = rs.turn_order.after_action(state, rs, actor.id)
    return state, [*events, moved, *settled], moved


def raise_shield(state: Encounter, rs, request: ShieldRequest, tape=None):
    """R12: an action that gives the creature its shield's amount as an active shield."""
    actor = _able(state, rs, request.actor, "raise a shield")
    shield = rs.library.shield(actor.sheet.shield) if actor.sheet.shield else None
    if shield is None:
        raise RuleViolation(f"{actor.name} has no shield to raise (R12)",
                            "give it one (add ID ... --shield ITEM), or take another action")
    state, events = _spend(state, rs, actor.id, "shield", rs.numbers.cost("shield"))
    actor = state.actors[actor.id]
    before = actor.resource("shield")
    values = actor.resource_map()
    values["shield"] = shield.amount
    state = state.with_actor(actor.with_resources(values))
    raised = ShieldRaised(actor.id, shield.id, before, shield.amount)
    state, settled = rs.turn_order.after_action(state, rs, actor.id)
    return state, [*events, raised, *settled], raised


def act(state: Encounter, rs, request: ActRequest, tape=None):
    """`act ACTOR action TEXT`: any other action, paid from the turn's action (or move)."""
    actor = _able(state, rs, request.actor, "act")
    spendable = [s.name for s in rs.resources if not s.off_turn and s.max]
    if request.cost not in spendable:
        raise RuleViolation(f"act costs one of {', '.join(spendable)} here, not "
                            f"{request.cost!r} (R10)",
                            f"act {actor.id} action TEXT; off-turn: react {actor.id} N TEXT")
    state, events = _spend(state, rs, actor.id, "act", {request.cost: 1},
                           request.text or request.cost)
    said = ev.Said(actor.id, request.cost, request.text)
    state, settled = rs.turn_order.after_action(state, rs, actor.id)
    return state, [*events, said, *settled], said


def react(state: Encounter, rs, request: ReactRequest, tape=None):
    """`react ACTOR N TEXT`: a reaction outside the creature's own turn, paying N
    reactions (R11)."""
    actor = _able(state, rs, request.actor, "react")
    if state.controls_turn(actor.id):
        raise RuleViolation(f"{actor.name} cannot react during its own turn (R11)",
                            f"act {actor.id} action TEXT")
    if request.cost < 1:
        raise RuleViolation(f"a reaction costs at least 1 reaction, not {request.cost} (R11)",
                            f"react {actor.id} 1 TEXT")
    before = actor.resource("reactions")
    values, _ = resources.pay(rs.resources, actor.resource_map(),
                              {"reactions": request.cost}, action="react", who=actor.name,
                              on_turn=False)
    state = state.with_actor(actor.with_resources(values))
    reacted = ReactionTaken(actor.id, request.text, request.cost, before, values["reactions"])
    state, settled = rs.turn_order.after_reaction(state, rs, actor.id)
    return state, [reacted, *settled], reacted


def pass_(state: Encounter, rs, request: PassRequest, tape=None):
    """`pass ACTOR`: it gives up its move, action and reactions for the rest of the round
    (the contract's pass), ending its turn if it is up."""
    actor = _able(state, rs, request.actor, "pass")
    state, events = rs.turn_order.pass_turn(state, rs, actor.id)
    return state, events, None


def end(state: Encounter, rs, request=None, tape=None):
    """`end`: the acting creature's turn ends; what it did not use lapses (R10)."""
    state, events = rs.turn_order.end_turn(state, rs)
    return state, events, None


__all__ = ["ActRequest", "AttackOutcome", "AttackRequest", "MoveRequest", "PassRequest",
           "ReactRequest", "ShieldRequest", "act", "attack", "end", "move", "pass_",
           "raise_shield", "react"]
