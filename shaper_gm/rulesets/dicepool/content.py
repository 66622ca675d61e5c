"""Read and check `content/dicepool/` into a frozen `Library`.

The folder holds ruleset.yaml (the numbers), weapons.yaml, abilities.yaml,
characters.yaml and creatures.yaml. Every problem in every file is collected and
reported at once as one ContentError, each line naming the file, the item and the key.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.schema import (
    Bad,
    ContentError,
    Ctx,
    Field,
    boolean,
    check_fields,
    choice,
    dice,
    ident,
    integer,
    list_of,
    mapping_of,
    optional,
    text,
)
from shaper_gm.rulesets.dicepool.models import (
    ABILITY_KINDS,
    Ability,
    Library,
    Numbers,
    Sheet,
    Weapon,
)

RULESET_ID = "dicepool"
ITEM_FILES = ("weapons", "abilities", "characters", "creatures")
REQUIRED_COSTS = ("attack", "move", "prepare", "wield", "act")
# Sheet numbers that are not stats; a stat may not take one of these names.
SHEET_FIELDS = ("ac", "hp", "speed")


def number_name(value: Any) -> str:
    if not isinstance(value, str) or not value.isalpha() or not value.islower():
        raise Bad(f"expected a name in lowercase letters, got {value!r}")
    return value


def grid_size(value: Any) -> tuple[int, int]:
    """`12x12`: columns (1-26) by rows (1-99), as `new --grid` takes it."""
    found = re.match(r"^(\d{1,3})x(\d{1,3})$", value) if isinstance(value, str) else None
    if not found:
        raise Bad(f"expected COLSxROWS, e.g. 12x12, got {value!r}")
    cols, rows = int(found.group(1)), int(found.group(2))
    if not (1 <= cols <= 26 and 1 <= rows <= 99):
        raise Bad(f"{cols}x{rows} is out of range: 1 to 26 columns, 1 to 99 rows")
    return cols, rows


def stat_name(value: Any) -> str:
    number_name(value)
    if value in SHEET_FIELDS:
        raise Bad(f"{value!r} is a sheet number of its own, not a stat")
    return value


COMMON = {"provisional": Field(boolean), "description": Field(text)}

SHEET_BODY = {
    "stats": Field(mapping_of(stat_name, integer(0))),
    "ac": Field(integer(0)),
    "hp": Field(integer(1)),
    "speed": Field(integer(0)),
    "weapons": Field(list_of(ident)),
    "holding": Field(optional(ident)),
    "proficiencies": Field(mapping_of(ident, integer(0))),
    "abilities": Field(list_of(ident)),
}
SHEET_FIELDS_ALL = {"name": Field(text, required=True), "side": Field(ident), **SHEET_BODY,
                    **COMMON}

RULESET_FIELDS = {
    "name": Field(text),
    "rules": Field(text),
    "stats": Field(list_of(stat_name, non_empty=True)),
    "pool_die": Field(integer(2, 1000)),
    "success_on": Field(integer(1)),
    "pool_max": Field(optional(integer(1))),
    "refill_stat": Field(stat_name),
    "reaction_refill": Field(boolean),
    "actions_per_turn": Field(integer(1)),
    "costs": Field(mapping_of(ident, integer(0))),
    "initiative_dice": Field(dice),
    "initiative_stat": Field(stat_name),
    "dt_floor": Field(integer(0)),
    "speed": Field(integer(0)),
    "grid": Field(grid_size),
    "square_m": Field(integer(1)),
    "diagonal_m": Field(integer(1)),
    "one_per_square": Field(boolean),
    "prepare_stat": Field(stat_name),
    "prepare_divisor": Field(integer(1)),
    "unarmed": Field(optional(ident)),
    "default_sheet": Field(lambda v: v),          # checked as a sheet below
    "provisional": Field(list_of(text)),
}

WEAPON_FIELDS = {
    "name": Field(text, required=True),
    "stat": Field(stat_name, required=True),
    "damage_die": Field(integer(2, 1000), required=True),
    "adds_damage_stat": Field(boolean),
    "damage_stat": Field(optional(stat_name)),
    "properties": Field(list_of(text)),
    **COMMON,
}

ABILITY_FIELDS = {
    "name": Field(text, required=True),
    "kind": Field(choice(ABILITY_KINDS)),
    "cost": Field(integer(0)),
    "test": Field(boolean),
    "dt": Field(optional(integer(0))),
    "discard": Field(integer(0)),
    "attack": Field(boolean),
    "damage_dice": Field(integer(0)),
    "dt_change": Field(integer()),
    "mods": Field(mapping_of(number_name, integer())),
    **COMMON,
}


def load(root: Any = None) -> Library:
    """The checked dice-pool library from `content/dicepool/` (or `root`/dicepool)."""
    return build_library(ruleset_files(RULESET_ID, root))


def build_library(files: Iterable[tuple[str, Any]]) -> Library:
    """A Library from (display name, parsed YAML) pairs; raises one ContentError."""
    ctx = Ctx()
    by_name: dict[str, tuple[str, Any]] = {}
    for display, data in files:
        stem = display.rsplit("/", 1)[-1].removesuffix(".yaml")
        if stem != "ruleset" and stem not in ITEM_FILES:
            ctx.at(display).error(None, "unknown file: expected ruleset.yaml or "
                                  + ", ".join(f"{n}.yaml" for n in ITEM_FILES))
            continue
        by_name[stem] = (display, data)
    if "ruleset" not in by_name:
        ctx.at(f"content/{RULESET_ID}").error(None, "ruleset.yaml is missing")
    numbers = _numbers(ctx, *by_name.get("ruleset", ("ruleset.yaml", {})))
    weapons = _items(ctx, by_name.get("weapons"), _weapon)
    abilities = _items(ctx, by_name.get("abilities"), _ability)
    templates: dict[str, Sheet] = {}
    origin: dict[str, str] = {}
    for kind in ("characters", "creatures"):
        if kind not in by_name:
            continue
        display = by_name[kind][0]
        for item_id, sheet in _items(ctx, by_name[kind], _sheet_builder(kind[:-1])).items():
            if item_id in templates:
                ctx.at(display, item_id).error("id", f"duplicate id: already in {origin[item_id]}")
                continue
            templates[item_id] = sheet
            origin[item_id] = display
    library = Library(numbers, weapons, abilities, templates)
    _cross_check(ctx, library, by_name, origin)
    if ctx.errors:
        raise ContentError(ctx.errors)
    return library


# --- the numbers ------------------------------------------------------------------------

def _numbers(ctx: Ctx, display: str, raw: Any) -> Numbers:
    ctx = ctx.at(display)
    values = check_fields(ctx, raw if raw is not None else {}, RULESET_FIELDS) or {}
    costs = dict(values.get("costs", Numbers().costs))
    for key in REQUIRED_COSTS:
        if key not in costs:
            ctx.error(f"costs.{key}", "missing (required): the actions this one takes")
    sheet_raw = values.pop("default_sheet", None)
    default = None
    if sheet_raw is not None:
        default = _sheet(ctx.at(display, "default_sheet"), "default", sheet_raw,
                         fields=SHEET_BODY, name="Default")
        if default is not None and "default_sheet" in values.get("provisional", ()):
            default = replace(default, provisional=True)
    for key in values.get("provisional", ()):
        if key not in RULESET_FIELDS or key == "provisional":
            ctx.error("provisional", f"{key!r} is not a key of this file")
    if "costs" in values:
        values["costs"] = tuple(costs.items())
    try:
        numbers = Numbers(**values, default_sheet=default)
    except TypeError as exc:        # only when a key above is missing from Numbers
        ctx.error(None, str(exc))
        return Numbers()
    if numbers.success_on > numbers.pool_die:
        ctx.error("success_on", f"{numbers.success_on} is above the pool die's top face "
                  f"({numbers.pool_die}): no die could succeed")
    return numbers


# --- items ------------------------------------------------------------------------------

def _items(ctx: Ctx, found: tuple[str, Any] | None, builder) -> dict[str, Any]:
    if found is None:
        return {}
    display, data = found
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        ctx.at(display).error(None, "expected a mapping of item ids to items")
        return {}
    out = {}
    for key, raw in data.items():
        item_ctx = ctx.at(display, str(key))
        try:
            item_id = ident(key)
        except Bad as exc:
            item_ctx.error("id", exc.message)
            continue
        built = builder(item_ctx, item_id, raw)
        if built is not None:
            out[item_id] = built
    return out


def _weapon(ctx: Ctx, item_id: str, raw: Any) -> Weapon | None:
    before = len(ctx.errors)
    values = check_fields(ctx, raw, WEAPON_FIELDS)
    if values is None or len(ctx.errors) > before:
        return None
    return Weapon(id=item_id, **values)


def _ability(ctx: Ctx, item_id: str, raw: Any) -> Ability | None:
    before = len(ctx.errors)
    values = check_fields(ctx, raw, ABILITY_FIELDS)
    if values is None or len(ctx.errors) > before:
        return None
    kind = values.get("kind", "action")
    values.setdefault("cost", 1 if kind == "action" else 0)
    if kind != "action" and values["cost"]:
        ctx.error("cost", f"a {kind} ability takes no actions (P12): actions are spent "
                  "only on one's own turn")
    if kind == "passive":
        for key in ("test", "attack"):
            if values.get(key):
                ctx.error(key, "a passive ability is always on; it cannot roll or attack")
    elif values.get("mods"):
        ctx.error("mods", "only a passive ability changes sheet numbers")
    if not values.get("attack"):
        for key in ("damage_dice", "dt_change"):
            if values.get(key):
                ctx.error(key, "only an ability that augments an attack (attack: true) has it")
    if values.get("attack") and values.get("test"):
        ctx.error("test", "an attack ability rolls the attack's test; drop test: true")
    if len(ctx.errors) > before:
        return None
    return Ability(id=item_id, **values)


def _sheet_builder(kind: str):
    def build(ctx: Ctx, item_id: str, raw: Any) -> Sheet | None:
        return _sheet(ctx, kind, raw, fields=SHEET_FIELDS_ALL, item_id=item_id)
    return build


def _sheet(ctx: Ctx, kind: str, raw: Any, *, fields: Mapping[str, Field],
           item_id: str = "default", name: str | None = None) -> Sheet | None:
    before = len(ctx.errors)
    values = check_fields(ctx, raw, fields)
    if values is None or len(ctx.errors) > before:
        return None
    if name is not None:
        values["name"] = name
    return Sheet(id=item_id, kind=kind, **values)


# --- references between files ----------------------------------------------------------

def _cross_check(ctx: Ctx, library: Library, by_name: Mapping[str, tuple[str, Any]],
                 origin: Mapping[str, str]) -> None:
    numbers = library.numbers
    stats = set(numbers.stats)
    rules_file = by_name.get("ruleset", ("ruleset.yaml", None))[0]
    rules_ctx = ctx.at(rules_file)
    for key in ("refill_stat", "initiative_stat", "prepare_stat"):
        if getattr(numbers, key) not in stats:
            rules_ctx.error(key, f"{getattr(numbers, key)!r} is not one of the stats "
                            f"({', '.join(numbers.stats)})")
    if numbers.unarmed is not None and numbers.unarmed not in library.weapons:
        rules_ctx.error("unarmed", f"no weapon {numbers.unarmed!r} in weapons.yaml")
    weapons_file = by_name.get("weapons", ("weapons.yaml", None))[0]
    for weapon in library.weapons.values():
        for key in ("stat", "damage_stat"):
            value = getattr(weapon, key)
            if value is not None and value not in stats:
                ctx.at(weapons_file, weapon.id).error(
                    key, f"{value!r} is not one of the stats ({', '.join(numbers.stats)})")
    abilities_file = by_name.get("abilities", ("abilities.yaml", None))[0]
    numbers_named = (*numbers.stats, "ac", "hp", "speed")
    for ability in library.abilities.values():
        for key, _ in ability.mods:
            if key not in numbers_named:
                ctx.at(abilities_file, ability.id).error(
                    f"mods.{key}", f"not a sheet number ({', '.join(numbers_named)})")
    sheets = [(origin[s.id], s) for s in library.templates.values()]
    if numbers.default_sheet is not None:
        sheets.append((rules_file, numbers.default_sheet))
    for display, sheet in sheets:
        _check_sheet_refs(ctx.at(display, sheet.id), sheet, library)


def _check_sheet_refs(ctx: Ctx, sheet: Sheet, library: Library) -> None:
    stats = library.numbers.stats
    for key, _ in sheet.stats:
        if key not in stats:
            ctx.error(f"stats.{key}", f"not one of the stats ({', '.join(stats)})")
    for weapon in sheet.weapons:
        if weapon not in library.weapons:
            ctx.error("weapons", f"no weapon {weapon!r} in weapons.yaml")
    if sheet.holding is not None and sheet.holding not in sheet.weapons:
        ctx.error("holding", f"{sheet.holding!r} is not among its weapons")
    for weapon, _ in sheet.proficiencies:
        if weapon not in library.weapons:
            ctx.error(f"proficiencies.{weapon}", f"no weapon {weapon!r} in weapons.yaml")
    for ability in sheet.abilities:
        if ability not in library.abilities:
            ctx.error("abilities", f"no ability {ability!r} in abilities.yaml")
