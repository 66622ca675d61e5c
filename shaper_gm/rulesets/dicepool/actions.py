"""The dice-pool actions besides the attack (attack.py): move (P10), prepare (P11), wield
(P6), ability (P12), act (P6) and react (P11), each declared for the engine's pipeline
(`engine.play.perform`): `prepare` makes every refusal, `resolve` the effect on the
paid state.

Off its turn an actor acts only with an action it prepared, which stands for one action
and is used up (P11: `admit`, and `react` for a prepared action named by its text), or
with a reaction ability, which costs none (P12). A pool test rolled off its turn adds
the CON dice right after (P4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.engine import common, grid
from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Acting, Action, Admission, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.gear import carried, drawable
from shaper_gm.engine.moves import moved
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.engine.steps import play
from shaper_gm.engine.turns import name_of
from shaper_gm.records import record
from shaper_gm.rulesets.dicepool.actors import actor_named
from shaper_gm.rulesets.dicepool.events import (
    AbilityUsed,
    Moved,
    PreparationUsed,
    Prepared,
    TestResolved,
    Wielded,
)
from shaper_gm.rulesets.dicepool.models import (
    ACTIONS,
    POOL,
    REACTIONS,
    Preparation,
    system,
    with_prepared,
)
from shaper_gm.rulesets.dicepool.steps import SLOT_POOL, TEST_STEPS, PoolTest


@record
class PrepareOutcome:
    actor: str
    preparation: Preparation
    bonus: int                    # the extra AC a dodge would give now (P11)


@record
class AbilityOutcome:
    actor: str
    ability: str
    test: PoolTest | None
    pool_before: int
    pool_after: int
    reaction: bool = False


@record
class ActOutcome:
    actor: str
    cost: int                     # in actions (P6)
    text: str
    test: PoolTest | None
    reaction: bool = False


# --- preparations (P11) and reaction abilities (P12) -------------------------------------

def prepared_action(state: Encounter, actor_id: str, cost: int, text: str | None,
                    what: str) -> Preparation:
    """The action the actor prepared that `text` names (the one sharing the most words
    with it; the first without text). It stands for one action (P11)."""
    actor = state.actors[actor_id]
    ready = [p for p in system(actor).prepared if p.kind == "action"]
    if not ready:
        raise RuleViolation(f"it is {name_of(state, state.turn)}'s turn: {actor.name} may act "
                            "now only with an action it prepared (P11)",
                            f"prepare it on {actor.name}'s turn, or wait for that turn")
    if cost > 1:
        raise RuleViolation(f"{what} takes {cost} actions; a prepared action stands for one "
                            "(P11)", "take it on the actor's own turn")
    words = set((text or "").lower().split())
    return max(ready, key=lambda p: len(words & set(p.text.lower().split())))


def use_preparation(state: Encounter, actor_id: str, used: Preparation, during: str,
                    bonus: int = 0) -> Change:
    """P11: a preparation that came true is used up."""
    actor = state.actors[actor_id]
    kept = list(system(actor).prepared)
    kept.remove(used)
    event = PreparationUsed(actor_id, used, during, bonus)
    return state.with_actor(with_prepared(actor, kept)), [event]


def is_reaction_ability(rs, request) -> bool:
    ability = rs.library.abilities.get(request.arg("ability"))
    return request.verb == "ability" and ability is not None and ability.kind == "reaction"


def admit(state: Encounter, rs, actor_id: str, action: Action, request) -> Admission:
    """An action off the actor's turn (`rs.admit_off_turn`): a reaction ability for one
    of the reactions it has between its turns (P12); anything else as the action it
    prepared, used up in its place (P11)."""
    if is_reaction_ability(rs, request):
        return Admission(state, cost={REACTIONS: 1})
    cost = dict(action.cost_of(Acting(state, rs, request))).get(ACTIONS, 0)
    text = request.arg("text")
    used = prepared_action(state, actor_id, cost, text, action.name)
    state, events = use_preparation(state, actor_id, used, text or action.name)
    return Admission(state, tuple(events), cost={})


# --- pool tests (P1, P3, P4) --------------------------------------------------------------

def dice_to_roll(actor: Actor, dice: int | None, tape=None) -> int:
    """P3: a test rolls the whole pool, or the N dice of it the GM names; faces given
    for an empty pool are a mistake."""
    pool = actor.resource(POOL)
    if dice is not None and (isinstance(dice, bool) or not isinstance(dice, int) or dice < 1):
        raise RuleViolation(f"--dice {dice!r}: roll at least one die (P3)",
                            "leave out --dice to roll the whole pool")
    if dice is not None and dice > pool:
        raise RuleViolation(f"{actor.name}'s pool has {pool} dice; it cannot roll {dice} (P3)",
                            f"roll {pool} or fewer, or leave out --dice")
    count = pool if dice is None else dice
    if count == 0 and tape is not None and tape.given(SLOT_POOL):
        raise RuleViolation("the pool is empty: this roll has no dice to take faces (P3)",
                            "drop --roll")
    return count


def pool_fields(rs, actor: Actor, dice: int | None, reaction: bool, tape=None) -> dict:
    """What every roll of the pool starts from; off the actor's turn the CON dice come
    back right after it (P4)."""
    numbers = rs.numbers
    refill = rs.stat(actor.sheet, numbers.refill_stat) \
        if reaction and numbers.reaction_refill else 0
    return dict(actor=actor.id, count=dice_to_roll(actor, dice, tape), sides=numbers.pool_die,
                success_on=numbers.success_on, pool_before=actor.resource(POOL),
                refill=refill, pool_cap=numbers.pool_max, reaction=reaction)


def checked_dt(dt, what: str) -> int:
    if dt is None:
        raise RuleViolation(f"{what} is a test and needs a DT (P3, P12)",
                            "give the DT the GM sets, e.g. --dt 2")
    if isinstance(dt, bool) or not isinstance(dt, int) or dt < 0:
        raise RuleViolation(f"DT {dt!r} must be a whole number, 0 or more", "e.g. --dt 2")
    return dt


def settle_pool(state: Encounter, ctx: PoolTest) -> Change:
    """Write a roll's pool back to the actor, one event per ruling that changed it."""
    actor = state.actors[ctx.actor]
    events: list = []
    if ctx.pool_spent != ctx.pool_before:
        events.append(ev.ResourceChanged(ctx.actor, POOL, ctx.pool_before, ctx.pool_spent,
                                         "failure dice leave the pool (P3)"))
    if ctx.pool_after != ctx.pool_spent:
        events.append(ev.ResourceChanged(ctx.actor, POOL, ctx.pool_spent, ctx.pool_after,
                                         "rolled outside its turn: CON dice added (P4)"))
    state = state.with_actor(actor.with_resource(POOL, ctx.pool_after))
    return state, events


