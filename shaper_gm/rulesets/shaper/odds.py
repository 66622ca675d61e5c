"""Exact odds of a prepared attack: hit, critical and damage taken per target (S5-S7)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from shaper_gm.content.models import RulesetNumbers
from shaper_gm.dice import Dist, attack_odds, damage_dist, parse
from shaper_gm.rulesets.shaper.attack import AttackPlan, TargetPlan, mods_of
from shaper_gm.rulesets.shaper.parts import total


@dataclass(frozen=True)
class TargetOdds:
    target: str
    hit: Fraction
    crit: Fraction
    damage: Dist          # damage taken, misses counted as 0

    @property
    def mean_damage(self) -> Fraction:
        return self.damage.mean()


def _expr(*parts: str | int) -> str:
    """Join dice texts and numbers into one expression, dropping zeros."""
    terms = [str(p) for p in parts if p not in (0, "0", "", None)]
    text = "+".join(terms) or "0"
    return str(parse(text.replace("+-", "-")))


def attack_target_odds(numbers: RulesetNumbers, plan: AttackPlan,
                       target: TargetPlan) -> TargetOdds:
    odds = attack_odds(numbers.basic_roll, total(plan.attack_bonus), mods_of(plan.modifiers),
                       numbers.basic_roll, total(target.evasion_bonus),
                       mods_of(target.evasion_modifiers), numbers.critical_threshold,
                       attack_extra_dice=plan.extra_attack_dice)
    base = [plan.weapon.damage, *plan.damage_dice, total(plan.damage_bonus)]
    defense = (_expr(target.defense, total(target.defense_bonus))
               if target.defense or target.defense_bonus else None)
    pierce_const = plan.weapon.pierce + total(plan.pierce_bonus)
    pierce: int | str = (_expr(*plan.pierce_dice, pierce_const) if plan.pierce_dice
                         else pierce_const)
    magic = plan.is_magic if target.magic is None else target.magic

    def taken(*extra: str) -> Dist:
        return damage_dist(_expr(*base, *extra), defense, magic=magic, pierce=pierce,
                           absorb=target.absorb)

    plain_hit = odds.hit - odds.crit
    outcomes: dict[int, Fraction] = {0: 1 - odds.hit}
    for weight, dist in ((plain_hit, taken()), (odds.crit, taken(numbers.critical_dice))):
        if weight:
            for value, p in dist.items():
                outcomes[value] = outcomes.get(value, Fraction(0)) + weight * p
    return TargetOdds(target.id, odds.hit, odds.crit, Dist.from_probs(outcomes))
