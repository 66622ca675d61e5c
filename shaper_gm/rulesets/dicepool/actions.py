"""The play verbs: one pure function each, `verb(state, rs, request, tape)` returning
`(state, events, outcome)`. Rules are checked first; a refusal changes nothing.

`attack` lives in attack.py; the rest are here: move (P10), prepare (P11), wield (a
generic action), ability (P12), act (skill or generic action, P6), react (a prepared
action outside one's turn, P11), end and pass.
"""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.steps import Note, PlayTape, play
from shaper_gm.records import record
from shaper_gm.rulesets.dicepool import flow, grid
from shaper_gm.rulesets.dicepool.attack import AttackRequest, attack
from shaper_gm.rulesets.dicepool.events import (
    AbilityUsed,
    Moved,
    Prepared,
    TestResolved,
    Wielded,
)
from shaper_gm.rulesets.dicepool.models import Ability, Preparation
from shaper_gm.rulesets.dicepool.outcomes import (
    MoveOutcome,
    PoolTestOutcome,
    PrepareOutcome,
    pool_test_outcome,
)
from shaper_gm.rulesets.dicepool.ruleset import POOL, system
from shaper_gm.rulesets.dicepool.steps import TEST_STEPS, PoolTest


@record
class MoveRequest:
    actor: str
    square: str


@record
class PrepareRequest:
    actor: str
    text: str                       # the declared condition
    against: str | None = None      # --against ATTACKER: a dodge (P11)
    weapon: str | None = None       # only that attacker's attacks with this weapon


@record
class WieldRequest:
    actor: str
    weapon: str


@record
class AbilityRequest:
    actor: str
    ability: str
    dt: int | None = None           # the DT the GM sets when the ability names none
    dice: int | None = None


@record
class ActRequest:
    """`act` and `react`: any other action, maybe a pool test (a skill, P6)."""

    actor: str
    cost: str | int
    text: str
    dt: int | None = None           # given: the action is a pool test against this DT
    dice: int | None = None


@record
class AbilityOutcome:
    actor: str
    ability: str
    test: PoolTestOutcome | None
    pool_before: int
    pool_after: int
    reaction: bool = False
    notes: tuple[Note, ...] = ()


@record
class ActOutcome:
    actor: str
    cost: int
    text: str
    test: PoolTestOutcome | None
    reaction: bool = False


# --- movement (P10) ---------------------------------------------------------------------

def move(state: Encounter, rs, request: MoveRequest, tape: PlayTape):
    actor = flow.require_able(state, request.actor)
    if actor.zone is None:
        raise RuleViolation(f"{actor.name} is not on the grid yet (P10)",
                            f"place {actor.id} on a square first")
    start = grid.parse_square(actor.zone, state.cols, state.rows)
    end = grid.parse_square(request.square, state.cols, state.rows)
    square = grid.square_name(*end)
    if end == start:
        raise RuleViolation(f"{actor.name} is already on {square} (P10)", "name another square")
    if rs.numbers.one_per_square:
        for other_id in state.standing_on(square) - {actor.id}:
            other = state.actors[other_id]
            raise RuleViolation(f"{other.name} stands on {square}: a square holds one "
                                "standing character (P10, one_per_square)",
                                "move to a square next to it")
    metres = grid.metres(rs.numbers, start, end)
    speed = rs.speed(actor)
    if metres > speed:
        raise RuleViolation(f"{square} is {metres} m from {actor.name}, who moves {speed} m "
                            "per movement action (P10; a diagonal step costs "
                            f"{rs.numbers.diagonal_m} m)",
                            "move part of the way, and again with the next action")
    state, events, _ = flow.open_action(state, rs, actor.id, "move", rs.numbers.cost("move"))
    tape.note("distance (m)", metres, "P10")
    tape.note("speed (m)", speed, "P10")
    state = state.with_actor(state.actors[actor.id].with_(zone=square))
    outcome = MoveOutcome(actor.id, actor.zone, square, metres, speed, tuple(tape.notes))
    events.append(Moved(actor.id, actor.zone, square, metres, speed))
    state, settled = flow.close_action(state, rs, actor.id)
    return state, events + settled, outcome


# --- prepare (P11) ------------------------------------------------------------------------

