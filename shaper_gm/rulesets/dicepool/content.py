"""Read and check `content/dicepool/` into a frozen `Library`, by its `kinds.yaml`.

The folder holds ruleset.yaml (the numbers), weapons.yaml, abilities.yaml,
characters.yaml and creatures.yaml. Every problem in every file is collected and
reported at once as one ContentError, each line naming the file, the item and the key;
what only the rules can check (the stats the content names, a sheet's weapon in hand)
is checked here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.kinds import Kinds, load_kinds
from shaper_gm.content.library import check_refs, defined
from shaper_gm.content.schema import Ctx
from shaper_gm.rulesets.dicepool import models
from shaper_gm.rulesets.dicepool.models import SHEET_OWN, Library

RULESET_ID = "dicepool"


def kinds(root: Any = None) -> Kinds:
    """The compiled `kinds.yaml` of `content/dicepool/` (or `root`/dicepool)."""
    return load_kinds(RULESET_ID, models, root)


def load(root: Any = None) -> Library:
    """The checked dice-pool library from `content/dicepool/` (or `root`/dicepool)."""
    return build_library(ruleset_files(RULESET_ID, root), root)


def build_library(files: Iterable[tuple[str, Any]], root: Any = None) -> Library:
    """A Library from (display name, parsed YAML) pairs; raises one ContentError."""
    declared = kinds(root)
    numbers, items = declared.build(list(files), partial(_cross_check, declared))
    return Library(numbers, items["weapons"], items["abilities"],
                   {**items["characters"], **items["creatures"]}, declared)


def _cross_check(declared: Kinds, at: Callable[[str, str], Ctx], rules: Ctx, numbers: Any,
                 items: dict, origin: dict[tuple[str, str], str]) -> None:
    """The pool die can succeed; stats, sheet numbers and weapons the items and numbers
    name exist."""
    if numbers.success_on > numbers.pool_die:
        rules.error("success_on", f"{numbers.success_on} is above the pool die's top face "
                    f"({numbers.pool_die}): no die could succeed")
    stats = ", ".join(numbers.stats)

    def stat(where: Ctx, key: str, value: str | None) -> None:
        if value is not None and value not in numbers.stats:
            where.error(key, f"{value!r} is not one of the stats ({stats})")
    for key in ("refill_stat", "initiative_stat", "prepare_stat"):
        stat(rules, key, getattr(numbers, key))
    for weapon in items["weapons"].values():
        for key in ("stat", "damage_stat"):
            stat(at("weapons", weapon.id), key, getattr(weapon, key))
    named = (*numbers.stats, *SHEET_OWN)
    for ability in items["abilities"].values():
        for key, _ in ability.mods:
            if key not in named:
                at("abilities", ability.id).error(
                    f"mods.{key}", f"not a sheet number ({', '.join(named)})")
    sheets = [(at(kind, s.id), s)
              for kind in ("characters", "creatures") for s in items[kind].values()]
    if numbers.default_sheet is not None:
        default = rules.at(rules.file, "default")
        sheets.append((default, numbers.default_sheet))
        check_refs(default, numbers.default_sheet, declared.refs("Sheet"), defined(origin))
    for where, sheet in sheets:
        for key, _ in sheet.stats:
            if key not in numbers.stats:
                where.error(f"stats.{key}", f"not one of the stats ({stats})")
        if sheet.holding is not None and sheet.holding not in sheet.weapons:
            where.error("holding", f"{sheet.holding!r} is not among its weapons")