def run_test(acting: Acting, ctx: PoolTest):
    """Roll a pool test (P3) and settle the pool: the state, events and outcome."""
    tape = acting.tape
    tape.note("DT", ctx.dt, "P3")
    test = replace(play(TEST_STEPS, ctx, tape), notes=tuple(tape.notes))
    state, pooled = settle_pool(acting.state, test)
    return state, [TestResolved(ctx.actor, test, action=acting.request.verb), *pooled], test


# --- move (P10) ----------------------------------------------------------------------------

def _route(acting: Acting) -> Moved:
    """P10: to another square a movement action covers; a square holds one standing
    character (one_per_square)."""
    state, rs = acting.state, acting.rs
    actor = state.actors[acting.actor]
    here = grid.cell_name(rs.cell_of(state, actor.id))
    square = grid.cell_name(rs.cell(state, acting.request.arg("zone")))
    if square == here:
        raise RuleViolation(f"{actor.name} is already on {square} (P10)", "name another square")
    there = sorted(state.standing_on(square) - {actor.id})
    if rs.numbers.one_per_square and there:
        raise RuleViolation(f"{state.actors[there[0]].name} stands on {square}: a square holds "
                            "one standing "
                            "character (P10, one_per_square)", "move to a square next to it")
    metres, speed = rs.distance(here, square), rs.speed(actor)
    if metres > speed:
        raise RuleViolation(f"{square} is {metres} m from {actor.name}, who moves {speed} m "
                            "per movement action (P10; a diagonal step costs "
                            f"{rs.numbers.diagonal_m} m)",
                            "move part of the way, and again with the next action")
    return Moved(actor.id, here, square, metres, speed)