def prepare(state: Encounter, rs, request: PrepareRequest, tape: PlayTape):
    actor = flow.require_able(state, request.actor)
    if not state.controls_turn(actor.id):
        raise RuleViolation(f"{actor.name} prepares on its own turn: Prepare is one of its "
                            "actions (P6, P11)", "wait for its turn")
    if not request.text.strip():
        raise RuleViolation("a preparation declares its condition (P11)",
                            'e.g. prepare "if Barry attacks me with his halberd, I dodge"')
    if request.against is not None:
        other = flow.require_actor(state, request.against, "attacker")
        if other.id == actor.id:
            raise RuleViolation(f"{actor.name} cannot prepare against itself (P11)",
                                "name the attacker it expects")
        if request.weapon is not None and request.weapon not in other.sheet.weapons:
            raise RuleViolation(f"{other.name} carries no {request.weapon!r} (P11)",
                                f"it carries: {', '.join(other.sheet.weapons) or 'nothing'}")
    elif request.weapon is not None:
        raise RuleViolation("a weapon narrows a dodge against one attacker (P11)",
                            "add --against ATTACKER, or leave out the weapon")
    state, events, _ = flow.open_action(state, rs, actor.id, "prepare",
                                        rs.numbers.cost("prepare"))
    kind = "dodge" if request.against is not None else "action"
    prep = Preparation(kind, request.text.strip(), request.against, request.weapon)
    bonus = rs.dodge_bonus(actor) if kind == "dodge" else 0
    if kind == "dodge":
        tape.note(f"extra AC against {state.actors[request.against].name}: half DEX", bonus,
                  "P11")
    held = system(state.actors[actor.id])
    state = state.with_actor(state.actors[actor.id].with_(
        system=replace(held, prepared=(*held.prepared, prep))))
    events.append(Prepared(actor.id, prep))
    state, settled = flow.close_action(state, rs, actor.id)
    return state, events + settled, PrepareOutcome(actor.id, prep, bonus, tuple(tape.notes))


# --- wield (a generic action, P6) ---------------------------------------------------------

def wield(state: Encounter, rs, request: WieldRequest, tape: PlayTape):
    actor = flow.require_able(state, request.actor)
    if request.weapon not in actor.sheet.weapons:
        raise RuleViolation(f"{actor.name} carries no {request.weapon!r} (P6)",
                            f"it carries: {', '.join(actor.sheet.weapons) or 'nothing'}")
    held = system(actor)
    if held.holding == request.weapon:
        raise RuleViolation(f"{actor.name} already holds the {request.weapon} (P6)",
                            "attack with it")
    state, events, _ = flow.open_action(state, rs, actor.id, "wield", rs.numbers.cost("wield"))
    actor = state.actors[actor.id]
    state = state.with_actor(actor.with_(system=replace(system(actor),
                                                        holding=request.weapon)))
    events.append(Wielded(actor.id, held.holding, request.weapon))
    state, settled = flow.close_action(state, rs, actor.id)
    return state, events + settled, None


# --- pool tests: abilities, skills, reactions ----------------------------------------------

def _test(state: Encounter, rs, actor: Actor, what: str, dt: int, dice: int | None,
          discard: int, reaction: bool, tape: PlayTape) -> tuple[Encounter, list,
                                                                  PoolTestOutcome]:
    ctx = PoolTest(actor=actor.id, count=flow.check_dice(actor, dice), sides=rs.numbers.pool_die,
                   success_on=rs.numbers.success_on, pool_before=actor.resource(POOL), dt=dt,
                   discard=discard, refill=flow.reaction_refill(rs, actor, reaction),
                   pool_cap=rs.numbers.pool_max)
    tape.note("DT", dt, "P3")
    ctx = play(TEST_STEPS, ctx, tape)
    state, events = flow.settle_pool(state, ctx)
    return state, events, pool_test_outcome(ctx, what, tape.notes, reaction)


def _check_dt(dt: int | None, what: str) -> int:
    if dt is None:
        raise RuleViolation(f"{what} is a test and needs a DT (P3, P12)",
                            "give the DT the GM sets, e.g. --dt 2")
    if isinstance(dt, bool) or not isinstance(dt, int) or dt < 0:
        raise RuleViolation(f"DT {dt!r} must be a whole number, 0 or more", "e.g. --dt 2")
    return dt


def _ability(rs, actor: Actor, ability_id: str) -> Ability:
    ability = rs.library.abilities.get(ability_id)
    if ability is None or ability_id not in actor.sheet.abilities:
        raise RuleViolation(f"{actor.name} has no ability {ability_id!r} (P12)",
                            f"its abilities: {', '.join(actor.sheet.abilities) or 'none'}")
    if ability.kind == "passive":
        raise RuleViolation(f"{ability.name} is passive: always on, never used (P12)",
                            "its effect is already in the sheet's numbers")
    if ability.attack:
        raise RuleViolation(f"{ability.name} augments a basic attack (P12)",
                            f"attack TARGET --ability {ability_id}")
    return ability


