"""The Dungeoneers ruleset (rulings D1-D29): 6 AP a round, one action a turn, the most
AP acts next."""

from shaper_gm.rulesets.dungeoneers.models import Library
from shaper_gm.rulesets.dungeoneers.ruleset import DungeoneersRuleset


def build(library: Library | None = None) -> DungeoneersRuleset:
    """The ruleset over `library`, or over the project's `content/dungeoneers/`."""
    if library is None:
        from shaper_gm.rulesets.dungeoneers.content import load_library
        library = load_library()
    return DungeoneersRuleset(library)


__all__ = ["DungeoneersRuleset", "build"]
