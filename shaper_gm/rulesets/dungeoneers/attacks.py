"""Strike and power strike (D16-D20): the rules checked first, then the steps played.

`plan_strike` checks a strike against the rules and builds its `Contest`; the strike
verbs pay, play the steps with the command's dice and deal the wounds, and `odds.py`
plays the same plan exactly.
"""

from __future__ import annotations

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.steps import play
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.events import ActionResolved
from shaper_gm.rulesets.dungeoneers.flow import able, begin, finish
from shaper_gm.rulesets.dungeoneers.harm import defenses, take_wounds
from shaper_gm.rulesets.dungeoneers.models import Weapon
from shaper_gm.rulesets.dungeoneers.movement import placed, tiles_between
from shaper_gm.rulesets.dungeoneers.outcomes import StrikeOutcome
from shaper_gm.rulesets.dungeoneers.rolls import check_dice, side_of, ties_to_actor
from shaper_gm.rulesets.dungeoneers.state import actor_of, data_of
from shaper_gm.rulesets.dungeoneers.steps import STRIKE, Contest


@record
class StrikeRequest:
    actor: str | None
    target: str
    weapon: str | None = None     # None: the first weapon in hand, else the bare hand
    boon: int = 0                 # D15
    bane: int = 0
    wound_bonus: int = 0          # --damage-bonus N: the GM's wounds added to each application


@record
class StrikePlan:
    contest: Contest
    weapon: Weapon
    ranged: bool                  # D16: beyond the threat range
    distance: int
    power: bool


def opponents(state: Encounter, request_actor: str | None, target_id: str,
              doing: str) -> tuple[Actor, Actor]:
    """The acting creature and its target, both able to take part."""
    actor = actor_of(state, request_actor)
    target = actor_of(state, target_id, "target")
    able(actor, doing)
    if target.id == actor.id:
        raise RuleViolation(f"{actor.name} cannot {doing} itself", "name another creature")
    if target.down:
        raise RuleViolation(f"{target.name} is already down (D19)", "choose another target")
    return actor, target


def distance_to(rs, actor: Actor, target: Actor) -> int:
    return tiles_between(rs, placed(actor), placed(target))


def threatens(rs, actor: Actor, target: Actor) -> bool:
    """Whether `target` is within `actor`'s threat range (D16, D24, D25)."""
    return distance_to(rs, actor, target) <= actor.sheet.threat_range


def weapon_for(rs, actor: Actor, wanted: str | None) -> Weapon:
    """The named weapon, which must be in hand (D22), else the first in hand, else the
    bare hand (D16: a fist strikes too)."""
    library = rs.library
    holding = data_of(actor).holding
    unarmed = rs.numbers.unarmed
    if wanted is None:
        return library.weapons[holding[0] if holding else unarmed]
    if wanted == unarmed:
        return library.weapons[unarmed]
    if wanted not in actor.sheet.weapons:
        raise RuleViolation(f"{actor.name} carries no {wanted!r} (D16)",
                            f"it carries: {', '.join(actor.sheet.weapons) or 'nothing'}")
    if wanted not in holding:
        raise RuleViolation(f"{actor.name} is not holding the {wanted} (D22)",
                            f"draw it first with an interact (1 AP): interact --draw {wanted}")
    return library.weapons[wanted]


