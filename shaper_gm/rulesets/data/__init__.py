"""Rulesets written as data: a folder of YAML with an `actions.yaml`, played by the
engine with no Python of its own (`shaper_gm.places.data_rulesets` finds them)."""

from __future__ import annotations

from typing import Any

from shaper_gm.rulesets.data.library import DataLibrary, load
from shaper_gm.rulesets.data.ruleset import DataRuleset


def build_from(folder: Any, library: DataLibrary | None = None) -> DataRuleset:
    """The ruleset written in `folder` (or over `library`, already read)."""
    return DataRuleset(library if library is not None else load(folder))


__all__ = ["DataLibrary", "DataRuleset", "build_from", "load"]
