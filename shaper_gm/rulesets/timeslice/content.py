"""Read `content/timeslice/` into a checked, frozen `Library`, by its `kinds.yaml`:
`ruleset.yaml` (the numbers of T1-T17), `weapons`, `armor`, `gear`, `characters` and
`creatures` (each a file, or a folder of them). Every problem in every file is collected
into one `ContentError` naming file, line, item and key.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.kinds import Kinds, load_kinds
from shaper_gm.rulesets.timeslice import models
from shaper_gm.rulesets.timeslice.models import Library

RULESET_ID = "timeslice"


def kinds(root: Any = None) -> Kinds:
    """The compiled `kinds.yaml` of `content/timeslice/` (or `root`/timeslice)."""
    return load_kinds(RULESET_ID, models, root)


@lru_cache(maxsize=8)
def load_library(root: str | None = None) -> Library:
    """The checked time-slice content under `root` (default: the project's content)."""
    return build_library(ruleset_files(RULESET_ID, root), root)


def build_library(files: list[tuple[str, Any]], root: Any = None) -> Library:
    """A Library from (display name, parsed YAML) pairs; every problem in one ContentError."""
    declared = kinds(root)
    numbers, items = declared.build(files)
    return Library(numbers=numbers, weapons=items["weapons"], armor=items["armor"],
                   gear=items["gear"], templates={**items["characters"], **items["creatures"]},
                   kinds=declared)
