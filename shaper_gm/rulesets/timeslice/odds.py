"""Exact odds of an attack (T9-T12), from the very steps an attack runs.

The swing is planned as for play (`plan.prepare`), then `engine.steps.exact` branches
every roll over its exact outcomes; the defender's choice comes from the declared
answer or its default, as in play.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.rulesets.timeslice.attack import SWING
from shaper_gm.rulesets.timeslice.plan import AttackRequest, prepare


@dataclass(frozen=True)
class AttackOdds:
    attacker: str
    target: str
    defense: str                          # the kind the odds assume (T10)
    hit: Fraction                         # T9
    taken: tuple[tuple[int, Fraction], ...]   # HP lost after DR, a miss counting 0 (T12)

    @property
    def miss(self) -> Fraction:
        return 1 - self.hit

    def taken_at_least(self, amount: int) -> Fraction:
        return sum((p for value, p in self.taken if value >= amount), Fraction(0))


def attack_odds(state: Encounter, rs, request: AttackRequest,
                decisions: Decisions | None = None) -> AttackOdds:
    prepared = prepare(state, rs, request)
    if prepared.dying:
        raise RuleViolation("an attack on a dying character rolls nothing: it takes a minute "
                            "off the timer (T14)", "no odds to work out")
    chooser = decisions or Decisions()
    final = exact(SWING, prepared.swing, chooser)
    defense = next(iter(distribution(final, lambda c: c.defense)))
    hit = distribution(final, lambda c: c.hit).get(True, Fraction(0))
    taken = distribution(final, lambda c: c.taken)
    return AttackOdds(request.attacker, request.target, defense, hit,
                      tuple(sorted(taken.items())))
