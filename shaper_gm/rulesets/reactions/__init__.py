"""The reactions ruleset (rulings R1-R12): typed attacks, block and dodge reactions,
critical rolls, typed armor, shields."""

from __future__ import annotations

from shaper_gm.rulesets.reactions.models import Library
from shaper_gm.rulesets.reactions.ruleset import ReactionsRuleset


def build(library: Library | None = None) -> ReactionsRuleset:
    """The ruleset on `library`, or on the content in `content/reactions/` when None."""
    if library is None:
        from shaper_gm.rulesets.reactions.content import load_library
        library = load_library()
    return ReactionsRuleset(library)


__all__ = ["Library", "ReactionsRuleset", "build"]
