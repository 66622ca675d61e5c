"""Who may act now and how it is paid for (P6, P11), and how a pool test changes the pool.

On its own turn an actor pays an action's cost in actions (P6). Outside its turn it may
act only with something it prepared (P11), which stands for one action, or with a
reaction ability (P12), which costs none. Either way the turn order settles afterwards.
"""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.engine import ending, resources
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.turns import name_of
from shaper_gm.rulesets.dicepool.events import PreparationUsed
from shaper_gm.rulesets.dicepool.models import Preparation
from shaper_gm.rulesets.dicepool.ruleset import ACTIONS, POOL, system
from shaper_gm.rulesets.dicepool.steps import PoolTest


def require_started(state: Encounter) -> None:
    ending.refuse_if_over(state)
    if state.round == 0 or state.turn is None:
        raise RuleViolation("the fight has not started: nobody has a turn yet (P5)",
                            "set the order with init, then type start")


def require_actor(state: Encounter, actor_id: str, role: str = "actor") -> Actor:
    actor = state.actors.get(actor_id)
    if actor is None:
        raise RuleViolation(f"no {role} {actor_id!r}",
                            f"actors: {', '.join(state.actors) or 'none yet'}")
    return actor


def require_able(state: Encounter, actor_id: str) -> Actor:
    """The fight is on and the actor is standing (P8)."""
    require_started(state)
    actor = require_actor(state, actor_id)
    if actor.down:
        raise RuleViolation(f"{actor.name} is down at 0 HP and cannot act (P8)",
                            "heal it first, or act with someone else")
    return actor


def reaction_refill(rs, actor: Actor, reaction: bool) -> int:
    """P4: CON dice added right after a roll made outside the actor's own turn."""
    if not reaction or not rs.numbers.reaction_refill:
        return 0
    return rs.stat(actor.sheet, rs.numbers.refill_stat)


def open_action(state: Encounter, rs, actor_id: str, action: str, cost: int, *,
                reaction_ability: bool = False) -> tuple[Encounter, list, bool]:
    """Pay for an action and begin it; returns the state, events and whether it is a
    reaction (taken outside the actor's turn)."""
    actor = require_able(state, actor_id)
    on_turn = state.controls_turn(actor_id)
    if reaction_ability:
        if on_turn:
            raise RuleViolation(f"{action} is a reaction (P12): it answers what someone else "
                                f"does, and it is {actor.name}'s own turn",
                                "use it when another actor's action sets it off")
        return state, [], True
    if on_turn:
        state, events = rs.turn_order.before_action(state, rs, actor_id)
        actor = state.actors[actor_id]
        values, payment = resources.pay(rs.resources, actor.resource_map(), {ACTIONS: cost},
                                        action=action, who=actor.name, on_turn=True)
        state = state.with_actor(actor.with_resources(values))
        return state, [*events, ev.ActionSpent(actor_id, action, payment.cost,
                                                payment.paid)], False
    prepared = [p for p in system(actor).prepared if p.kind == "action"]
    if not prepared:
        raise RuleViolation(f"it is {name_of(state, state.turn)}'s turn: {actor.name} may act "
                            "now only with an action it prepared (P11)",
                            f"prepare it on {actor.name}'s turn, or wait for that turn")
    if cost > 1:
        raise RuleViolation(f"{action} takes {cost} actions; a prepared action stands for one "
                            "(P11)", "take it on the actor's own turn")
    used = prepared[0]
    state = drop_preparation(state, actor_id, used)
    return state, [PreparationUsed(actor_id, used, during=action)], True


def close_action(state: Encounter, rs, actor_id: str) -> tuple[Encounter, list]:
    return rs.turn_order.after_action(state, rs, actor_id)


def drop_preparation(state: Encounter, actor_id: str, preparation: Preparation) -> Encounter:
    actor = state.actors[actor_id]
    held = system(actor)
    kept = list(held.prepared)
    kept.remove(preparation)
    return state.with_actor(actor.with_(system=replace(held, prepared=tuple(kept))))


def check_dice(actor: Actor, dice: int | None) -> int:
    """P3: a test rolls the whole pool, or the N dice of it the GM names."""
    pool = actor.resource(POOL)
    if dice is None:
        return pool
    if isinstance(dice, bool) or not isinstance(dice, int) or dice < 1:
        raise RuleViolation(f"--dice {dice!r}: roll at least one die (P3)",
                            "leave out --dice to roll the whole pool")
    if dice > pool:
        raise RuleViolation(f"{actor.name}'s pool has {pool} dice; it cannot roll {dice} (P3)",
                            f"roll {pool} or fewer, or leave out --dice")
    return dice


def settle_pool(state: Encounter, ctx: PoolTest) -> tuple[Encounter, list]:
    """Write a test's pool back to the actor, one event per ruling that changed it."""
    actor = state.actors[ctx.actor]
    events: list = []
    if ctx.pool_spent != ctx.pool_before:
        events.append(ev.ResourceChanged(ctx.actor, POOL, ctx.pool_before, ctx.pool_spent,
                                         "failure dice leave the pool (P3)"))
    if ctx.pool_after != ctx.pool_spent:
        events.append(ev.ResourceChanged(ctx.actor, POOL, ctx.pool_spent, ctx.pool_after,
                                         "rolled outside its turn: CON dice added (P4)"))
    values = actor.resource_map()
    values[POOL] = ctx.pool_after
    return state.with_actor(actor.with_resources(values)), events


def parse_cost(rs, cost: str | int) -> int:
    """`act`/`react` COST in dice-pool terms: `action`, or a number of actions (P6)."""
    text = str(cost).strip().lower()
    if text in ("action", "actions"):
        return 1
    if text.isdigit() and 1 <= int(text) <= rs.numbers.actions_per_turn:
        return int(text)
    raise RuleViolation(f"{cost!r} is not a dice-pool cost: an action is the only unit, and a "
                        f"turn has {rs.numbers.actions_per_turn} (P6)",
                        f"write action, or a number of actions up to "
                        f"{rs.numbers.actions_per_turn}")
