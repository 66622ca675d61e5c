"""Turn flow in a live encounter, for any ruleset: starting the fight, whose turn it is,
the one pipeline every action runs through (`perform`), ending turns and passing. The
ruleset's turn order decides who is up; its actions (`engine.actions`) say what they
cost and do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from shaper_gm.engine import ending, moments, resources
from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Acting, Action, Cost, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.request import Request
from shaper_gm.engine.resources import Refusal, ResourceSpec
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.engine.turns import can_take_turns, name_of
from shaper_gm.errors import GmError

if TYPE_CHECKING:
    from shaper_gm.engine.ruleset import Ruleset
    from shaper_gm.engine.steps import PlayTape, Tape


def start_fight(state: Encounter, rs: Ruleset) -> Change:
    if state.round:
        raise RuleViolation(f"the fight is already in round {state.round}",
                            "use end to pass the turn, or new for a new encounter")
    unplaced = [a.id for a in state.actors.values() if a.zone is None]
    if unplaced:
        raise RuleViolation(f"not on the battlefield yet: {', '.join(unplaced)}",
                            "place them first: place ID ZONE")
    return rs.turn_order.start(state, rs)


def end_turn(state: Encounter, rs: Ruleset, tape: PlayTape | None = None) -> Change:
    """`end`: the next turn begins; what the turn's end and the next's start bring roll
    on `tape` (the GM's faces given on `end`, `engine.moments`)."""
    with moments.rolling(tape):
        return rs.turn_order.end_turn(state, rs)


def pass_turn(state: Encounter, rs: Ruleset, actor_id: str,
              tape: PlayTape | None = None) -> Change:
    """`pass`: the acting actor (or one of those up) gives up the rest of its round.
    Another actor's pass is refused: it would throw away a turn it has not had."""
    check_started(state, rs, "passing")
    up = state.up or ((state.turn,) if state.turn else ())
    if actor_id not in up and not state.actors[actor_id].down:
        actor = state.actors[actor_id]
        acting = " or ".join(name_of(state, a) for a in up) or "nobody"
        if actor_id in state.passed:
            raise RuleViolation(f"{actor.name} has already passed this round; it is "
                                f"{acting}'s turn", "it acts again next round")
        raise RuleViolation(f"{actor.name} is not acting: it is {acting}'s turn"
                            f"{rs.cited('turn_rule')}, and a pass gives up a turn",
                            f"pass {up[0] if up else 'ID'}, or wait for {actor.name}'s turn")
    with moments.rolling(tape):
        return rs.turn_order.pass_turn(state, rs, actor_id)


def hand_on(state: Encounter, rs: Ruleset) -> Change:
    """An actor downed during its own turn cannot act: the turn moves on at once, as a
    pass would hand it on."""
    if state.over is not None or state.turn is None or state.round == 0:
        return state, []
    holder = state.actors.get(state.turn)
    if holder is not None and can_take_turns(holder):
        return state, []
    return rs.turn_order.hand_on(state, rs)


def check_started(state: Encounter, rs: Ruleset, what: str) -> None:
    if state.round == 0:
        raise RuleViolation(
            f"the fight has not started{rs.cited('turn_rule')}: {what} needs a turn",
            "type start to begin round 1")
    ending.refuse_if_over(state, what)


def check_able(state: Encounter, rs: Ruleset, actor_id: str, doing: str = "act") -> None:
    actor = state.actors[actor_id]
    if actor.down:
        raise RuleViolation(f"{actor.name} is {rs.down_word(actor)}{rs.cited('down_rule')} and "
                            f"cannot {doing}", "heal it first")


def require_turn(state: Encounter, rs: Ruleset, actor_id: str, what: str) -> None:
    """Actions are spent on the actor's own turn (or its summoner's); a down actor is
    told so first, as `perform` does."""
    check_started(state, rs, what)
    check_able(state, rs, actor_id)
    if not state.controls_turn(actor_id):
        actor = state.actors[actor_id]
        hint = f"it is {name_of(state, state.turn)}'s turn"
        if rs.term("off_turn_hint"):
            hint += f"; {rs.term('off_turn_hint')}"
        raise RuleViolation(f"it is not {actor.name}'s turn{rs.cited('turn_rule')}: actions "
                            "are spent only on your own turn", hint)


def affordable(state: Encounter, rs: Ruleset, actor_id: str, action: Action,
               request: Request | None = None) -> bool | None:
    """Whether the actor, on its own turn, could pay the action's cost now, as `perform`
    pays it (after the turn order's before-action, part by part); for a cost the request
    decides, the least its `price` says it costs (False: it surely cannot). None when
    that is not known before the action is prepared (an action off the actor's turn, a
    cost without a price, a request its price cannot read)."""
    if action.timing == "reaction" or state.round == 0 or state.over is not None or \
            not state.controls_turn(actor_id):
        return None
    cost = action.cost
    if callable(cost):
        if action.price is None or request is None:
            return None
        try:
            cost = action.price(state, rs, request)
        except (RuleViolation, GmError):
            return None
    try:
        state, _ = rs.turn_order.before_action(state, rs, actor_id)
    except RuleViolation:
        return None
    values: Mapping[str, int] | None = state.actors[actor_id].resource_map()
    for _, part in cost_parts(action.name, cost):
        values = resources.payable(rs.resources, values or {}, part, on_turn=True)
        if values is None:
            return False
    return True


def cost_parts(name: str, cost: Cost) -> list[tuple[str, Mapping[str, int]]]:
    """An action's cost as (what it pays for, cost) parts, each paid and shown on its
    own: one part named after the action, or the parts it names (an attack's action and
    each skill added to it)."""
    parts = cost if isinstance(cost, tuple) else ((name, cost),)
    return [(part_name, part) for part_name, part in parts if part]


def spend(state: Encounter, rs: Ruleset, actor_id: str, action: str, cost: Mapping[str, int], *,
          on_turn: bool, refuse: Refusal | None = None) -> Change:
    """Take `cost` off the actor's resources by the ruleset's payer rules (all or
    nothing), with no check of whose turn it is; a resource that runs short is refused
    in the ruleset's words (`refuse_payment`) if it has its own."""
    actor = state.actors[actor_id]
    if refuse is None:
        def refuse(spec: ResourceSpec, left: Mapping[str, int],
                   _cost: Mapping[str, int]) -> RuleViolation | None:
            return rs.refuse_payment(actor, spec, left)
    values, payment = resources.pay(rs.resources, actor.resource_map(), cost, action=action,
                                    who=actor.name, on_turn=on_turn, refuse=refuse)
    state = state.with_actor(actor.with_resources(values))
    return state, [ev.ActionSpent(actor_id, action, payment.cost, payment.paid)]


def perform(state: Encounter, rs: Ruleset, action: Action, request: Request,
            tape: Tape | None = None) -> Done:
    """Run one action: may the actor act now → prepare (every refusal) → the turn
    order's before-action → pay → resolve → the turn order's after-action (a
    reaction's, off-turn), and a reaction's for each actor who reacted inside it.
    Nothing is changed unless all of it goes through: a refusal at any point leaves
    `state` as it was."""
    actor_id = request.acting
    if state.round == 0:
        check_started(state, rs, action.doing)
    if not action.while_down:
        check_able(state, rs, actor_id, action.verb_phrase)
    if state.over is not None and action.after_fight:
        return _after_fight(state, rs, action, request, tape)
    on_turn = state.controls_turn(actor_id)
    if on_turn and action.timing == "reaction" and rs.reacts_on_turn:
        on_turn = False               # a reaction by the actor up gives it no turn either
    elif on_turn and action.timing == "reaction":
        actor = state.actors[actor_id]
        raise RuleViolation(f"{actor.name} cannot {action.verb_phrase} during its own "
                            f"turn{rs.cited('react_rule')}",
                            f"act {actor_id} {rs.term('act_example_cost') or 'COST'} TEXT "
                            "for an action on its turn")
    acting = Acting(state, rs, request, tape, reaction=not on_turn)
    if action.prepare is not None:
        acting = acting.with_plan(action.prepare(acting))
    events: list[ev.Event] = []
    cost = None
    if not on_turn and action.timing == "turn":
        admitted = rs.admit_off_turn(state, actor_id, action, request)
        if admitted is None:
            require_turn(state, rs, actor_id, action.doing)
        else:
            state, events, cost = admitted.state, list(admitted.events), admitted.cost
    ending.refuse_if_over(state, action.doing)
    if cost is None:
        cost = action.cost_of(acting)
    if on_turn:
        state, began = rs.turn_order.before_action(state, rs, actor_id)
        events += began
    spent: list[ev.Event] = []
    for name, part in cost_parts(action.name, cost):
        state, paid = spend(state, rs, actor_id, name, part, on_turn=on_turn)
        spent += paid
    done = action.resolve(acting.with_state(state))
    state, events = done.state, [*events, *spent, *done.events]
    if on_turn:
        state, after = rs.turn_order.after_action(state, rs, actor_id)
    else:
        state, after = rs.turn_order.after_reaction(state, rs, actor_id)
    events += after
    for other in dict.fromkeys(o for o in done.others if o != actor_id):
        state, after = rs.turn_order.after_reaction(state, rs, other)
        events += after
    return Done(state, tuple(events), done.outcome, done.others, done.logged)


def _after_fight(state: Encounter, rs: Ruleset, action: Action, request: Request,
                 tape: Tape | None) -> Done:
    """Once the fight is over no turn runs: an action its rules still allow then (tending
    the dying) is checked and resolved as it is, with no cost and no turn order."""
    acting = Acting(state, rs, request, tape)
    if action.prepare is not None:
        acting = acting.with_plan(action.prepare(acting))
    return action.resolve(acting)
