"""The basic attack (P7-P9) with the weapon in hand, maybe augmented by an ability (P12),
against a defender that may have prepared a dodge (P11): `plan_attack` makes every
check and sets up the steps (steps.py), which `ATTACK` plays on the paid state and
`odds.py` runs over exact distributions."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.engine import grid, harm
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.gear import carried
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.steps import play
from shaper_gm.records import record
from shaper_gm.rulesets.dicepool.actions import (
    fixed_cost,
    owned_ability,
    pool_fields,
    settle_pool,
    use_preparation,
)
from shaper_gm.rulesets.dicepool.actors import actor_named
from shaper_gm.rulesets.dicepool.events import AttackResolved
from shaper_gm.rulesets.dicepool.models import ACTIONS, Preparation, system
from shaper_gm.rulesets.dicepool.steps import ATTACK_STEPS, AttackCtx, attack_dt
from shaper_gm.words import plural


@record
class AttackRequest:
    attacker: str
    target: str
    weapon: str | None = None       # --with: must name the weapon in hand (P7)
    dice: int | None = None         # --dice N of the pool (P3)
    ability: str | None = None      # an ability that augments the attack (P12)
    damage_bonus: int = 0           # --damage-bonus N: the GM's, added to the damage (P8)

    @classmethod
    def read(cls, request) -> AttackRequest:
        """The attack an `attack` or `odds` request asks for."""
        return cls(request.actor, request.target, request.get("with"), request.get("dice"),
                   request.get("ability"), request.get("damage-bonus") or 0)


@record
class AttackPlan:
    """An attack checked against the rules, ready to roll (or to run for odds)."""

    ctx: AttackCtx
    weapon: Any
    ability: Any | None
    dodge: Preparation | None       # the defender's preparation it sets off (P11)


def attack_weapon(rs, attacker: Actor, asked: str | None) -> Any:
    """P7: a basic attack uses the weapon the attacker is holding."""
    held = rs.weapon(attacker)
    if held is None:
        raise RuleViolation(f"{attacker.name} holds no weapon to attack with (P7)",
                            "wield one of its weapons first (an action)")
    if asked is None or asked == held.id:
        return held
    carried(attacker.name, asked, attacker.sheet.weapons, "P7")
    raise RuleViolation(f"{attacker.name} holds the {held.name}; a basic attack uses the "
                        f"weapon in hand (P7)", f"wield {asked} first (an action)")


def attack_ability(rs, attacker: Actor, ability_id: str | None) -> Any | None:
    if ability_id is None:
        return None
    ability = owned_ability(rs, attacker, ability_id)
    if not ability.attack:
        raise RuleViolation(f"{ability.name} does not augment an attack (P12)",
                            f"use it on its own: ability {ability_id}")
    return ability


def prepared_dodge(target: Actor, attacker: Actor, weapon: Any) -> Preparation | None:
    """P11: the defender's first dodge declared against this attacker (and weapon)."""
    return next((p for p in system(target).prepared if p.kind == "dodge"
                 and p.against == attacker.id and p.weapon in (None, weapon.id)), None)


