"""The pure rules core: frozen data and pure functions, no I/O (see tests/rules/test_purity.py)."""

from shaper_gm.rules.errors import RuleViolation
from shaper_gm.rules.parts import Mod, Part, Step
from shaper_gm.rules.ruleset import Ruleset


def ruleset_for(ruleset_id: str, library):
    """The ruleset object for a ruleset id in the content library."""
    from shaper_gm.rules.shaper.ruleset import ShaperRuleset

    engines = {"shaper": ShaperRuleset}
    numbers = library.rulesets.get(ruleset_id)
    if numbers is None:
        raise RuleViolation(f"no ruleset {ruleset_id!r} in the content",
                            f"known: {', '.join(sorted(library.rulesets)) or 'none'}")
    return engines.get(ruleset_id, ShaperRuleset)(numbers, library)


__all__ = ["RuleViolation", "Ruleset", "Part", "Mod", "Step", "ruleset_for"]
