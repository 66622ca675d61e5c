"""Grapple, push and grab a ledge (D24, D25, D29).

Both grapple and push test `[grappling] + body vs [dodging] + (finesse|body)` against a
creature the actor threatens. A push that forces the defender past a ledge lets the
defender interrupt with grab a ledge (D8, D29), asked through the tape like any
decision by someone other than the actor (`--react ID=grab-ledge`).
"""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine import resources
from shaper_gm.engine.decisions import Ask
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.steps import play
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers import grid
from shaper_gm.rulesets.dungeoneers.attacks import opponents, threatens
from shaper_gm.rulesets.dungeoneers.events import ActionResolved, ConditionStarted
from shaper_gm.rulesets.dungeoneers.flow import begin, finish
from shaper_gm.rulesets.dungeoneers.movement import force, placed, tiles_between
from shaper_gm.rulesets.dungeoneers.outcomes import CheckOutcome, ContestOutcome, Cost
from shaper_gm.rulesets.dungeoneers.rolls import better_score, check_dice, side_of, ties_to_actor
from shaper_gm.rulesets.dungeoneers.state import actor_of, data_of, with_data
from shaper_gm.rulesets.dungeoneers.steps import CHECK, TEST, Check, Contest

GRAB = "grab-ledge"


@record
class GrappleRequest:
    actor: str | None
    target: str
    boon: int = 0
    bane: int = 0


@record
class PushRequest:
    actor: str | None
    target: str
    tile: str                     # where the defender is forced (the GM names it, D25)
    over_ledge: bool = False      # the GM says the push forces it past a ledge (D29)
    boon: int = 0
    bane: int = 0


@record
class GrabLedgeRequest:
    actor: str | None
    tiles: int = 1                # tiles forced (D29)


def _contest(rs, actor: Actor, target: Actor, rule: str, boon: int) -> Contest:
    numbers = rs.numbers
    attack = side_of(numbers, actor.name, actor.sheet, "grappling", "body", boon)
    score = better_score(target.sheet, "finesse", "body")
    defense = side_of(numbers, target.name, target.sheet, "dodging", score,
                        target.effect_total("defense_boon"))
    return Contest(actor=actor.id, defender=target.id, attack=attack.expr,
                   attack_label=attack.label, defense=defense.expr,
                   defense_label=defense.label, rule=rule,
                   actor_wins_ties=ties_to_actor(numbers))


def _threatened(rs, actor: Actor, target: Actor, rule: str, doing: str) -> None:
    if not threatens(rs, actor, target):
        tiles = tiles_between(rs, placed(actor), placed(target))
        raise RuleViolation(f"{actor.name} can only {doing} a creature it threatens: "
                            f"{target.name} is {tiles} tiles away, threat range "
                            f"{actor.sheet.threat_range} ({rule})", "move closer first")


def grapple(state: Encounter, rs, request: GrappleRequest, tape):
    """D24: with a hand free, against a creature it threatens."""
    actor, target = opponents(state, request.actor, request.target, "grapple")
    _threatened(rs, actor, target, "D24", "grapple")
    numbers = rs.numbers
    held = data_of(actor).holding
    used = sum(rs.library.weapons[w].hands for w in held)
    if numbers.hands - used < numbers.grapple_free_hands:
        raise RuleViolation(f"{actor.name} has no hand free to grapple: "
                            f"{', '.join(held)} take {used} of {numbers.hands} hands (D24)",
                            f"stow a weapon first: interact --stow {held[-1]}")
    if data_of(actor).grappling:
        raise RuleViolation(f"{actor.name} is already grappling "
                            f"{state.actors[data_of(actor).grappling].name} (D24)",
                            "let go first (act), or push instead")
    holder = data_of(target).grappled_by
    if holder:
        raise RuleViolation(f"{target.name} is already grappled by "
                            f"{state.actors[holder].name} (D24)",
                            "push it away from its grappler, or strike instead")
    ctx = _contest(rs, actor, target, "D24", request.boon - request.bane)
    begun = begin(state, rs, actor.id, "grapple", numbers.cost("grapple"))
    done = play(TEST, ctx, tape)
    state, events = begun.state, list(begun.events)
    result = "failed"
    changes: list = []
    if done.hit:
        state = state.with_actors([with_data(state.actors[actor.id], grappling=target.id),
                                   with_data(state.actors[target.id], grappled_by=actor.id)])
        changes = [ConditionStarted(actor.id, "grappling", target.id, "grapple (D24)"),
                   ConditionStarted(target.id, "grappled", actor.id, "grapple (D24)")]
        result = "grappling"
    outcome = ContestOutcome(actor.id, target.id, "grapple", done.attack_total,
                             done.defense_total, bool(done.hit), result, begun.cost,
                             notes=tuple(tape.notes), rolls=tuple(tape.rolls))
    events += [ActionResolved(actor.id, outcome, action="grapple"), *changes]
    state, settled = finish(state, rs, actor.id, begun.cost)
    return state, events + settled, outcome


