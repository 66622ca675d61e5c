"""The old home of the rules core, kept for the ruleset lookup until the engine takes it."""

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rules.ruleset import Ruleset
from shaper_gm.rulesets.shaper.parts import Mod, Part, Step


def ruleset_for(ruleset_id: str, library):
    """The ruleset object for a ruleset id in the content library."""
    from shaper_gm.rulesets.shaper.ruleset import ShaperRuleset

    engines = {"shaper": ShaperRuleset}
    numbers = library.rulesets.get(ruleset_id)
    if numbers is None:
        raise RuleViolation(f"no ruleset {ruleset_id!r} in the content",
                            f"known: {', '.join(sorted(library.rulesets))}")
    return engines.get(ruleset_id, ShaperRuleset)(numbers, library)


__all__ = ["RuleViolation", "Ruleset", "Part", "Mod", "Step", "ruleset_for"]
