"""Turn flow in a live encounter: starting the fight, whose turn it is, paying for
actions, ending turns and passing, for any ruleset (its turn order decides who is up)."""

from __future__ import annotations

from collections.abc import Mapping

from shaper_gm.engine import ending, resources
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.turns import name_of

Step = tuple[Encounter, list]


def start_fight(state: Encounter, rs) -> Step:
    if state.round:
        raise RuleViolation(f"the fight is already in round {state.round}",
                            "use end to pass the turn, or new for a new encounter")
    unplaced = [a.id for a in state.actors.values() if a.zone is None]
    if unplaced:
        raise RuleViolation(f"not on the battlefield yet: {', '.join(unplaced)}",
                            "place them first: place ID ZONE")
    return rs.turn_order.start(state, rs)


def end_turn(state: Encounter, rs) -> Step:
    return rs.turn_order.end_turn(state, rs)


def pass_turn(state: Encounter, rs, actor_id: str) -> Step:
    check_started(state, rs, "passing")
    return rs.turn_order.pass_turn(state, rs, actor_id)


def check_started(state: Encounter, rs, what: str) -> None:
    if state.round == 0:
        raise RuleViolation(
            f"the fight has not started: {what} needs a turn{rs.cited('turn_rule')}",
            "type start to begin round 1")
    ending.refuse_if_over(state, what)


def check_able(state: Encounter, rs, actor_id: str) -> None:
    actor = state.actors[actor_id]
    if actor.down:
        raise RuleViolation(f"{actor.name} is {rs.term('down')}{rs.cited('down_rule')} and "
                            "cannot act", "heal it first")


def require_turn(state: Encounter, rs, actor_id: str, what: str) -> None:
    """Actions are spent on the actor's own turn (or its summoner's)."""
    check_started(state, rs, what)
    if not state.controls_turn(actor_id):
        actor = state.actors[actor_id]
        hint = f"it is {name_of(state, state.turn)}'s turn"
        if rs.term("off_turn_hint"):
            hint += f"; {rs.term('off_turn_hint')}"
        raise RuleViolation(f"it is not {actor.name}'s turn{rs.cited('turn_rule')}: actions "
                            "are spent only on your own turn", hint)


def pay(state: Encounter, rs, actor_id: str, action: str, cost: Mapping[str, int], *,
        refuse=None) -> Step:
    """Spend `cost` from the actor's resources (all or nothing). Off its turn, only
    resources its ruleset lets it spend off-turn may pay."""
    check_started(state, rs, action)
    check_able(state, rs, actor_id)
    actor = state.actors[actor_id]
    on_turn = state.controls_turn(actor_id)
    if not on_turn and not all(_off_turn(rs, name) for name in cost):
        require_turn(state, rs, actor_id, action)
    values, payment = resources.pay(rs.resources, actor.resource_map(), cost, action=action,
                                    who=actor.name, on_turn=on_turn, refuse=refuse)
    state = state.with_actor(actor.with_resources(values))
    return state, [ev.ActionSpent(actor_id, action, payment.cost, payment.paid)]


def _off_turn(rs, name: str) -> bool:
    spec = rs.resource_spec(name)
    return spec is not None and spec.off_turn


def acted(state: Encounter, rs, actor_id: str) -> Step:
    """After a play action: the turn order settles (a one-action turn ends, a spent
    budget ends the turn, who is up next is worked out)."""
    return rs.turn_order.after_action(state, rs, actor_id)


def acting(state: Encounter, rs, actor_id: str) -> Step:
    """Before a play action: the turn of whoever acts may begin now."""
    return rs.turn_order.before_action(state, rs, actor_id)
