"""The rulesets that exist, by id, imported only when an encounter asks for one.

Rulesets written in Python are listed here; rulesets written as data are found on disk
(`shaper_gm.places.data_rulesets`: a content folder with an `actions.yaml`) and played
by `shaper_gm.rulesets.data`. An unknown id is refused with the known ones, never
defaulted. Tests may register a ruleset of their own (`register`), which is how the
engine is checked against capabilities no shipped ruleset uses.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.places import data_rulesets

# id -> (module path, one-line description); the module has `build(library) -> Ruleset`.
KNOWN: dict[str, tuple[str, str]] = {
    "shaper": ("shaper_gm.rulesets.shaper", "Shaper: a pool of three action kinds a turn, "
               "skill points, 3d6 against 3d6 (S1-S29)"),
}
DEFAULT = "shaper"
DATA = "shaper_gm.rulesets.data"         # plays every ruleset written as data
_extra: dict[str, tuple[str, str]] = {}


def register(ruleset_id: str, module: str, description: str = "") -> None:
    _extra[ruleset_id] = (module, description)


def written_as_data() -> dict[str, Any]:
    """The rulesets written as data, by id. A content folder that declares its actions
    plays as data even where a Python ruleset has its id: a ruleset moves to data by
    its folder alone, and a GM's own version of one replaces the shipped one."""
    return {ruleset_id: folder for ruleset_id, folder in data_rulesets().items()
            if ruleset_id not in _extra}


def known() -> dict[str, tuple[str, str]]:
    data = {ruleset_id: (DATA, f"written as data in {folder.parent.name}/{folder.name}")
            for ruleset_id, folder in written_as_data().items()}
    return {**KNOWN, **data, **_extra}


def build(ruleset_id: str, library: Any = None) -> Any:
    """The ruleset of that id, on `library` (its content as read elsewhere) or on its
    own content."""
    module = module_of(ruleset_id)
    if module.__name__ == DATA:
        return module.build_from(written_as_data()[ruleset_id], library)
    return module.build(library)


def ids() -> list[str]:
    return sorted(known())


def check(ruleset_id: str) -> str:
    if ruleset_id not in known():
        raise RuleViolation(f"no ruleset {ruleset_id!r}", f"known rulesets: {', '.join(ids())}")
    return ruleset_id


def module_of(ruleset_id: str) -> ModuleType:
    return importlib.import_module(known()[check(ruleset_id)][0])


def verbs_of(ruleset_id: str) -> ModuleType | None:
    """The ruleset's command verbs (its `verbs` module, whose `verbs` the commands
    install), or None if it declares none; a ruleset written as data has the verbs of
    its actions."""
    try:
        return importlib.import_module(f"{known()[check(ruleset_id)][0]}.verbs")
    except ModuleNotFoundError:
        return None
