"""The time-slice verbs as pure functions: ``verb(state, rs, request, tape) ->
(state, events, outcome)``.

Each checks the rules first and refuses with a `RuleViolation`, pays its TS (T7), and
lets the turn order settle: a turn whose TS is spent ends by itself (T5, T6).
"""

from __future__ import annotations

from shaper_gm.engine import ending, resources
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import play
from shaper_gm.records import record
from shaper_gm.rulesets.timeslice import events as tev
from shaper_gm.rulesets.timeslice import grid, harm
from shaper_gm.rulesets.timeslice.attack import SWING, AttackOutcome, DyingAttackOutcome
from shaper_gm.rulesets.timeslice.clock import minutes
from shaper_gm.rulesets.timeslice.models import DEAD, DYING, UP
from shaper_gm.rulesets.timeslice.plan import AttackRequest, actor_or_refuse, prepare

Result = tuple[Encounter, list, object]


# --- requests -----------------------------------------------------------------------------

@record
class MoveRequest:
    actor: str
    unit: str                          # e.g. "C3" (T17)


@record
class TendRequest:
    actor: str
    target: str


@record
class DrawRequest:
    actor: str
    weapon: str


@record
class ActRequest:
    """`act ACTOR COST TEXT` on the actor's turn, `react ACTOR COST TEXT` off it."""

    actor: str
    cost: int                          # TS
    text: str = ""


@record
class PassRequest:
    actor: str


@record
class WaitRequest:
    seconds: int                       # `wait 2` is 120 (T15)


@record
class WakeRequest:
    actor: str


# --- shared checks ----------------------------------------------------------------------

def _running(state: Encounter) -> None:
    ending.refuse_if_over(state)
    if state.turn is None:
        raise RuleViolation("the fight has not started: no turn is running (T5)",
                            "type start to begin round 1")


def _able(actor) -> None:
    condition = harm.info(actor).condition
    if condition != UP:
        raise RuleViolation(f"{actor.name} is {condition} and cannot act (T13, T14)",
                            "heal or wake it first, or act with someone else")


def acting(state: Encounter, actor_id: str):
    """The actor of a maneuver: the fight runs, it is up, and it is its turn (T5)."""
    _running(state)
    actor = actor_or_refuse(state, actor_id)
    _able(actor)
    if not state.controls_turn(actor_id):
        current = state.actors[state.turn].name
        raise RuleViolation(f"it is {current}'s turn, not {actor.name}'s (T5)",
                            f"end {current}'s turn, or use react for a defense or reaction")
    return actor


def spend(state: Encounter, rs, actor_id: str, action: str, cost: int, *,
          why: str = "") -> tuple[Encounter, list]:
    """Pay `cost` TS for a maneuver (T7); refused when it cannot be paid."""
    actor = state.actors[actor_id]
    values, payment = resources.pay(rs.resources, actor.resource_map(), {"ts": cost},
                                    action=why or action, who=actor.name,
                                    on_turn=state.controls_turn(actor_id))
    state = state.with_actor(actor.with_resources(values))
    return state, [ev.ActionSpent(actor_id, action, payment.cost, payment.paid)]


def _turn_action(state: Encounter, rs, actor_id: str, action: str,
                 cost: int) -> tuple[Encounter, list]:
    state, events = rs.turn_order.before_action(state, rs, actor_id)
    state, paid = spend(state, rs, actor_id, action, cost)
    return state, events + paid


def _settle(state: Encounter, rs, actor_id: str, events: list) -> tuple[Encounter, list]:
    state, settled = rs.turn_order.after_action(state, rs, actor_id)
    return state, events + settled


# --- attack (T9-T14) --------------------------------------------------------------------

def attack(state: Encounter, rs, request: AttackRequest, tape) -> Result:
    """One attack: pay, roll `[V]` against the defense of the defender's choice, apply
    damage, 0 HP and the called shot; an attack on a dying character only shortens its
    timer (T14)."""
    acting(state, request.attacker)
    prepared = prepare(state, rs, request)
    state, events = _turn_action(state, rs, request.attacker, "attack", rs.numbers.cost("attack"))
    if prepared.dying:
        state, changed, outcome = _attack_dying(state, rs, request, prepared, tape)
    else:
        state, changed, outcome = _attack_roll(state, rs, request, prepared, tape)
    events += [tev.AttackResolved(request.attacker, outcome, action="attack"), *changed]
    state, events = _settle(state, rs, request.attacker, events)
    return state, events, outcome


def _attack_dying(state, rs, request: AttackRequest, prepared, tape):
    before = harm.info(state.actors[request.target]).dying_left or 0
    tape.note("the target is dying: no roll", None, "T14")
    state, changed = harm.attack_dying(state, rs.numbers, request.target,
                                       "attacked while dying (T14)")
    after = harm.info(state.actors[request.target]).dying_left or 0
    tape.note("dying timer, minutes", minutes(after), "T14")
    outcome = DyingAttackOutcome(request.attacker, request.target, prepared.weapon.id, before,
                                 after, harm.info(state.actors[request.target]).condition == DEAD,
                                 tuple(tape.notes))
    return state, changed, outcome


