"""The rulesets that exist, by id, imported only when an encounter asks for one.

An unknown id is refused with the known ones, never defaulted. Tests may register a
ruleset of their own (`register`), which is how the engine is checked against
capabilities no shipped ruleset uses.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from shaper_gm.engine.errors import RuleViolation

# id -> (module path, one-line description); the module has `build(library) -> Ruleset`.
KNOWN: dict[str, tuple[str, str]] = {
    "shaper": ("shaper_gm.rulesets.shaper", "Shaper: a pool of three action kinds a turn, "
               "skill points, 3d6 against 3d6 (S1-S29)"),
    "dungeoneers": ("shaper_gm.rulesets.dungeoneers", "Dungeoneers: 6 AP a round, one action "
                    "a turn, most AP acts next (D1-D29)"),
    "timeslice": ("shaper_gm.rulesets.timeslice", "Time slices: a TS budget spent in passes, "
                  "d10s read 0-9, dying timers (T1-T17)"),
    "dicepool": ("shaper_gm.rulesets.dicepool", "Dice pool: a pool spent by rolls and refilled "
                 "by CON, margin-of-success damage (P1-P12)"),
    "reactions": ("shaper_gm.rulesets.reactions", "Reactions: typed attacks, block and dodge, "
                  "critical rolls, shields (R1-R12)"),
}
DEFAULT = "shaper"
_extra: dict[str, tuple[str, str]] = {}


def register(ruleset_id: str, module: str, description: str = "") -> None:
    _extra[ruleset_id] = (module, description)


def known() -> dict[str, tuple[str, str]]:
    return {**KNOWN, **_extra}


def ids() -> list[str]:
    return sorted(known())


def check(ruleset_id: str) -> str:
    if ruleset_id not in known():
        raise RuleViolation(f"no ruleset {ruleset_id!r}", f"known rulesets: {', '.join(ids())}")
    return ruleset_id


def module_of(ruleset_id: str) -> ModuleType:
    return importlib.import_module(known()[check(ruleset_id)][0])


def verbs_of(ruleset_id: str) -> ModuleType | None:
    """The ruleset's command verbs (its `verbs` module), or None if it declares none."""
    try:
        return importlib.import_module(f"{known()[check(ruleset_id)][0]}.verbs")
    except ModuleNotFoundError:
        return None
