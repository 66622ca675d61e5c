"""Exact odds of a strike or power strike: the very steps a strike plays, run with
`engine.steps.exact` (D16-D20). Fractions only; nothing rolled."""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.contests import plan_strike
from shaper_gm.rulesets.dungeoneers.rules import STRIKE_STEPS


@record
class StrikeOdds:
    actor: str
    target: str
    weapon: str
    power: bool
    hit: Fraction                             # D16 (1)
    pierce: Fraction                          # hit and pierced, D16 (2)
    criticals: tuple[tuple[int, Fraction], ...]   # critical hits on a hit (0 includes misses)
    wounds: tuple[tuple[int, Fraction], ...]      # wounds dealt (0 includes misses)
    down: Fraction = Fraction(0)              # its wounds reach the wound limit (D19)
    wounds_now: int = 0                       # the target's wounds before the strike
    wound_limit: int | None = None

    @property
    def mean_wounds(self) -> Fraction:
        return sum((w * p for w, p in self.wounds), Fraction(0))


def strike_odds(state: Encounter, rs, request, *,
                power: bool = False) -> StrikeOdds:
    """Checks the strike as `strike` would (range, weapon, target), but not AP or turn;
    `request` is a strike's (`with`, `boon`, `bane`, `damage-bonus`)."""
    plan = plan_strike(state, rs, request, power=power)
    final = exact(STRIKE_STEPS, plan.contest)
    hit = distribution(final, lambda c: bool(c.hit)).get(True, Fraction(0))
    pierced = distribution(final, lambda c: bool(c.hit and c.pierced)).get(True, Fraction(0))
    crits = distribution(final, lambda c: c.criticals)
    wounds = distribution(final, lambda c: c.wounds)
    target = state.actors[plan.contest.defender]
    now, limit = target.resource("wounds"), target.sheet.wound_limit
    down = sum((p for dealt, p in wounds.items() if dealt and now + dealt >= limit),
               Fraction(0))
    return StrikeOdds(plan.contest.actor, plan.contest.defender, plan.weapon.id, power, hit,
                      pierced, tuple(sorted(crits.items())), tuple(sorted(wounds.items())),
                      down, now, limit)