def _attack_roll(state, rs, request: AttackRequest, prepared, tape):
    swing = play(SWING, prepared.swing, tape)
    changed: list = []
    option = swing.option(swing.defense)
    if option is not None and option.cost:                            # T8: off-turn TS
        state, paid = spend(state, rs, request.target, swing.defense, option.cost,
                            why=f"a {swing.defense} defense roll")
        changed += paid
    if not swing.hit:
        return state, changed, _outcome(request, prepared, swing, (), "", tape.notes)
    state, harmed = harm.lose_hp(state, rs.numbers, request.target, swing.taken,
                                 nonlethal=request.nonlethal,
                                 why=f"hit by {state.actors[request.attacker].name}")
    changed += harmed
    state, done, effects = _called_effects(state, request.target, prepared.called)
    changed += done
    condition = harm.info(state.actors[request.target]).condition
    result = "" if condition == UP else condition
    return state, changed, _outcome(request, prepared, swing, effects, result, tape.notes)


def _called_effects(state: Encounter, target_id: str, called):
    """What a hit with a called shot does besides damage (T11)."""
    if called is None:
        return state, [], ()
    target = state.actors[target_id]
    events, effects = [], []
    if called.ts_loss:
        before = target.resource("ts")
        after = max(0, before - called.ts_loss)
        values = {**target.resource_map(), "ts": after}
        target = target.with_resources(values)
        events.append(ev.ResourceChanged(target_id, "ts", before, after,
                                         f"{called.id} called shot (T11)"))
        effects.append(f"loses {before - after} TS")
    held = harm.info(target).held
    if called.drops_weapon and held is not None:
        data = harm.info(target)
        target = target.with_(system=data.with_(held=None, dropped=(*data.dropped, held)))
        events.append(tev.WeaponDropped(target_id, held))
        effects.append(f"drops its {held}")
    return state.with_actor(target), events, tuple(effects)


def _outcome(request: AttackRequest, prepared, swing, effects, result: str,
             notes) -> AttackOutcome:
    return AttackOutcome(
        attacker=request.attacker, target=request.target, weapon=prepared.weapon.id,
        called=prepared.called.id if prepared.called else None, attack_roll=swing.attack_roll,
        attack_total=swing.attack_total, defense=swing.defense,
        defense_roll=swing.defense_roll, defense_total=swing.defense_total, hit=swing.hit,
        damage=swing.damage, dr=swing.dr, taken=swing.taken, hp_before=swing.hp,
        hp_after=swing.hp_after, nonlethal=request.nonlethal, notes=tuple(notes),
        effects=effects, result=result)


# --- other maneuvers (T7, T14, T17) ------------------------------------------------------

