"""The Shaper ruleset (rulings S1-S29).

The names below load their modules on first use: building the ruleset for an encounter
reads only what a command needs (the attack pipeline waits for the first attack).
"""

from importlib import import_module

_HOMES = {
    "AttackOutcome": "attack", "AttackPlan": "attack", "DamageRoll": "attack",
    "Dice": "attack", "TargetOutcome": "attack", "TargetPlan": "attack",
    "band_name": "battlefield", "distance": "battlefield", "parse_zone": "battlefield",
    "zone_name": "battlefield",
    "ActorStats": "creation", "create_actor": "creation", "stats_from_sheet": "creation",
    "DamageResult": "damage", "damage_pipeline": "damage",
    "new_pool": "economy", "pay": "economy",
    "resolve_attack": "pipeline",
    "PreparedAttack": "prepare", "ShaperRuleset": "ruleset",
    "FieldView": "situation", "Placement": "situation", "RangeCheck": "situation",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build(library=None):
    """The Shaper ruleset with its numbers from the content library; without `library`,
    the shipped one (or $SHAPER_GM_CONTENT's), read in full on first use."""
    from shaper_gm.rulesets.shaper.ruleset import ShaperRuleset
    if library is None:
        from shaper_gm.rulesets.shaper.content.loader import load_library, load_numbers
        return ShaperRuleset(load_numbers(), load_library=load_library)
    return ShaperRuleset(library.rulesets["shaper"], library)