def plan_attack(state: Encounter, rs, request: AttackRequest, *, reaction: bool,
                tape=None) -> AttackPlan:
    """Every check an attack makes of the situation (not of whose turn it is)."""
    attacker = actor_named(state, request.attacker, "attacker")
    target = actor_named(state, request.target, "target")
    if target.id == attacker.id:
        raise RuleViolation(f"{attacker.name} cannot attack itself (P7)",
                            "name another target")
    if target.down:
        raise RuleViolation(f"{target.name} is already down at 0 HP (P8)",
                            "attack someone still standing")
    weapon = attack_weapon(rs, attacker, request.weapon)
    within_reach(attacker, target, weapon)
    ability = attack_ability(rs, attacker, request.ability)
    dodge = prepared_dodge(target, attacker, weapon)
    bonus_stat = weapon.bonus_stat
    bonus = rs.stat(attacker.sheet, bonus_stat) if bonus_stat else 0
    ctx = AttackCtx(
        **pool_fields(rs, attacker, request.dice, reaction, tape), target=target.id,
        discard=ability.discard if ability else 0, ac=rs.ac(target),
        dodge=rs.dodge_bonus(target) if dodge else 0,
        proficiency=attacker.sheet.proficiency(weapon.id), dt_floor=rs.numbers.dt_floor,
        dt_change=ability.dt_change if ability else 0, damage_die=weapon.damage_die,
        extra_damage_dice=ability.damage_dice if ability else 0,
        damage_bonus=bonus + attacker.effect_total("damage"),
        bonus_label=f"damage stat {bonus_stat.upper()}" if bonus_stat else "damage effects",
        gm_damage_bonus=request.damage_bonus, hp_before=target.hp or 0, weapon=weapon.id,
        ac_effects=named_effects(target, "ac"), damage_effects=named_effects(attacker, "damage"),
        ability=ability.id if ability else None)
    if ctx.count == 0 and attack_dt(ctx) > 0:
        raise RuleViolation(f"{attacker.name}'s pool is empty: no die to roll, so no "
                            f"success against DT {attack_dt(ctx)} (P3, P7)",
                            "end the turn: its CON dice come back at its end (P4)")
    return AttackPlan(ctx, weapon, ability, dodge)


def named_effects(actor: Actor, key: str) -> tuple[tuple[str, int], ...]:
    """The actor's effects on `key`, each by name, for the breakdown to say."""
    return tuple((e.name, e.mod(key)) for e in actor.effects if e.mod(key))


def within_reach(attacker: Actor, target: Actor, weapon: Any) -> None:
    """P7 (provisional: the rulings give no reach): a melee attack reaches `reach`
    squares, a diagonal neighbour counting one; a ranged or thrown one, `range`."""
    if attacker.zone is None or target.zone is None:
        return
    squares = grid.king_distance(grid.cell_from_name(attacker.zone),
                                 grid.cell_from_name(target.zone))
    farthest = max(weapon.reach, weapon.range)
    if squares > farthest:
        raise RuleViolation(f"{target.name} is {plural(squares, 'square')} away; the "
                            f"{weapon.name} reaches {plural(farthest, 'square')} (P7)",
                            "move closer first (an action), or wield a weapon that reaches")


def _plan(acting: Acting) -> AttackPlan:
    return plan_attack(acting.state, acting.rs, AttackRequest.read(acting.request),
                       reaction=acting.reaction, tape=acting.tape)


def _cost(acting: Acting) -> dict[str, int]:
    """P6: an attack takes an action; an augmenting ability, its own (P12)."""
    ability = acting.request.get("ability")
    if ability is None:
        return fixed_cost("attack")(acting)
    return {ACTIONS: acting.rs.library.abilities[ability].cost}


def _attack(acting: Acting) -> Done:
    """Roll the pool against the DT, then the damage dice of a hit (P7-P9); the pool
    keeps its successes, a dodge is used up, the defender takes the damage."""
    plan, tape, state = acting.plan, acting.tape, acting.state
    attacker = state.actors[plan.ctx.actor]
    tape.note(f"{attacker.name} attacks {state.actors[plan.ctx.target].name} with the "
              f"{plan.weapon.name}", None, "P7")
    ctx = replace(play(ATTACK_STEPS, plan.ctx, tape), notes=tuple(tape.notes))
    events = [AttackResolved(attacker.id, ctx, action="attack")]
    if plan.dodge is not None:
        state, used = use_preparation(state, ctx.target, plan.dodge,
                                      f"{attacker.name}'s attack", ctx.dodge)
        events += used
    state, pooled = settle_pool(state, ctx)
    events += pooled
    if ctx.hit:
        state, hurt = harm.set_hp(state, acting.rs, ctx.target, ctx.hp_after,
                                  f"hit by {attacker.name} (P8)")
        events += hurt
    return Done(state, tuple(events), ctx)


ATTACK = Action("attack", _attack, cost=_cost, prepare=_plan, what="an attack")
