"""The rulesets that exist, by id, imported only when an encounter asks for one.

An unknown id is refused with the known ones, never defaulted. Tests may register a
ruleset of their own (`register`), which is how the engine is checked against
capabilities no shipped ruleset uses.
"""

from __future__ import annotations

import importlib

from shaper_gm.engine.errors import RuleViolation

# id -> (module path, one-line description); the module has `build(library) -> Ruleset`.
KNOWN: dict[str, tuple[str, str]] = {
    "shaper": ("shaper_gm.rulesets.shaper", "Shaper: 3 Major / 1 Minor / 1 Free, 3d6 vs "
               "Evasion (S1-S29)"),
}
_extra: dict[str, tuple[str, str]] = {}


def register(ruleset_id: str, module: str, description: str = "") -> None:
    _extra[ruleset_id] = (module, description)


def unregister(ruleset_id: str) -> None:
    _extra.pop(ruleset_id, None)


def known() -> dict[str, tuple[str, str]]:
    return {**KNOWN, **_extra}


def ids() -> list[str]:
    return sorted(known())


def check(ruleset_id: str) -> str:
    if ruleset_id not in known():
        raise RuleViolation(f"no ruleset {ruleset_id!r}", f"known rulesets: {', '.join(ids())}")
    return ruleset_id


def module_of(ruleset_id: str):
    return importlib.import_module(known()[check(ruleset_id)][0])