def use_ability(state: Encounter, rs, request: AbilityRequest, tape: PlayTape):
    actor = flow.require_able(state, request.actor)
    ability = _ability(rs, actor, request.ability)
    dt = _check_dt(request.dt if request.dt is not None else ability.dt, ability.name) \
        if ability.test else None
    if not ability.test and (request.dice is not None or request.dt is not None):
        raise RuleViolation(f"{ability.name} rolls no dice, so it takes no DT or --dice (P12)",
                            "leave them out")
    state, events, reaction = flow.open_action(
        state, rs, actor.id, ability.name, ability.cost,
        reaction_ability=ability.kind == "reaction")
    actor = state.actors[actor.id]
    before = actor.resource(POOL)
    test = None
    if ability.test:
        state, pooled, test = _test(state, rs, actor, ability.name, dt, request.dice,
                                    ability.discard, reaction, tape)
        events += [TestResolved(actor.id, test, action=ability.name), *pooled]
    else:
        left = max(0, before - ability.discard)
        events.append(AbilityUsed(actor.id, ability.id, ability.name, before - left))
        if ability.discard:
            tape.note("dice discarded by the ability", left - before, "P12")
            values = actor.resource_map()
            values[POOL] = left
            state = state.with_actor(actor.with_resources(values))
            events.append(ev.ResourceChanged(actor.id, POOL, before, left,
                                             f"{ability.name} discards dice", "P12"))
    outcome = AbilityOutcome(actor.id, ability.id, test, before,
                             state.actors[actor.id].resource(POOL), reaction, tuple(tape.notes))
    state, settled = flow.close_action(state, rs, actor.id)
    return state, events + settled, outcome


def act(state: Encounter, rs, request: ActRequest, tape: PlayTape):
    """`act ACTOR action TEXT`: a skill or generic action (P6), a pool test if a DT is given."""
    return _other_action(state, rs, request, tape, reaction=False)


def react(state: Encounter, rs, request: ActRequest, tape: PlayTape):
    """`react ACTOR action TEXT`: a prepared action taken outside the actor's turn (P11);
    a roll it makes adds the CON dice right after (P4)."""
    return _other_action(state, rs, request, tape, reaction=True)


def _other_action(state: Encounter, rs, request: ActRequest, tape: PlayTape, *,
                  reaction: bool):
    actor = flow.require_able(state, request.actor)
    on_turn = state.controls_turn(actor.id)
    if reaction and on_turn:
        raise RuleViolation(f"it is {actor.name}'s own turn: a reaction happens on someone "
                            "else's (P11)", f"act {actor.id} action TEXT")
    if not reaction and not on_turn:
        raise RuleViolation(f"{actor.name} acts outside its turn only as a reaction (P11)",
                            f"react {actor.id} action TEXT, with an action it prepared")
    cost = flow.parse_cost(rs, request.cost)
    dt = _check_dt(request.dt, "this action") if request.dt is not None else None
    if dt is None and request.dice is not None:
        raise RuleViolation("--dice picks the dice of a test; this action has no DT (P3)",
                            "add --dt N to make it a test, or drop --dice")
    what = request.text.strip() or "action"
    state, events, reacting = flow.open_action(state, rs, actor.id, what, cost)
    events.append(ev.Said(actor.id, "react" if reacting else "act", what))
    test = None
    if dt is not None:
        state, pooled, test = _test(state, rs, state.actors[actor.id], what, dt, request.dice,
                                    0, reacting, tape)
        events += [TestResolved(actor.id, test), *pooled]
    state, settled = flow.close_action(state, rs, actor.id)
    return state, events + settled, ActOutcome(actor.id, cost, what, test, reacting)


# --- the turn ---------------------------------------------------------------------------

def end(state: Encounter, rs, request=None, tape: PlayTape | None = None):
    """`end`: the acting actor's turn ends; its pool grows by CON (P4)."""
    flow.require_started(state)
    state, events = rs.turn_order.end_turn(state, rs)
    return state, events, None


def pass_turn(state: Encounter, rs, actor_id: str, tape: PlayTape | None = None):
    """`pass [ACTOR]`: the actor gives up what it has left this round (its actions)."""
    flow.require_started(state)
    flow.require_actor(state, actor_id)
    state, events = rs.turn_order.pass_turn(state, rs, actor_id)
    return state, events, None


__all__ = ["AbilityOutcome", "AbilityRequest", "ActOutcome", "ActRequest", "AttackRequest",
           "MoveRequest", "PrepareRequest", "WieldRequest", "act", "attack", "end", "move",
           "pass_turn", "prepare", "react", "use_ability", "wield"]
