"""`odds ATTACKER TARGET`: exact chances of an attack given the defender's declared
reactions, from the very steps an attack plays (`engine.steps.exact`)."""

from __future__ import annotations

import json
from fractions import Fraction

from shaper_gm.dice import Dist
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.records import record
from shaper_gm.rulesets.reactions.attack import checked
from shaper_gm.rulesets.reactions.steps import Strike, attack_steps


@record
class AttackOdds:
    attacker: str
    defender: str
    attack_type: str
    reactions: tuple[str, ...]   # the declared reactions the odds assume, in order
    dodged: Fraction             # R4
    blocked: Fraction            # R2, R6: a block succeeded
    critical: Fraction           # R5
    down: Fraction               # R8
    damage: Dist                 # R6: damage after armor and block bonus (0 when dodged)
    health_lost: Dist            # R7, R8: what reaches health after the shield
    weapon: str = ""             # the weapon's or spell's name
    power: int = 0               # R1, with effects and --power
    assumed: tuple[str, ...] = ()   # the numbers the odds read, each with its ruling

    @property
    def hit(self) -> Fraction:
        """The attack was not dodged."""
        return 1 - self.dodged


def success(target: int, sides: int) -> Fraction:
    """R3: the chance a d`sides` reaches `target`."""
    return Fraction(max(0, min(sides, sides + 1 - target)), sides)


def shown(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _assumed(strike: Strike) -> tuple[str, ...]:
    die = strike.die
    out = [f"critical {strike.critical_target}+ on a d{die} "
           f"({shown(success(strike.critical_target, die))}), bonus {strike.critical_bonus} "
           "(R3, R5)"]
    if strike.blockable:
        out.append(f"block {strike.block_target}+ ({shown(success(strike.block_target, die))}"
                   f" each, {strike.block_cost} reaction) (R2, R3)")
    out.append(f"dodge {strike.dodge_target}+ ({shown(success(strike.dodge_target, die))} "
               f"each, {strike.dodge_cost} reactions) (R2, R3)")
    if strike.attack_type == "true":
        out.append("true damage: no armor, no block bonus (R6)")
    else:
        out.append(f"{strike.attack_type} armor {strike.armor}, block bonus "
                   f"{strike.block_bonus} (R6)")
    if strike.shield:
        soaks = "soaks it" if strike.shield_soaks else "does not soak this type"
        out.append(f"shield {strike.shield} {soaks} (R7)")
    out.append(f"health {strike.health} (R8)")
    if not strike.may_react:
        out.append("the defender is up: it cannot react (R11)")
    return tuple(out)


def attack_odds(state: Encounter, rs, request: Request,
                decisions: Decisions | None = None) -> AttackOdds:
    decisions = decisions or Decisions()
    prepared = checked(state, rs, request, decisions.declared)
    strike = prepared.strike
    declared = [answer for _, answer in decisions.declared]
    final = exact(attack_steps(strike, len(declared)), strike, decisions)

    def chance(reading) -> Fraction:
        return sum((p for ctx, p in final.items() if reading(ctx)), Fraction(0))

    def dist(reading) -> Dist:
        return Dist.from_probs(distribution(final, reading))

    return AttackOdds(
        attacker=strike.attacker, defender=strike.defender, attack_type=strike.attack_type,
        reactions=tuple(declared), dodged=chance(lambda c: c.dodged),
        blocked=chance(lambda c: c.blocked), critical=chance(lambda c: c.critical),
        down=chance(lambda c: c.down), damage=dist(lambda c: c.damage),
        health_lost=dist(Strike.health_lost.fget), weapon=prepared.weapon.name,
        power=strike.power, assumed=_assumed(strike))


def odds_json(odds: AttackOdds) -> str:
    """The odds as JSON, every chance an exact ``"n/d"`` string."""
    def frac(p) -> str:
        p = Fraction(p)
        return f"{p.numerator}/{p.denominator}"

    def table(d) -> dict[str, str]:
        return {str(value): frac(d[value]) for value in d}

    return json.dumps({
        "attacker": odds.attacker, "defender": odds.defender, "weapon": odds.weapon,
        "type": odds.attack_type, "power": odds.power, "reactions": list(odds.reactions),
        "hit": frac(odds.hit), "dodged": frac(odds.dodged), "blocked": frac(odds.blocked),
        "critical": frac(odds.critical), "down": frac(odds.down),
        "damage": table(odds.damage), "mean_damage": frac(odds.damage.mean()),
        "health_lost": table(odds.health_lost),
        "mean_health_lost": frac(odds.health_lost.mean()),
        "assumed": list(odds.assumed)}, indent=2)