def plan_strike(state: Encounter, rs, request: StrikeRequest, *, power: bool) -> StrikePlan:
    """Check a strike against D16-D20 and build its steps' context (no AP, no dice)."""
    numbers = rs.numbers
    if request.boon < 0 or request.bane < 0:
        raise RuleViolation("boon and bane are counted from 0 (D15)", "give --boon N, --bane N")
    actor, target = opponents(state, request.actor, request.target, "strike")
    weapon = weapon_for(rs, actor, request.weapon)
    tiles = distance_to(rs, actor, target)
    ranged = not threatens(rs, actor, target)
    if ranged and (weapon.reach is None or tiles > weapon.reach):
        why = (f"the {weapon.name} reaches {weapon.reach}" if weapon.reach is not None else
               f"the {weapon.name} has no range or toss property")
        raise RuleViolation(f"{target.name} is {tiles} tiles away, beyond {actor.name}'s "
                            f"threat range {actor.sheet.threat_range}, and {why} (D16)",
                            "move closer first, or strike with a range or toss weapon")
    boon = (request.boon - request.bane + (numbers.power_strike_boon if power else 0)
            + actor.effect_total("boon"))
    attack = side_of(numbers, actor.name, actor.sheet, "striking", "finesse", boon)
    defense = side_of(numbers, target.name, target.sheet, "dodging", "finesse",
                        target.effect_total("defense_boon"))
    body = actor.sheet.body
    extra = (numbers.power_strike_wounds if power else 0) + actor.effect_total("wounds")
    parts = f"{weapon.name} {weapon.wounds} + body {body}"
    if extra:
        parts += f" + {extra} ({'power strike' if power else 'effects'})"
    if request.wound_bonus:
        parts += f" {request.wound_bonus:+d} (GM bonus)"
        extra += request.wound_bonus
    contest = Contest(
        actor=actor.id, defender=target.id, attack=attack.expr, attack_label=attack.label,
        defense=defense.expr, defense_label=defense.label, rule="D17" if power else "D16",
        actor_wins_ties=ties_to_actor(numbers), critical=True,
        threshold=actor.sheet.critical_threshold,
        pierce=check_dice(numbers, weapon.pierce_die, body),
        pierce_label=f"[d{weapon.pierce_die}] + body {body}",
        armor=target.sheet.armor + target.effect_total("armor"),
        base_wounds=weapon.wounds + body + extra, wound_parts=parts,
        damage_type=weapon.damage_type,
        guard=defenses(numbers.damage_types, target.sheet, weapon.damage_type))
    return StrikePlan(contest, weapon, ranged, tiles, power)


def strike(state: Encounter, rs, request: StrikeRequest, tape):
    """D16: 3 AP; hit test, pierce check, wounds."""
    return _strike(state, rs, request, tape, power=False)


def power_strike(state: Encounter, rs, request: StrikeRequest, tape):
    """D17: 4 AP; a strike with 1 extra wound and 1 boon on the striking roll."""
    return _strike(state, rs, request, tape, power=True)


def _strike(state: Encounter, rs, request: StrikeRequest, tape, *, power: bool):
    action = "power-strike" if power else "strike"
    plan = plan_strike(state, rs, request, power=power)
    begun = begin(state, rs, request.actor, action, rs.numbers.cost(action))
    done = play(STRIKE, plan.contest, tape)
    state, hurt = begun.state, []
    target = state.actors[done.defender]
    if done.wounds:
        state, hurt = take_wounds(state, target.id, done.wounds,
                                  f"{action} by {begun.actor.name}", target.sheet.wound_limit)
    after = state.actors[target.id]
    outcome = StrikeOutcome(
        actor=begun.actor.id, target=target.id, weapon=plan.weapon.id, power=power,
        ranged=plan.ranged, distance=plan.distance, attack_total=done.attack_total,
        defense_total=done.defense_total, margin=done.margin, hit=bool(done.hit),
        criticals=done.criticals, pierce_total=done.pierce_total, armor=done.armor,
        pierced=bool(done.pierced), damage_type=plan.weapon.damage_type,
        base_wounds=done.base_wounds, each=done.each, wounds=done.wounds,
        wounds_after=after.resource("wounds"), down=after.down, cost=begun.cost,
        notes=tuple(tape.notes), rolls=tuple(tape.rolls))
    events = [*begun.events, ActionResolved(begun.actor.id, outcome, action=action), *hurt]
    state, settled = finish(state, rs, begun.actor.id, begun.cost)
    return state, events + settled, outcome
