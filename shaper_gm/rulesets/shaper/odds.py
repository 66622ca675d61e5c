"""Exact odds of a prepared attack, per target: hit, critical and damage taken (S5-S7).

They come from running the attack's own steps (`pipeline.ATTACK_STEPS`) over exact
distributions, so the hit, critical and damage rules exist once; the one record
(`engine.odds`) carries them to the one text view and JSON.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from shaper_gm.dice import Dist
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.exact_kept import kept, kept_exact
from shaper_gm.engine.odds import Chance, Odds, Spread, TargetOdds
from shaper_gm.engine.steps import chance as chance_of
from shaper_gm.engine.steps import distribution
from shaper_gm.rulesets.shaper.attack import AttackPlan, TargetPlan
from shaper_gm.rulesets.shaper.pipeline import ATTACK_STEPS, Swing

if TYPE_CHECKING:
    from shaper_gm.rulesets.shaper.content.models import RulesetNumbers


def taken(swing: Swing) -> int:
    """Damage past Defense and absorption, as if HP had no floor."""
    result = swing.results[0] if swing.results else None
    return 0 if result is None else result.taken - result.absorbed


def lost(swing: Swing) -> int:
    """HP the target loses: what gets past Defense and absorption, stopping at 0 HP."""
    result = swing.results[0] if swing.results else None
    return 0 if result is None else result.hp_lost


def attack_target_odds(numbers: RulesetNumbers, plan: AttackPlan, target: TargetPlan,
                       decisions: Decisions | None = None,
                       down_word: str = "down") -> TargetOdds:
    """`decisions`: the target's declared reactions (none declared: it does not react).
    Kept for the process as the exact distribution is (`engine.exact_kept`): the same
    attack on the same target reads the same odds."""
    answers = tuple(decisions.declared) if decisions is not None else ()
    return kept(("target odds", plan, target, numbers, answers, down_word),
                lambda: _worked_out(numbers, plan, target, decisions, down_word))


def _worked_out(numbers: RulesetNumbers, plan: AttackPlan, target: TargetPlan,
                decisions: Decisions | None, down_word: str) -> TargetOdds:
    final = kept_exact(ATTACK_STEPS, Swing(plan, (target,), numbers=numbers), decisions,
                       situation=(plan, target, numbers))   # a Swing compares its rolls alone

    def chance(reading) -> Fraction:
        return chance_of(final, reading)

    down = chance(lambda s: s.results and s.results[0] is not None and s.results[0].down)
    return TargetOdds(
        target.id,
        (Chance("hit", chance(lambda s: s.hits[0]), "S5"),
         Chance("critical", chance(lambda s: s.crits[0]), "S6"),
         Chance("down", down, "dropped to 0 HP, S8", label=down_word)),
        (Spread("hp_lost", Dist.from_probs(distribution(final, lost)),
                "after Defense and absorption, S7", label="HP lost"),),
        harm="hp_lost", start=target.hp)


def attack_odds(rs, actor: str, prepared, decisions: Decisions) -> Odds:
    """The odds of `prepared` (`combat.aim`) on each of its targets, with what it assumed:
    the automatic modifiers and bonuses, and what the GM overruled."""
    plan, targets = prepared.plan, prepared.targets
    notes = tuple(f"{m.name}: {m.reason}" for m in plan.modifiers) + tuple(
        f"{t.id} {m.name}: {m.reason}" for t in targets for m in t.evasion_modifiers
    ) + tuple(o.text for o in plan.overruled) + tuple(
        f"{t.id} {o.text}" for t in targets for o in t.overruled)
    per = tuple(attack_target_odds(rs.numbers, plan, t, decisions, rs.term("down"))
                for t in targets)
    return Odds(actor, "attacks", per, weapon=plan.weapon.name, assumed=notes)
