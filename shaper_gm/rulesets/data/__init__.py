"""Rulesets written as data: a folder of YAML with an `actions.yaml`, played by the
engine with no Python of its own (`shaper_gm.places.data_rulesets` finds them)."""

from __future__ import annotations

from typing import Any

from shaper_gm.rulesets.data.library import DataLibrary, RulesetFileError, load
from shaper_gm.rulesets.data.ruleset import DataRuleset


def build_from(folder: Any, library: DataLibrary | None = None) -> DataRuleset:
    """The ruleset written in `folder` (or over `library`, already read). A folder whose
    declarations hold together in a way no check foresaw is still refused in one line,
    never a crash."""
    from shaper_gm.content.schema import ContentError
    try:
        return DataRuleset(library if library is not None else load(folder))
    except (TypeError, AttributeError, KeyError, ValueError) as exc:
        if isinstance(exc, ContentError):
            raise
        raise RulesetFileError([f"{getattr(folder, 'name', folder)}: its declarations do "
                                f"not hold together ({type(exc).__name__}: {exc})"],
                               folder) from None


__all__ = ["DataLibrary", "DataRuleset", "build_from", "load"]
