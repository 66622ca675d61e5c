"""Checking an attack against the rules and building its `Swing`, for play and for odds.

Everything here holds whether or not it is the attacker's turn: target, weapon, range,
called shot, defense. The turn and the TS are the action's business (actions.attack).
"""

from __future__ import annotations

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.records import record
from shaper_gm.rulesets.timeslice import harm
from shaper_gm.rulesets.timeslice.attack import (
    NO_DEFENSE,
    Swing,
    best_defense,
    defense_options,
    spec_for,
    unusable_reason,
)
from shaper_gm.rulesets.timeslice.models import DYING, UP, CalledShot, Weapon


@record
class AttackRequest:
    attacker: str
    target: str
    weapon: str | None = None          # --with: default the held weapon, else unarmed
    called: str | None = None          # --called NAME (T11)
    defense: str | None = None         # --defense KIND (T10): answers the defender's choice
    nonlethal: bool = False            # --nonlethal (T13)
    damage_bonus: int = 0              # --damage-bonus N: the GM's, added to the damage (T12)


@record
class Prepared:
    weapon: Weapon
    called: CalledShot | None
    dying: bool                        # T14: no roll, the timer loses a minute
    swing: Swing | None                # None when the target is dying
    distance: int | None               # units, None when either is unplaced


def actor_or_refuse(state: Encounter, actor_id: str):
    actor = state.actors.get(actor_id)
    if actor is None:
        raise RuleViolation(f"no combatant {actor_id!r}",
                            f"combatants: {', '.join(state.actors) or 'none yet'}")
    return actor


def choose_weapon(rs, actor, wanted: str | None) -> Weapon:
    """The weapon an attack uses: the one named (carried and held, T7), else the held
    one, else bare hands."""
    held = harm.info(actor).held
    unarmed = rs.numbers.unarmed
    if wanted is None or wanted == unarmed.id:
        return rs.weapon(held) if held and wanted is None else unarmed
    weapon = rs.weapon(wanted)
    if wanted not in actor.sheet.weapons:
        raise RuleViolation(f"{actor.name} carries no {weapon.name}",
                            f"it carries: {', '.join(actor.sheet.weapons) or 'nothing'}")
    if held != wanted:
        cost = rs.numbers.cost("pick_up" if wanted in harm.info(actor).dropped else "draw")
        raise RuleViolation(f"{actor.name} is not holding the {weapon.name} (T7)",
                            f"draw it first ({cost} TS): draw {actor.id} {wanted}")
    return weapon


def prepare(state: Encounter, rs, request: AttackRequest) -> Prepared:
    numbers = rs.numbers
    attacker = actor_or_refuse(state, request.attacker)
    target = actor_or_refuse(state, request.target)
    if attacker.id == target.id:
        raise RuleViolation(f"{attacker.name} cannot attack itself (T9)", "name another target")
    harm.refuse_dead(target, "attack")
    weapon = choose_weapon(rs, attacker, request.weapon)
    distance = rs.distance(attacker.zone, target.zone)
    if distance is not None and distance > weapon.range:
        raise RuleViolation(f"{target.name} is {distance} units away; the {weapon.name} reaches "
                            f"{weapon.range} (T17)", f"move {attacker.id} closer first")
    called = None
    if request.called is not None:
        called = numbers.called(request.called)
        if called is None:
            raise RuleViolation(f"no called shot {request.called!r} (T11)", "called shots: "
                                + ", ".join(c.id for c in numbers.called_shots))
    target_info = harm.info(target)
    dying = target_info.condition == DYING
    if dying:
        if called is not None or request.defense is not None:
            raise RuleViolation(f"{target.name} is dying: an attack on it rolls nothing and "
                                "takes a minute off its timer (T14)",
                                "drop --called and --defense")
        return Prepared(weapon, None, True, None, distance)
    if called is not None and called.drops_weapon and target_info.held is None:
        raise RuleViolation(f"{target.name} holds no weapon to drop (T11)",
                            "choose another called shot")
    return Prepared(weapon, called, False, _swing(state, rs, request, attacker, target,
                                                  weapon, called), distance)


def _swing(state: Encounter, rs, request: AttackRequest, attacker, target, weapon: Weapon,
           called: CalledShot | None) -> Swing:
    numbers = rs.numbers
    attack_parts = [("[V] bonus", rs.stat_bonus(attacker.sheet, "v"), "T2, T9")]
    if attacker.effect_total("attack"):
        attack_parts.append(("effects (attack)", attacker.effect_total("attack"), "T9"))
    damage_parts = [(weapon.name, weapon.damage, "T12")]
    if called is not None:
        attack_parts.append((f"called shot: {called.id}", called.modifier, "T11"))
        if called.damage:
            damage_parts.append((f"called shot: {called.id}", called.damage, "T11"))
    if attacker.effect_total("damage"):
        damage_parts.append(("effects (damage)", attacker.effect_total("damage"), "T12"))
    if request.damage_bonus:
        damage_parts.append(("GM damage bonus", request.damage_bonus, ""))
    ts = target.resource("ts")
    holding = harm.info(target).held is not None
    awake = harm.info(target).condition == UP
    options = defense_options(numbers, target.sheet, target.effect_total, ts, holding, awake,
                              rs.stat_bonus)
    if request.defense is not None:
        why = unusable_reason(numbers, request.defense, ts, holding, awake)
        if why is not None:
            usable = ", ".join(o.kind for o in options) or NO_DEFENSE
            raise RuleViolation(f"{target.name} cannot {request.defense}: {why}",
                                f"it can: {usable}")
        options = tuple(o for o in options if o.kind == request.defense)
    return Swing(attacker=attacker.id, target=target.id, stat_roll=spec_for(numbers),
                 attack_parts=tuple(attack_parts), defenses=options,
                 default_defense=best_defense(numbers, options),
                 damage_parts=tuple(damage_parts), dr=rs.dr(target), hp=target.hp or 0,
                 no_defense_total=numbers.no_defense_total,
                 prompt=f"{target.name} defends against {attacker.name}'s attack")
