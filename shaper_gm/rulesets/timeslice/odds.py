"""Exact odds of an attack (T9-T12), from the very steps an attack runs.

The swing is planned as for play (`plan.prepare`), then `engine.steps.exact` branches
every roll over its exact outcomes; the defender's choice comes from the declared
answer or its default, as in play.
"""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.records import record
from shaper_gm.rulesets.timeslice.attack import SWING
from shaper_gm.rulesets.timeslice.plan import AttackRequest, prepare


@record
class AttackOdds:
    attacker: str
    target: str
    defense: str                          # the kind the odds assume (T10)
    hit: Fraction                         # T9
    taken: tuple[tuple[int, Fraction], ...]   # HP lost after DR, a miss counting 0 (T12),
    #                                           never more than the target's HP (T13)
    down: Fraction = Fraction(0)          # the chance it drops to 0 HP (T13)
    hp: int = 0                           # the target's HP the odds start from

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
    lost = distribution(final, lambda c: c.hp - c.hp_after)
    down = distribution(final, lambda c: c.hit and c.hp_after == 0).get(True, Fraction(0))
    return AttackOdds(request.attacker, request.target, defense, hit,
                      tuple(sorted(lost.items())), down, prepared.swing.hp)
