"""`attack ATTACKER TARGET`: the rules checked, the steps played, the encounter updated.

`prepare` checks everything the rules refuse and builds the steps' context; `ATTACK`
is the action the engine runs (it pays, then `resolve` plays the steps of `steps.py`
and writes the result onto the encounter); `odds.py` runs the same `prepare` and steps
for exact chances. The request's flags: `with` (weapon or spell), `type`, `power`,
`to` (where a dodge goes), `damage-bonus`.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import takewhile

from shaper_gm.engine import events as ev
from shaper_gm.engine import grid, resources
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import Note, play
from shaper_gm.rulesets.reactions.events import AttackResolved, Moved
from shaper_gm.rulesets.reactions.harm import apply_harm, harm_to
from shaper_gm.rulesets.reactions.models import ATTACK_TYPES, REACTIONS, Attack
from shaper_gm.rulesets.reactions.steps import (
    NO_REACTION,
    SLOT_BLOCK,
    SLOT_CRIT,
    SLOT_DODGE,
    Strike,
    attack_steps,
)


def prepare(state: Encounter, rs, request: Request) -> Strike:
    """Everything the rules refuse, checked before any cost is paid or any die rolled."""
    attacker = rs.actor_of(state, request.actor)
    defender = rs.actor_of(state, request.target)
    if attacker.id == defender.id:
        raise RuleViolation(f"{attacker.name} cannot attack itself (R1)", "name a defender")
    if attacker.down:
        raise RuleViolation(f"{attacker.name} is down (R8) and cannot attack",
                            "heal it first, or attack with someone else")
    if defender.down:
        raise RuleViolation(f"{defender.name} is already down (R8)", "pick another defender")
    weapon = _weapon(rs, attacker, request.get("with"))
    attack_type = request.get("type") or weapon.type
    if attack_type not in ATTACK_TYPES:
        raise RuleViolation(f"{attack_type!r} is no attack type (R1)",
                            f"use --type {'|'.join(ATTACK_TYPES)}")
    power = weapon.power if request.get("power") is None else request.get("power")
    if power < 0:
        raise RuleViolation(f"power {power} is negative (R1)", "give --power 0 or more")
    power += attacker.effect_total("power")
    distance = grid.steps(rs.cell_of(state, attacker.id), rs.cell_of(state, defender.id)) \
        * rs.numbers.metres_per_tile
    if distance > weapon.range:
        raise RuleViolation(f"{defender.name} is {distance} m away; the {weapon.name} reaches "
                            f"{weapon.range} m (R1)", f"move closer first: move "
                            f"{attacker.id} TILE, or attack with a longer reach")
    if request.get("to") is not None:
        _dodge_tile(state, rs, defender.id, request.get("to"))
    numbers = rs.numbers
    return harm_to(
        rs, defender, attacker.id, attack_type, max(0, power), weapon=weapon.id,
        weapon_name=weapon.name, range_m=weapon.range, distance_m=distance,
        die=numbers.roll_die, critical_target=rs.number(attacker, "critical"),
        critical_bonus=max(0, rs.number(attacker, "critical_bonus")),
        bonus_on_block=max(0, rs.number(defender, "block_bonus")),
        block_target=rs.number(defender, "block"), dodge_target=rs.number(defender, "dodge"),
        reactions=defender.resource("reactions"),
        may_react=not state.controls_turn(defender.id),
        blockable=attack_type != "true" or numbers.true_blockable,
        block_cost=numbers.reaction_cost("block"), dodge_cost=numbers.reaction_cost("dodge"),
        damage_bonus=request.get("damage-bonus") or 0)


def _checked(acting: Acting) -> Strike:
    decisions = acting.tape.decisions if acting.tape is not None else None
    return checked(acting.state, acting.rs, acting.request,
                   decisions.declared if decisions is not None else ())


def checked(state: Encounter, rs, request: Request, declared) -> Strike:
    """`prepare`, and the defender's declared reactions, (actor, answer) in order,
    against what it can pay; only the defender reacts to an attack (R2, R11)."""
    strike = prepare(state, rs, request)
    name, left = state.actors[strike.defender].name, strike.reactions
    for actor_id, answer in declared:
        if actor_id != strike.defender:
            raise RuleViolation(f"--react {actor_id}={answer}: only the defender, "
                                f"{name}, reacts to this attack (R2)",
                                f"--react {strike.defender}=block|dodge")
    for number, answer in enumerate((answer for _, answer in declared), 1):
        if answer == NO_REACTION:         # it stops reacting: later answers are never asked
            break
        if answer not in REACTIONS:
            raise RuleViolation(f"--react {strike.defender}={answer}: no such reaction (R2)",
                                "react with block or dodge")
        if not strike.may_react:
            raise RuleViolation(f"{name} cannot react during its own turn (R11)",
                                "drop the --react flags")
        if answer == "block" and not strike.blockable:
            raise RuleViolation(f"a {strike.attack_type} attack cannot be blocked, only "
                                "dodged (R2)", f"--react {strike.defender}=dodge, or no block")
        cost = strike.cost_of(answer)
        if cost > left:
            raise RuleViolation(f"{name}'s {answer} {number} needs {plural(cost, 'reaction')}; "
                                f"it has {left} left (R2, R11)",
                                "declare what it can pay for: a block costs "
                                f"{strike.block_cost}, a dodge {strike.dodge_cost}")
        left -= cost
    return strike


def resolve(acting: Acting) -> Done:
    """R1-R8 on the paid state: the steps, the defender's reactions, a dodge, the harm."""
    state, strike, tape = acting.state, acting.plan, acting.tape
    attacker = state.actors[strike.attacker]
    tape.note(f"{strike.weapon_name}: range {strike.range_m} m, defender "
              f"{strike.distance_m} m away", strike.distance_m, "R1")
    done = play(attack_steps(strike), strike, tape)
    unused = _unused(state, done, acting.request, tape)
    paid: list = []
    if done.reactions_spent:
        state, paid = _pay_reactions(state, acting.rs, done)
    moved: list = []
    if done.dodged:
        state, done, moved = _dodge_away(state, acting.rs, acting.request, done, tape)
    done = replace(done, notes=(*tape.notes, *unused))
    state, harmed = apply_harm(state, done, f"{attacker.name}'s {done.attack_type} attack")
    events = (AttackResolved(attacker.id, done, action="attack"), *paid, *moved, *harmed)
    return Done(state, events, done, others=(done.defender,) if done.reactions_spent else (),
                logged=(("to", done.moved_to),))


