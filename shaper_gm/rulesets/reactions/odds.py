"""`odds ATTACKER TARGET`: exact chances of an attack given the defender's declared
reactions, from the very steps an attack plays (`engine.steps.exact`), as the one odds
record (`engine.odds`)."""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.dice import Dist
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.odds import Chance, Fact, Odds, Spread, TargetOdds
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.rulesets.reactions.attack import checked, plural
from shaper_gm.rulesets.reactions.steps import Strike, attack_steps


def success(target: int, sides: int) -> Fraction:
    """R3: the chance a d`sides` reaches `target`."""
    return Fraction(max(0, min(sides, sides + 1 - target)), sides)


def shown(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _assumed(strike: Strike) -> tuple[str, ...]:
    def p(target: int) -> str:
        return shown(success(target, strike.die))

    out = [f"critical {strike.critical_target}+ on a d{strike.die} "
           f"({p(strike.critical_target)}), bonus {strike.critical_bonus} (R3, R5)"]
    for reaction in ("block", "dodge") if strike.blockable else ("dodge",):
        target = strike.target_of(reaction)
        out.append(f"{reaction} {target}+ ({p(target)} each, "
                   f"{plural(strike.cost_of(reaction), 'reaction')}) (R2, R3)")
    if strike.attack_type == "true":
        out.append("true damage: no armor, no block bonus (R6)")
    else:
        out.append(f"{strike.attack_type} armor {strike.armor}, block bonus "
                   f"{strike.bonus_on_block} (R6)")
    if strike.shield:
        soaks = "soaks it" if strike.shield_soaks else "does not soak this type"
        out.append(f"shield {strike.shield} {soaks} (R7)")
    out.append(f"health {strike.health} (R8)")
    if not strike.may_react:
        out.append("the defender is up: it cannot react (R11)")
    return tuple(out)


def attack_odds(state: Encounter, rs, request: Request,
                decisions: Decisions | None = None) -> Odds:
    decisions = decisions or Decisions()
    strike = checked(state, rs, request, decisions.declared)
    declared = [answer for _, answer in decisions.declared]
    final = exact(attack_steps(strike, len(declared)), strike, decisions)

    def chance(reading) -> Fraction:
        return sum((p for ctx, p in final.items() if reading(ctx)), Fraction(0))

    def dist(reading) -> Dist:
        return Dist.from_probs(distribution(final, reading))

    dodged = chance(lambda c: c.dodged)
    target = TargetOdds(
        strike.defender,
        (Chance("dodged", dodged, "R4"), Chance("hit", 1 - dodged, "not dodged, R4"),
         Chance("blocked", chance(lambda c: c.blocked), "R2, R6"),
         Chance("critical", chance(lambda c: c.critical), "R5"),
         Chance("down", chance(lambda c: c.down), "health 0, R8")),
        (Spread("damage", dist(lambda c: c.damage), "after armor and block bonus, R6"),
         Spread("health_lost", dist(Strike.health_lost.fget), "after the shield, R7, R8")),
        harm="health_lost", start=strike.health)
    order = " (tried in order until one succeeds, R2)" if len(declared) > 1 else ""
    facts = (Fact("type", strike.attack_type, note="R1"),
             Fact("power", str(strike.power), strike.power, "R1"),
             Fact("reactions", (", ".join(declared) or "none") + order, tuple(declared),
                  "R2"))
    return Odds(strike.attacker, "attacks", (target,), weapon=strike.weapon_name,
                facts=facts, assumed=_assumed(strike))
