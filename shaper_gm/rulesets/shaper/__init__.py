"""The Shaper ruleset (rulings S1-S29)."""

from shaper_gm.rulesets.shaper.attack import (
    AttackOutcome,
    AttackPlan,
    DamageRoll,
    Dice,
    TargetOutcome,
    TargetPlan,
)
from shaper_gm.rulesets.shaper.battlefield import band_name, distance, parse_zone, zone_name
from shaper_gm.rulesets.shaper.creation import ActorStats, create_actor, stats_from_sheet
from shaper_gm.rulesets.shaper.damage import DamageResult, damage_pipeline
from shaper_gm.rulesets.shaper.economy import new_pool, pay
from shaper_gm.rulesets.shaper.pipeline import resolve_attack
from shaper_gm.rulesets.shaper.ruleset import PreparedAttack, ShaperRuleset
from shaper_gm.rulesets.shaper.situation import FieldView, Placement, RangeCheck

__all__ = [
    "ActorStats", "AttackOutcome", "AttackPlan", "DamageResult", "DamageRoll", "Dice",
    "FieldView", "Placement", "PreparedAttack", "RangeCheck", "ShaperRuleset",
    "TargetOutcome", "TargetPlan", "band_name", "create_actor", "damage_pipeline",
    "distance", "new_pool", "parse_zone", "pay", "resolve_attack", "stats_from_sheet",
    "zone_name",
]


def build(library=None) -> ShaperRuleset:
    """The Shaper ruleset with its numbers from the content library; without `library`,
    the shipped one (or $SHAPER_GM_CONTENT's), read in full on first use."""
    if library is None:
        from shaper_gm.rulesets.shaper.content.loader import load_library, load_numbers
        return ShaperRuleset(load_numbers(), load_library=load_library)
    return ShaperRuleset(library.rulesets["shaper"], library)