ATTACK = Action("attack", resolve, cost=lambda acting: acting.rs.numbers.cost("attack"),
                prepare=_checked, what="an attack")


def _unused(state: Encounter, done: Strike, request: Request, tape) -> list[Note]:
    """R2: a defender tries until a block or dodge succeeds, and a dodged attack makes
    no critical roll (R5). Answers and faces given for tries past that point are never
    tried nor paid, and are left out of the log, with a note; faces for tries nobody
    declared are refused."""
    settled = done.dodged or done.blocked
    name = state.actors[done.defender].name
    decisions = tape.decisions
    mine = [answer for actor, answer in decisions.declared if actor == done.defender]
    left = len(list(takewhile(lambda answer: answer != NO_REACTION, mine))) - len(done.tries)
    if left > 0 and settled:
        tape.note(f"{plural(left, 'more declared reaction')} not needed: the "
                  f"{'dodge' if done.dodged else 'block'} succeeded", None, "R2")
    notes = []
    for slot in (SLOT_BLOCK, SLOT_DODGE):
        given, used = tape.given(slot), tape.rolled(slot)
        if given <= used:
            continue
        if not settled:
            raise RuleViolation(f"--{slot} gives {plural(given, 'face')} but {name} made "
                                f"{plural(used, f'{slot} attempt')} (R2)",
                                f"declare each {slot} with --react {done.defender}={slot}, "
                                "in order")
        tape.drop_unused(slot)
        notes.append(Note(f"--{slot}: {plural(given - used, 'face')} left unused, the "
                          f"{'dodge' if done.dodged else 'block'} had succeeded", None, "R2"))
    if done.dodged and tape.drop_unused(SLOT_CRIT):
        notes.append(Note("--crit left unused: a dodged attack makes no critical roll", None,
                          "R5"))
    if settled:
        answered = sum(1 for actor_id, _ in decisions.made if actor_id == done.defender)
        decisions.declared = list(decisions.declared)[:answered]
    if request.get("to") and not done.dodged:
        notes.append(Note(f"--to {request.get('to')} left unused: {name} did not dodge",
                          None, "R4"))
    return notes


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _weapon(rs, attacker, item: str | None) -> Attack:
    sheet = attacker.sheet
    if item is None:
        if not sheet.weapons:
            raise RuleViolation(f"{attacker.name} has no weapon or spell (R1)",
                                "give it one: add ... --weapon ITEM")
        item = sheet.weapons[0]
    found = rs.library.attack(item)
    if found is None:
        known = ", ".join(aid for aid, _ in rs.library.attacks)
        raise RuleViolation(f"no weapon or spell {item!r} (R1)", f"known: {known}")
    if item not in sheet.weapons:
        raise RuleViolation(f"{attacker.name} has no {found.name} (R1)",
                            f"{attacker.name} has: {', '.join(sheet.weapons) or 'nothing'}")
    return found