def _move(acting: Acting) -> Done:
    return moved(acting, acting.plan, acting.plan.end)


# --- prepare (P11) -------------------------------------------------------------------------

def _declare(acting: Acting) -> Preparation:
    state, request = acting.state, acting.request
    actor = state.actors[acting.actor]
    if acting.reaction:
        raise RuleViolation(f"{actor.name} prepares on its own turn: Prepare is one of its "
                            "actions (P6, P11)", "wait for its turn")
    text = (request.arg("text") or "").strip()
    if not text:
        raise RuleViolation("a preparation declares its condition (P11)",
                            'e.g. prepare "if Barry attacks me with his halberd, I dodge"')
    against, weapon = request.get("against"), request.get("with")
    if against is not None:
        other = actor_named(state, against, "attacker")
        if other.id == actor.id:
            raise RuleViolation(f"{actor.name} cannot prepare against itself (P11)",
                                "name the attacker it expects")
        if weapon is not None:
            carried(other.name, weapon, other.sheet.weapons, "P11")
    elif weapon is not None:
        raise RuleViolation("--with narrows a dodge against one attacker (P11)",
                            "add --against ATTACKER, or drop --with")
    return Preparation("dodge" if against else "action", text, against, weapon)


def _prepare(acting: Acting) -> Done:
    prep = acting.plan
    actor = acting.state.actors[acting.actor]
    state = acting.state.with_actor(with_prepared(actor, (*system(actor).prepared, prep)))
    bonus = acting.rs.dodge_bonus(actor) if prep.kind == "dodge" else 0
    return Done(state, (Prepared(actor.id, prep),), PrepareOutcome(actor.id, prep, bonus))


# --- wield (P6, P7) ------------------------------------------------------------------------

def _to_wield(acting: Acting) -> str:
    actor = acting.state.actors[acting.actor]
    weapon = acting.request.arg("weapon")
    drawable(actor.name, weapon, actor.sheet.weapons, system(actor).holding == weapon, "P6")
    return weapon


def _wield(acting: Acting) -> Done:
    actor = acting.state.actors[acting.actor]
    held = system(actor)
    state = acting.state.with_actor(actor.with_(system=replace(held, holding=acting.plan)))
    return Done(state, (Wielded(actor.id, held.holding, acting.plan),))


# --- ability (P12) -------------------------------------------------------------------------

def owned_ability(rs, actor: Actor, ability_id: str) -> Any:
    """P12: an ability of the actor's sheet."""
    ability = rs.library.abilities.get(ability_id)
    if ability is None or ability_id not in actor.sheet.abilities:
        raise RuleViolation(f"{actor.name} has no ability {ability_id!r} (P12)",
                            f"its abilities: {', '.join(actor.sheet.abilities) or 'none'}")
    return ability


def _ability_of(acting: Acting) -> tuple[Any, PoolTest | None]:
    state, rs, request = acting.state, acting.rs, acting.request
    actor = state.actors[acting.actor]
    ability = owned_ability(rs, actor, request.arg("ability"))
    if ability.kind == "passive":
        raise RuleViolation(f"{ability.name} is passive: always on, never used (P12)",
                            "its effect is already in the sheet's numbers")
    if ability.attack:
        raise RuleViolation(f"{ability.name} augments a basic attack (P12)",
                            f"attack TARGET --ability {ability.id}")
    if ability.kind == "reaction" and not acting.reaction:
        raise RuleViolation(f"{ability.name} is a reaction (P12): it answers what someone else "
                            f"does, and it is {actor.name}'s own turn",
                            "use it when another actor's action sets it off")
    dt, dice = request.get("dt"), request.get("dice")
    if not ability.test:
        if dice is not None or dt is not None:
            raise RuleViolation(f"{ability.name} rolls no dice, so it takes no DT or --dice "
                                "(P12)", "leave them out")
        return ability, None
    dt = checked_dt(ability.dt if dt is None else dt, ability.name)
    return ability, PoolTest(**pool_fields(rs, actor, dice, acting.reaction, acting.tape),
                             dt=dt, discard=ability.discard, what=ability.name)


