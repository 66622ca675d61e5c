"""Exact odds of a strike or power strike: the very steps a strike plays, run with
`engine.steps.exact` (D16-D20), as the one odds record (`engine.odds`). Nothing rolled."""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.dice import Dist
from shaper_gm.engine.exact_kept import kept_exact
from shaper_gm.engine.odds import Chance, Fact, Odds, Spread, TargetOdds
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import chance as chance_of
from shaper_gm.engine.steps import distribution
from shaper_gm.rulesets.dungeoneers.contests import plan_strike
from shaper_gm.rulesets.dungeoneers.rules import STRIKE_STEPS


def strike_odds(state: Encounter, rs, request, *, power: bool = False) -> Odds:
    """Checks the strike as `strike` would (range, weapon, target), but not AP or turn;
    `request` is a strike's (`with`, `boon`, `bane`, `damage-bonus`)."""
    plan = plan_strike(state, rs, request, power=power)
    final = kept_exact(STRIKE_STEPS, plan)

    def chance(reading) -> Fraction:
        return chance_of(final, reading)

    wounds = Dist.from_probs(distribution(final, lambda c: c.wounds))
    target = state.actors[plan.defender]
    now, limit = target.resource("wounds"), target.sheet.wound_limit
    odds = TargetOdds(
        target.id,
        (Chance("hit", chance(lambda c: c.hit), "D11, D16"),
         Chance("pierce", chance(lambda c: c.hit and c.pierced), "hit and pierced, D16"),
         Chance("down", wounds.prob(lambda dealt: dealt and now + dealt >= limit),
                f"wounds {now} of {limit} reach the limit, D19")),
        (Spread("criticals", Dist.from_probs(distribution(final, lambda c: c.criticals)),
                "critical hits, 0 with the misses, D17", label="critical hits"),
         Spread("wounds", wounds, "dealt, 0 with the misses, D18-D20")),
        harm="wounds", resource="wounds", start=now, limit=limit)
    return Odds(plan.actor, "power-strikes" if power else "strikes", (odds,),
                weapon=rs.library.weapons[plan.weapon].name, facts=(Fact("power", "", power),))