def _pay_reactions(state: Encounter, rs, done: Strike):
    defender = state.actors[done.defender]
    before = defender.resource("reactions")
    values, payment = resources.pay(rs.resources, defender.resource_map(),
                                    {"reactions": done.reactions_spent},
                                    action="reactions",
                                    who=defender.name,
                                    on_turn=state.controls_turn(defender.id))
    state = state.with_actor(defender.with_resources(values))
    tried = ", ".join(answer for answer, _ in done.tries)
    return state, [ev.ResourceChanged(defender.id, "reactions", before, values["reactions"],
                                      tried, "R2")]


def _dodge_tile(state: Encounter, rs, defender_id: str, text: str) -> grid.Cell:
    """The tile the GM named for a dodge (R4): free, and within the dodge's reach."""
    defender = state.actors[defender_id]
    here = rs.cell_of(state, defender_id)
    tile = rs.cell(state, text)
    name = grid.cell_name(tile)
    if tile == here:
        raise RuleViolation(f"a dodge leaves the defender's tile (R4); {defender.name} is on "
                            f"{name}", "name a neighbouring free tile")
    if grid.taken(state, tile, but=[defender_id]):
        raise RuleViolation(f"{name} is taken (R4)", "name a free tile")
    reach = rs.numbers.dodge_reach
    if grid.steps(tile, here) > reach:
        raise RuleViolation(f"{name} is more than {reach} tile{'s' if reach > 1 else ''} "
                            f"from {defender.name} (R4)", "name a tile next to it")
    return tile


def _dodge_away(state: Encounter, rs, request: Request, done: Strike, tape):
    """R4: the dodging defender leaves its tile, for the GM's tile or, without one, the
    free tile in reach farthest from the attacker (reading order breaks ties)."""
    defender = state.actors[done.defender]
    here = rs.cell_of(state, defender.id)
    if request.get("to") is not None:
        tile, by_default = _dodge_tile(state, rs, defender.id, request.get("to")), False
    else:
        taken = grid.occupied(state, but=[defender.id])
        free = [t for t in grid.cells_within(state, here, rs.numbers.dodge_reach)
                if t not in taken]
        if not free:
            tape.note(f"no free tile to dodge to: {defender.name} stays on "
                      f"{grid.cell_name(here)}", None, "R4")
            return state, replace(done, moved_by_default=True), []
        foe = rs.cell_of(state, done.attacker)
        tile = max(free, key=lambda t: grid.steps(t, foe))
        by_default = True
    name = grid.cell_name(tile)
    tape.note(f"{defender.name} dodges to {name}"
              + (" (no tile named: the free tile farthest from the attacker)"
                 if by_default else ""), None, "R4")
    state = state.with_actor(defender.with_(zone=name))
    metres = grid.steps(here, tile) * rs.numbers.metres_per_tile
    moved = Moved(defender.id, grid.cell_name(here), name, metres, "dodged (R4)", by_default)
    return state, replace(done, moved_to=name, moved_by_default=by_default), [moved]
