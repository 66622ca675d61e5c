"""Exact odds of a prepared attack, per target: hit, critical and damage taken (S5-S7).

They come from running the attack's own steps (`pipeline.ATTACK_STEPS`) over exact
distributions, so the hit, critical and damage rules exist once.
"""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.dice import Dist
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.records import record
from shaper_gm.rulesets.shaper.attack import AttackPlan, TargetPlan
from shaper_gm.rulesets.shaper.content.models import RulesetNumbers
from shaper_gm.rulesets.shaper.pipeline import ATTACK_STEPS, Swing


@record
class TargetOdds:
    target: str
    hit: Fraction
    crit: Fraction
    damage: Dist          # HP lost: after Defense and absorption, at most the target's HP
    down: Fraction = Fraction(0)     # the chance the attack drops it to 0 HP (S8)
    hp: int | None = None            # the target's HP the odds start from

    @property
    def mean_damage(self) -> Fraction:
        return self.damage.mean()


def taken(swing: Swing) -> int:
    """Damage past Defense and absorption, as if HP had no floor."""
    result = swing.results[0] if swing.results else None
    return 0 if result is None else result.taken - result.absorbed


def lost(swing: Swing) -> int:
    """HP the target loses: what gets past Defense and absorption, stopping at 0 HP."""
    result = swing.results[0] if swing.results else None
    return 0 if result is None else result.hp_lost


def attack_target_odds(numbers: RulesetNumbers, plan: AttackPlan, target: TargetPlan,
                       decisions: Decisions | None = None) -> TargetOdds:
    """`decisions`: the target's declared reactions (none declared: it does not react)."""
    final = exact(ATTACK_STEPS, Swing(plan, (target,), numbers=numbers), decisions)
    hit = sum((p for s, p in final.items() if s.hits[0]), Fraction(0))
    crit = sum((p for s, p in final.items() if s.crits[0]), Fraction(0))
    down = sum((p for s, p in final.items() if s.results and s.results[0] is not None
                and s.results[0].down), Fraction(0))
    return TargetOdds(target.id, hit, crit, Dist.from_probs(distribution(final, lost)),
                      down, target.hp)


def odds_json(view) -> str:
    """An `OddsView` as JSON, fractions as "n/d"."""
    import json

    def frac(x) -> str:
        return f"{x.numerator}/{x.denominator}"
    return json.dumps({
        "attacker": view.attacker,
        "targets": [{"target": t, "hit": frac(h), "crit": frac(c),
                     "damage": {str(k): frac(v) for k, v in sorted(d.items())},
                     "mean_damage": frac(d.mean()), "down": frac(down), "hp": hp}
                    for t, h, c, d, down, hp in zip(view.targets, view.hit, view.crit,
                                                    view.damage, view.down, view.hp,
                                                    strict=True)],
        "assumed": list(view.notes)}, indent=2)
