"""Read and check `content/dungeoneers/` by its `kinds.yaml`: the ruleset's numbers,
weapons, spells, creatures.

`ruleset.yaml` holds the numbers; `weapons`, `spells` and `creatures` (each a file or a
folder of them) map ids to items. What only the rules can check across them (what an
action costs, the default sheet, the hands a creature's weapons take) is checked here.
Every problem in every file is collected and raised together as one ContentError.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.kinds import Kinds, load_kinds
from shaper_gm.content.library import check_refs, defined
from shaper_gm.content.schema import Ctx
from shaper_gm.rulesets.dungeoneers import models
from shaper_gm.rulesets.dungeoneers.models import ACTIONS, Library

RULESET_ID = "dungeoneers"


def kinds(root: Any = None) -> Kinds:
    """The compiled `kinds.yaml` of `content/dungeoneers/` (or `root`/dungeoneers)."""
    return load_kinds(RULESET_ID, models, root)


def load_library(root: str | None = None) -> Library:
    """The checked Dungeoneers content under `root` (default: the project's content)."""
    return _load(root)


@lru_cache(maxsize=8)
def _load(root: str | None) -> Library:
    return build_library(ruleset_files(RULESET_ID, root), root)


clear_cache = _load.cache_clear


def build_library(files: list[tuple[str, Any]], root: Any = None) -> Library:
    """A Library from (display name, parsed YAML) pairs, or one ContentError."""
    declared = kinds(root)
    made: dict[str, Any] = {}

    def after(at: Callable[[str, str], Ctx], rules: Ctx, numbers: Any, items: dict,
              origin: dict) -> None:
        made["default"] = _cross_check(declared, at, rules, numbers, items, origin)
    numbers, items = declared.build(files, after)
    numbers = replace(numbers, default_sheet=None)      # as read: made into `default_sheet`
    return Library(numbers=numbers, weapons=items["weapons"], spells=items["spells"],
                   creatures=items["creatures"], default_sheet=made["default"],
                   kinds=declared)


def _cross_check(declared: Kinds, at: Callable[[str, str], Ctx], rules: Ctx, numbers: Any,
                 items: dict, origin: dict[tuple[str, str], str]) -> Any:
    """Each action's cost (D2); the default sheet, a creature; no creature holds more
    than its hands (D22). The default sheet, made."""
    top = numbers.max_action_cost
    for action, cost in numbers.costs:
        if action not in ACTIONS:
            rules.error(f"costs.{action}", f"unknown action (known: {', '.join(ACTIONS)})")
        elif not 1 <= cost <= top:
            rules.error(f"costs.{action}", f"an action costs 1 to {top} AP (D2), got {cost}")
    here = rules.at(rules.file, "default_sheet")
    default = declared.item("creatures", here, "creature", numbers.default_sheet or {},
                            numbers)
    sheets = [(at("creatures", key), sheet) for key, sheet in items["creatures"].items()]
    if default is not None:
        check_refs(here, default, declared.refs("Sheet"), defined(origin))
        sheets.append((here, default))
        if "default_sheet" in numbers.provisional:
            default = default.with_(provisional=("all",))
    for where, sheet in sheets:
        in_hand = sum(items["weapons"][w].hands for w in sheet.holding if w in items["weapons"])
        if in_hand > numbers.hands:
            where.error("holding", f"takes {in_hand} hands; a creature has {numbers.hands}")
    return default