def push(state: Encounter, rs, request: PushRequest, tape):
    """D25: on success the defender is forced Ground(1) to the tile the GM names."""
    actor, target = opponents(state, request.actor, request.target, "push")
    _threatened(rs, actor, target, "D25", "push")
    numbers = rs.numbers
    end = grid.canonical(request.tile, state.cols, state.rows)
    tiles = tiles_between(rs, placed(target), end)
    if not 1 <= tiles <= numbers.push_tiles:
        raise RuleViolation(f"a push forces {target.name} {numbers.push_tiles} tile(s); "
                            f"{end} is {tiles} from {target.zone} (D25)",
                            "name a tile next to the defender")
    ctx = _contest(rs, actor, target, "D25", request.boon - request.bane)
    begun = begin(state, rs, actor.id, "push", numbers.cost("push"))
    done = play(TEST, ctx, tape)
    state, events = begun.state, list(begun.events)
    after: list = []
    result, ledge = "failed", None
    if done.hit:
        grabbed = False
        if request.over_ledge:
            state, after, ledge = _maybe_grab(state, rs, target.id, tiles, tape)
            grabbed = bool(ledge and ledge.success)
        if grabbed:
            result = f"hanging at the ledge by {target.zone}"
        else:
            state, moved = force(state, target.id, end, "forced by a push")
            after += moved
            result = f"forced to {end}"
    outcome = ContestOutcome(actor.id, target.id, "push", done.attack_total,
                             done.defense_total, bool(done.hit), result, begun.cost,
                             ledge=ledge, notes=tuple(tape.notes), rolls=tuple(tape.rolls))
    events += [ActionResolved(actor.id, outcome, action="push"), *after]
    state, settled = finish(state, rs, actor.id, begun.cost)
    return state, events + settled, outcome


def _maybe_grab(state: Encounter, rs, target_id: str, tiles: int, tape):
    """D8, D29: the forced creature may interrupt the push to grab the ledge."""
    target = state.actors[target_id]
    cost = rs.numbers.cost(GRAB)
    if target.down or target.resource("ap") < cost:
        tape.note(f"{target.name} cannot grab the ledge: {target.resource('ap')} AP left",
                  None, "D8, D29")
        return state, [], None
    answer = tape.decide(Ask(target_id, "react", ("none", GRAB), "none",
                             f"{target.name} is forced past a ledge: grab it?", "D29"))
    if answer != GRAB:
        return state, [], None
    values, payment = resources.pay(rs.resources, target.resource_map(), {"ap": cost},
                                    action=GRAB, who=target.name, on_turn=False)
    state = state.with_actor(target.with_resources(values))
    events: list = [ev.Reacted(target_id, GRAB, "push"),
                    ev.ActionSpent(target_id, GRAB, payment.cost, payment.paid)]
    state, held, outcome = _ledge_check(state, rs, target_id, tiles, tape,
                                        Cost(GRAB, cost, values["ap"], True))
    return state, events + held, outcome


def _ledge_check(state: Encounter, rs, actor_id: str, tiles: int, tape, cost: Cost):
    numbers = rs.numbers
    actor = state.actors[actor_id]
    score = actor.sheet.score(numbers.ledge_score)
    target = numbers.ledge_base + tiles
    check = Check(actor_id, check_dice(numbers, numbers.ledge_die, score),
                  f"{actor.name} checks [1d{numbers.ledge_die}] + {numbers.ledge_score} "
                  f"{score}", target, "D29")
    done = play(CHECK, check, tape)
    events: list = []
    if done.success:
        state = state.with_actor(with_data(actor, hanging=True))
        events.append(ConditionStarted(actor_id, "hanging", None, "grabbed a ledge (D29)"))
    outcome = CheckOutcome(actor_id, GRAB, done.total, target, bool(done.success), cost,
                           notes=tuple(tape.notes), rolls=tuple(tape.rolls))
    return state, events, outcome


def grab_ledge(state: Encounter, rs, request: GrabLedgeRequest, tape):
    """D29 on its own, for forced movement the GM runs: a 1-AP reaction and a check."""
    if request.tiles < 1:
        raise RuleViolation("a creature grabs a ledge when forced at least 1 tile (D29)",
                            "give the tiles forced")
    actor = actor_of(state, request.actor)
    begun = begin(state, rs, actor.id, GRAB, rs.numbers.cost(GRAB), reaction=True)
    state, held, outcome = _ledge_check(begun.state, rs, actor.id, request.tiles, tape,
                                        begun.cost)
    events = [*begun.events, ActionResolved(actor.id, outcome, action=GRAB), *held]
    state, settled = finish(state, rs, actor.id, begun.cost)
    return state, events + settled, outcome
