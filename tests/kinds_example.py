"""A declared kinds file to test the declarations with: the reactions ruleset's
`kinds.yaml` and content from when it was a Python ruleset (tests/fixtures/kinds/), and
the words and checks that file names, as its module held them. The ruleset itself is
written as data now (content/reactions/); this is only the example."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from shaper_gm.records import record

ROOT = Path(__file__).resolve().parent / "fixtures" / "kinds" / "content"
RULESET_ID = "reactions"

ATTACK_TYPES = ("physical", "magical", "true")            # R1
REACTIONS = ("block", "dodge")                            # R2
SHIELD_SOAKS = ("all", "true_only")                       # R7
SHIELD_EXPIRES = ("turn_start", "never")                  # R12
TURN = ("move", "action")                                 # R10: a turn's budget
ACTIONS = ("attack", "shield", "move")                    # R10, R12: what costs

RECORDS = ("Sheet", "Attack", "Shield", "Numbers")         # declared in kinds.yaml


@record
class Library:
    numbers: Any                                       # the Numbers record
    creatures: tuple[tuple[str, Any], ...] = ()        # Sheet records
    attacks: tuple[tuple[str, Any], ...] = ()          # weapons and spells, one namespace
    shields: tuple[tuple[str, Any], ...] = ()
    kinds: Any = None                                  # the compiled kinds.yaml


def kinds(root: Any = None) -> Any:
    """The compiled kinds.yaml of `root`/reactions (default: the example's)."""
    from shaper_gm.content.kinds import load_kinds
    return load_kinds(RULESET_ID, sys.modules[__name__], ROOT if root is None else root)


def load_library(root: Any = None) -> Library:
    """The checked library of `root`/reactions (default: the example's)."""
    from shaper_gm.content.folders import ruleset_files
    root = ROOT if root is None else root
    declared = kinds(root)
    numbers, items = declared.build(ruleset_files(RULESET_ID, root))
    return Library(numbers=numbers, creatures=tuple(items["creatures"].items()),
                   attacks=tuple({**items["weapons"], **items["spells"]}.items()),
                   shields=tuple(items["shields"].items()), kinds=declared)


def __getattr__(name: str) -> Any:
    """A record class of the example's kinds.yaml, made on first use."""
    if name in RECORDS:
        return kinds().record(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
