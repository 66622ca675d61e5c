"""The frame of every action: may this creature act now, can it pay, and who is up after.

A creature acts on its turn when it is up (D3, D4), or off-turn as a reaction: `react`
and grab a ledge always are (D8, D29), and an action it readied is one until the round
ends (D9). It pays the AP first (D2); a turn action begins its turn and ends it after,
a reaction only lets the order settle (D8).
"""

from __future__ import annotations

from shaper_gm.engine import ending, resources
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.turns import name_of
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.events import ReadiedCleared
from shaper_gm.rulesets.dungeoneers.outcomes import Cost
from shaper_gm.rulesets.dungeoneers.state import actor_of, data_of, with_data

Step = tuple[Encounter, list]


@record
class Begun:
    state: Encounter
    events: list
    actor: Actor                  # as it is after paying
    cost: Cost


def started(state: Encounter) -> None:
    ending.refuse_if_over(state)
    if state.round < 1 or state.turn is None:
        raise RuleViolation("the fight has not started: nobody has AP to spend yet (D1)",
                            "add the creatures, then type start")


def able(actor: Actor, doing: str) -> None:
    if actor.down:
        raise RuleViolation(f"{actor.name} is down and cannot {doing} (D19)",
                            "heal its wounds first, or act with another creature")


def begin(state: Encounter, rs, actor_id: str | None, action: str, ap: int, *,
          reaction: bool = False) -> Begun:
    """Check that the creature may take `action` now and pay `ap` for it."""
    started(state)
    actor = actor_of(state, actor_id)
    able(actor, "act or react" if reaction else "act")
    readied = data_of(actor).readied
    if not reaction and actor.id not in (state.up or ()):
        if readied != action:
            raise RuleViolation(
                f"it is not {actor.name}'s turn: {_who_is_up(state)} (D3)",
                f"act with {' or '.join(name_of(state, a) for a in state.up)}, or ready the "
                f"action on {actor.name}'s turn to take it as a reaction (D9)")
        reaction = True
    have = actor.resource("ap")
    if reaction and have == 0:
        raise RuleViolation(f"{actor.name} has 0 AP left and cannot react (D8)",
                            "only a creature with AP left may react this round")
    if ap > have:
        raise RuleViolation(f"{action} costs {ap} AP; {actor.name} has {have} left (D2)",
                            f"choose an action costing {have} AP or less, or pass (D7)")
    events: list = []
    if not reaction:
        state, events = rs.turn_order.before_action(state, rs, actor.id)
    actor = state.actors[actor.id]
    values, payment = resources.pay(rs.resources, actor.resource_map(), {"ap": ap},
                                    action=action, who=actor.name,
                                    on_turn=state.controls_turn(actor.id))
    actor = actor.with_resources(values)
    events.append(ev.ActionSpent(actor.id, action, payment.cost, payment.paid))
    if reaction and readied == action and not _always_reaction(action):
        actor = with_data(actor, readied=None)
        events.append(ReadiedCleared(actor.id, action, "taken as a reaction (D9)"))
    state = state.with_actor(actor)
    return Begun(state, events, actor, Cost(action, ap, values["ap"], reaction))


def _always_reaction(action: str) -> bool:
    return action in ("react", "grab-ledge")


def finish(state: Encounter, rs, actor_id: str, cost: Cost) -> Step:
    """After the action: a turn ends (D2) and the order settles (D3-D6)."""
    if cost.reaction:
        return rs.turn_order.after_reaction(state, rs, actor_id)
    return rs.turn_order.after_action(state, rs, actor_id)


def _who_is_up(state: Encounter) -> str:
    names = [name_of(state, a) for a in state.up]
    if len(names) == 1:
        return f"{names[0]} is up"
    return f"{', '.join(names[:-1])} and {names[-1]} are up"


def action_cost(rs, action: str) -> int:
    return rs.numbers.cost(action)
