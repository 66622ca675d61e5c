"""The basic attack (P7-P9) with the weapon in hand, maybe augmented by an ability (P12),
against a defender that may have prepared a dodge (P11)."""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.steps import PlayTape, play
from shaper_gm.records import record
from shaper_gm.rulesets.dicepool import flow
from shaper_gm.rulesets.dicepool.events import AttackResolved, PreparationUsed
from shaper_gm.rulesets.dicepool.models import Ability, Preparation, Weapon
from shaper_gm.rulesets.dicepool.outcomes import AttackOutcome, attack_outcome
from shaper_gm.rulesets.dicepool.ruleset import POOL, system
from shaper_gm.rulesets.dicepool.steps import ATTACK_STEPS, AttackCtx


@record
class AttackRequest:
    attacker: str
    target: str
    weapon: str | None = None       # --with: must name the weapon in hand (P7)
    dice: int | None = None         # --dice N of the pool (P3)
    ability: str | None = None      # an ability that augments the attack (P12)
    damage_bonus: int = 0           # --damage-bonus N: the GM's, added to the damage (P8)


@record
class AttackPlan:
    """An attack checked against the rules, ready to roll (or to run for odds)."""

    ctx: AttackCtx
    weapon: Weapon
    ability: Ability | None
    dodge: Preparation | None       # the defender's preparation it sets off (P11)


def attack_weapon(rs, attacker: Actor, asked: str | None) -> Weapon:
    """P7: a basic attack uses the weapon the attacker is holding."""
    held = rs.weapon(attacker)
    if held is None:
        raise RuleViolation(f"{attacker.name} holds no weapon to attack with (P7)",
                            "wield one of its weapons first (an action)")
    if asked is None or asked == held.id:
        return held
    if asked in attacker.sheet.weapons:
        raise RuleViolation(f"{attacker.name} holds the {held.name}; a basic attack uses the "
                            f"weapon in hand (P7)", f"wield {asked} first (an action)")
    raise RuleViolation(f"{attacker.name} carries no {asked!r} (P7)",
                        f"it carries: {', '.join(attacker.sheet.weapons) or 'nothing'}")


def attack_ability(rs, attacker: Actor, ability_id: str | None) -> Ability | None:
    if ability_id is None:
        return None
    ability = rs.library.abilities.get(ability_id)
    if ability is None or ability_id not in attacker.sheet.abilities:
        raise RuleViolation(f"{attacker.name} has no ability {ability_id!r} (P12)",
                            f"its abilities: {', '.join(attacker.sheet.abilities) or 'none'}")
    if not ability.attack:
        raise RuleViolation(f"{ability.name} does not augment an attack (P12)",
                            f"use it on its own: ability {ability_id}")
    return ability


def prepared_dodge(state: Encounter, target: Actor, attacker: Actor,
                   weapon: Weapon) -> Preparation | None:
    """P11: the defender's first dodge declared against this attacker (and weapon)."""
    for prep in system(target).prepared:
        if prep.kind == "dodge" and prep.against == attacker.id \
                and prep.weapon in (None, weapon.id):
            return prep
    return None


def plan_attack(state: Encounter, rs, request: AttackRequest, *,
                reaction: bool) -> AttackPlan:
    """Every check an attack makes of the situation (not of whose turn it is)."""
    attacker = flow.require_actor(state, request.attacker, "attacker")
    target = flow.require_actor(state, request.target, "target")
    if target.id == attacker.id:
        raise RuleViolation(f"{attacker.name} cannot attack itself (P7)",
                            "name another target")
    if target.down:
        raise RuleViolation(f"{target.name} is already down at 0 HP (P8)",
                            "attack someone still standing")
    weapon = attack_weapon(rs, attacker, request.weapon)
    ability = attack_ability(rs, attacker, request.ability)
    count = flow.check_dice(attacker, request.dice)
    dodge = prepared_dodge(state, target, attacker, weapon)
    bonus_stat = weapon.bonus_stat
    bonus = rs.stat(attacker.sheet, bonus_stat) if bonus_stat else 0
    bonus += attacker.effect_total("damage")
    label = f"damage stat {bonus_stat.upper()}" if bonus_stat else "damage effects"
    numbers = rs.numbers
    ctx = AttackCtx(
        actor=attacker.id, target=target.id, count=count, sides=numbers.pool_die,
        success_on=numbers.success_on, pool_before=attacker.resource(POOL),
        discard=ability.discard if ability else 0,
        refill=flow.reaction_refill(rs, attacker, reaction), pool_cap=numbers.pool_max,
        ac=rs.ac(target), dodge=rs.dodge_bonus(target) if dodge else 0,
        proficiency=attacker.sheet.proficiency(weapon.id), dt_floor=numbers.dt_floor,
        dt_change=ability.dt_change if ability else 0, damage_die=weapon.damage_die,
        extra_damage_dice=ability.damage_dice if ability else 0, damage_bonus=bonus,
        bonus_label=label, gm_damage_bonus=request.damage_bonus, hp_before=target.hp or 0)
    return AttackPlan(ctx, weapon, ability, dodge)


def attack(state: Encounter, rs, request: AttackRequest, tape: PlayTape):
    """`attack [ATTACKER] TARGET [--with W] [--dice N] [--roll F] [--damage F]`."""
    flow.require_able(state, request.attacker)
    attacker = state.actors[request.attacker]
    on_turn = state.controls_turn(attacker.id)
    plan = plan_attack(state, rs, request, reaction=not on_turn)
    cost = plan.ability.cost if plan.ability else rs.numbers.cost("attack")
    label = f"attack ({plan.ability.name})" if plan.ability else "attack"
    state, events, reaction = flow.open_action(state, rs, attacker.id, label, cost)
    tape.note(f"{attacker.name} attacks {state.actors[request.target].name} with the "
              f"{plan.weapon.name}", None, "P7")
    ctx = play(ATTACK_STEPS, plan.ctx, tape)
    outcome = attack_outcome(ctx, plan.weapon.id, plan.ability.id if plan.ability else None,
                             tape.notes, reaction)
    events.append(AttackResolved(attacker.id, outcome, action=label))
    if plan.dodge is not None:
        state = flow.drop_preparation(state, ctx.target, plan.dodge)
        events.append(PreparationUsed(ctx.target, plan.dodge,
                                      during=f"{attacker.name}'s attack", bonus=ctx.dodge))
    state, pooled = flow.settle_pool(state, ctx)
    events += pooled
    state, hurt = _wound(state, ctx, attacker.name)
    events += hurt
    state, settled = flow.close_action(state, rs, attacker.id)
    return state, events + settled, outcome


def _wound(state: Encounter, ctx: AttackCtx, attacker_name: str) -> tuple[Encounter, list]:
    """P8: damage off HP; down at 0."""
    if not ctx.hit:
        return state, []
    target = state.actors[ctx.target]
    events: list = [ev.HpChanged(ctx.target, ctx.hp_before, ctx.hp_after,
                                 f"hit by {attacker_name} (P8)")]
    target = target.with_(hp=ctx.hp_after)
    if ctx.down and not target.down:
        target = target.with_(down=True)
        events.append(ev.WentDown(ctx.target))
    return state.with_actor(target), events


__all__ = ["AttackOutcome", "AttackPlan", "AttackRequest", "attack", "plan_attack"]
