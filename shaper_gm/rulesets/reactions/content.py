"""Read `content/reactions/` into the frozen `Library`, by its `kinds.yaml`.

Files by name: `ruleset.yaml` (the rulings' numbers), `creatures.yaml`, `weapons.yaml`,
`spells.yaml`, `shields.yaml` (each a mapping of ids to items). Every problem in every
file is collected and reported together as one ContentError naming file, line, item and
key.
"""

from __future__ import annotations

from typing import Any

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.kinds import Kinds, load_kinds
from shaper_gm.rulesets.reactions import models
from shaper_gm.rulesets.reactions.models import Library

RULESET_ID = "reactions"


def kinds(root: Any = None) -> Kinds:
    """The compiled `kinds.yaml` of `content/reactions/` (or `root`/reactions)."""
    return load_kinds(RULESET_ID, models, root)


def load_library(root: Any = None) -> Library:
    """The checked reactions library from `content/reactions/` (or `root`/reactions)."""
    return build_library(ruleset_files(RULESET_ID, root), root)


def build_library(files: list[tuple[str, Any]], root: Any = None) -> Library:
    """The library from (display name, parsed YAML) pairs, as `ruleset_files` gives them."""
    declared = kinds(root)
    numbers, items = declared.build(files)
    return Library(numbers=numbers, creatures=tuple(items["creatures"].items()),
                   attacks=tuple({**items["weapons"], **items["spells"]}.items()),
                   shields=tuple(items["shields"].items()), kinds=declared)