def _ability_cost(acting: Acting) -> dict[str, int]:
    cost = acting.rs.library.abilities[acting.request.arg("ability")].cost
    return {ACTIONS: cost} if cost else {}


def _use_ability(acting: Acting) -> Done:
    ability, ctx = acting.plan
    state = acting.state
    actor = state.actors[acting.actor]
    before = actor.resource(POOL)
    test = None
    if ctx is not None:
        state, events, test = run_test(acting, ctx)
    else:
        left = max(0, before - ability.discard)
        events = [AbilityUsed(actor.id, ability.id, ability.name, before - left)]
        if left != before:
            state = state.with_actor(actor.with_resource(POOL, left))
            events.append(ev.ResourceChanged(actor.id, POOL, before, left,
                                             f"{ability.name} discards dice", "P12"))
    after = state.actors[actor.id].resource(POOL)
    return Done(state, tuple(events),
                AbilityOutcome(actor.id, ability.id, test, before, after, acting.reaction))


# --- act and react (P3, P6, P11) -----------------------------------------------------------

def _words(acting: Acting) -> str:
    """What an `act` or `react` says it does ("action" when it says nothing)."""
    return (acting.request.arg("text") or "").strip() or "action"


def _plan_act(acting: Acting) -> tuple[int, PoolTest | None]:
    """Any other action (P6), a pool test when the GM gives a DT (P3)."""
    cost = common.ACT.cost_of(acting)[ACTIONS]
    dt, dice = acting.request.get("dt"), acting.request.get("dice")
    if dt is None:
        if dice is not None:
            raise RuleViolation("--dice picks the dice of a test; this action has no DT (P3)",
                                "add --dt N to make it a test, or drop --dice")
        return cost, None
    actor = acting.state.actors[acting.actor]
    return cost, PoolTest(**pool_fields(acting.rs, actor, dice, acting.reaction, acting.tape),
                          dt=checked_dt(dt, "this action"), what=_words(acting))


def _act(acting: Acting) -> Done:
    cost, ctx = acting.plan[:2]
    what = _words(acting)
    said = ev.Said(acting.actor, "react" if acting.reaction else "act", what)
    state, events, test = acting.state, [said], None
    if ctx is not None:
        state, tested, test = run_test(acting, ctx)
        events += tested
    return Done(state, tuple(events), ActOutcome(acting.actor, cost, what, test,
                                                 acting.reaction))


def _plan_react(acting: Acting) -> tuple[int, PoolTest | None, Preparation]:
    """P11: a reaction is an action the actor prepared; its text names which."""
    cost, ctx = _plan_act(acting)
    used = prepared_action(acting.state, acting.actor, cost, acting.request.arg("text"),
                           "this action")
    return cost, ctx, used


def _react(acting: Acting) -> Done:
    state, used = use_preparation(acting.state, acting.actor, acting.plan[2], _words(acting))
    done = _act(acting.with_state(state))
    return replace(done, events=(*used, *done.events))


def fixed_cost(name: str):
    """P6: the cost of the action `name`, in actions, as the content's `costs` give it."""
    return lambda acting: {ACTIONS: acting.rs.numbers.cost(name)}


MOVE = Action("move", _move, prepare=_route, cost=fixed_cost("move"), what="a move")
PREPARE = Action("prepare", _prepare, prepare=_declare, cost=fixed_cost("prepare"),
                 what="a preparation")
WIELD = Action("wield", _wield, prepare=_to_wield, cost=fixed_cost("wield"),
               what="taking a weapon in hand", phrase="wield a weapon")
ABILITY = Action("ability", _use_ability, prepare=_ability_of, cost=_ability_cost,
                 what="an ability", phrase="use an ability")
ACT = replace(common.ACT, resolve=_act, prepare=_plan_act)
REACT = Action("react", _react, prepare=_plan_react, timing="reaction", what="a reaction")