def move(state: Encounter, rs, request: MoveRequest, tape=None) -> Result:
    """T17: to a unit of the grid, one move maneuver per `move_units` units (T7)."""
    actor = acting(state, request.actor)
    if actor.zone is None:
        raise RuleViolation(f"{actor.name} is not on the grid yet (T17)",
                            f"place {actor.id} on a unit first")
    big = 10_000
    origin = grid.parse_unit(actor.zone, big, big)
    dest = grid.parse_unit(request.unit, state.cols, state.rows)
    units = grid.distance(origin, dest, rs.numbers.diagonal_step)
    if units == 0:
        raise RuleViolation(f"{actor.name} is already at {grid.unit_name(dest)} (T17)",
                            "name another unit")
    moves = -(-units // rs.numbers.move_units)
    state, events = _turn_action(state, rs, actor.id, "move", moves * rs.numbers.cost("move"))
    moved = tev.Moved(actor.id, actor.zone, grid.unit_name(dest), units, moves)
    state = state.with_actor(state.actors[actor.id].with_(zone=moved.to))
    state, events = _settle(state, rs, actor.id, [*events, moved])
    return state, events, moved


def tend(state: Encounter, rs, request: TendRequest, tape=None) -> Result:
    """T14: with a medical kit, 3 TS: a dying character stops dying (0 HP, unconscious)."""
    actor = acting(state, request.actor)
    target = actor_or_refuse(state, request.target)
    kit = rs.numbers.tend_kit
    if kit not in actor.sheet.gear:
        raise RuleViolation(f"{actor.name} has no {kit} to tend with (T14)",
                            "tend with someone who carries one")
    if harm.info(target).condition != DYING:
        raise RuleViolation(f"{target.name} is not dying (T14)",
                            "tend only stops the dying timer; heal restores HP")
    reach = rs.distance(actor.zone, target.zone)
    if reach is not None and reach > rs.numbers.tend_reach:
        raise RuleViolation(f"{target.name} is {reach} units away; tending reaches "
                            f"{rs.numbers.tend_reach} (T14, T17)", f"move {actor.id} closer")
    state, events = _turn_action(state, rs, actor.id, "tend", rs.numbers.cost("tend"))
    state, done = harm.stop_dying(state, target.id, f"tended by {actor.name} (T14)")
    state, events = _settle(state, rs, actor.id, [*events, tev.Tended(actor.id, target.id),
                                                  *done])
    return state, events, done[0]


def draw(state: Encounter, rs, request: DrawRequest, tape=None) -> Result:
    """T7: draw a carried weapon (or pick up a dropped one, T11) into the hands."""
    actor = acting(state, request.actor)
    weapon = rs.weapon(request.weapon)
    data = harm.info(actor)
    if weapon.id not in actor.sheet.weapons:
        raise RuleViolation(f"{actor.name} carries no {weapon.name}",
                            f"it carries: {', '.join(actor.sheet.weapons) or 'nothing'}")
    if data.held == weapon.id:
        raise RuleViolation(f"{actor.name} already holds the {weapon.name}", "attack with it")
    picked_up = weapon.id in data.dropped
    action = "pick_up" if picked_up else "draw"
    state, events = _turn_action(state, rs, actor.id, action, rs.numbers.cost(action))
    data = harm.info(state.actors[actor.id])
    dropped = tuple(w for w in data.dropped if w != weapon.id)
    state = state.with_actor(state.actors[actor.id].with_(
        system=data.with_(held=weapon.id, dropped=dropped)))
    drawn = tev.WeaponDrawn(actor.id, weapon.id, picked_up)
    state, events = _settle(state, rs, actor.id, [*events, drawn])
    return state, events, drawn


def act(state: Encounter, rs, request: ActRequest, tape=None) -> Result:
    """Any other maneuver, at the TS the GM names (T7)."""
    actor = acting(state, request.actor)
    _cost_ok(request.cost)
    state, events = _turn_action(state, rs, actor.id, "act", request.cost)
    said = ev.Said(actor.id, "act", request.text)
    state, events = _settle(state, rs, actor.id, [*events, said])
    return state, events, said


def react(state: Encounter, rs, request: ActRequest, tape=None) -> Result:
    """A reaction outside the actor's own turn, paid in TS (T8)."""
    _running(state)
    actor = actor_or_refuse(state, request.actor)
    _able(actor)
    if state.controls_turn(actor.id):
        raise RuleViolation(f"it is {actor.name}'s own turn: a reaction is made off-turn (T8)",
                            f"use act {actor.id} {request.cost} ...")
    _cost_ok(request.cost)
    state, events = spend(state, rs, actor.id, "react", request.cost)
    said = ev.Said(actor.id, "react", request.text)
    state, events = _settle(state, rs, actor.id, [*events, said])
    return state, events, said


def _cost_ok(cost: int) -> None:
    if isinstance(cost, bool) or not isinstance(cost, int) or cost < 0:
        raise RuleViolation(f"a cost is a whole number of TS, not {cost!r} (T7)", "e.g. act 2 ...")


def end(state: Encounter, rs, request=None, tape=None) -> Result:
    """End the turn; unspent TS waits for the next pass (T5)."""
    _running(state)
    state, events = rs.turn_order.end_turn(state, rs)
    return state, events, None


def pass_(state: Encounter, rs, request: PassRequest, tape=None) -> Result:
    """T6: give up the rest of the round's TS."""
    _running(state)
    actor = actor_or_refuse(state, request.actor)
    if actor.down:
        raise RuleViolation(f"{actor.name} is {harm.info(actor).condition}: it has no turn to "
                            "give up (T6)", "pass for someone who is up")
    if actor.id in state.passed:
        raise RuleViolation(f"{actor.name} has already passed this round (T6)",
                            "it gains TS again next round")
    state, events = rs.turn_order.pass_turn(state, rs, actor.id)
    return state, events, None


def wait(state: Encounter, rs, request: WaitRequest, tape=None) -> Result:
    """T15: the GM moves time on; dying timers count down."""
    state, events = harm.pass_time(state, request.seconds,
                                   f"waited {minutes(request.seconds)} min (T15)")
    return state, events, events[0]


def wake(state: Encounter, rs, request: WakeRequest, tape=None) -> Result:
    """The GM wakes a combatant healed from 0 HP while `heal_wakes` is off (T14)."""
    actor = actor_or_refuse(state, request.actor)
    state, events = harm.wake(state, actor.id, "the GM wakes it (T14)")
    return state, events, events[0]


__all__ = ["ActRequest", "AttackRequest", "DrawRequest", "MoveRequest", "PassRequest",
           "TendRequest", "WaitRequest", "WakeRequest", "act", "attack", "draw", "end",
           "move", "pass_", "react", "tend", "wait", "wake"]
