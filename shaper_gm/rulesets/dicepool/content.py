"""Read and check `content/dicepool/` into a frozen `Library`.

The folder holds ruleset.yaml (the numbers), weapons.yaml, abilities.yaml,
characters.yaml and creatures.yaml. Every problem in every file is collected and
reported at once as one ContentError, each line naming the file, the item and the key.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.library import (
    Kind,
    Ref,
    build_items,
    check_provisional,
    check_refs,
    checked,
    defined,
    item_builder,
    known,
    require,
    sort_files,
)
from shaper_gm.content.schema import (
    ContentError,
    Ctx,
    Field,
    boolean,
    check_fields,
    ident,
    integer,
    list_of,
    mapping_of,
    optional,
    text,
)
from shaper_gm.rulesets.dicepool.models import (
    SHEET,
    STAT,
    Ability,
    Library,
    Numbers,
    Sheet,
    Weapon,
    schema,
    stat_name,
)

RULESET_ID = "dicepool"
REQUIRED_COSTS = ("attack", "move", "prepare", "wield", "act")


COMMON = {"provisional": Field(boolean), "description": Field(text)}
SHEET_BODY = {
    "stats": Field(mapping_of(stat_name, STAT.field().check)), **SHEET.fields(),
    "weapons": Field(list_of(ident)),
    "holding": Field(optional(ident)), "proficiencies": Field(mapping_of(ident, integer(0))),
    "abilities": Field(list_of(ident)),
}
SHEET = {"name": Field(text, required=True), "side": Field(ident), **SHEET_BODY, **COMMON}
RULESET, WEAPON, ABILITY = schema(Numbers), schema(Weapon), schema(Ability)


def load(root: Any = None) -> Library:
    """The checked dice-pool library from `content/dicepool/` (or `root`/dicepool)."""
    return build_library(ruleset_files(RULESET_ID, root))


def build_library(files: Iterable[tuple[str, Any]]) -> Library:
    """A Library from (display name, parsed YAML) pairs; raises one ContentError."""
    ctx = Ctx()
    (display, raw), found = sort_files(ctx, list(files), RULESET_ID, "dice-pool", tuple(KINDS))
    numbers = _numbers(ctx, display, raw)
    items, origin = build_items(ctx, found, KINDS)
    library = Library(numbers, items["weapons"], items["abilities"],
                      {**items["characters"], **items["creatures"]})
    _cross_check(ctx, library, display, origin)
    if ctx.errors:
        raise ContentError(ctx.errors)
    return library


def _numbers(ctx: Ctx, display: str, raw: Any) -> Numbers:
    ctx = ctx.at(display)
    values = check_fields(ctx, raw if raw is not None else {}, RULESET) or {}
    require(ctx, values, "costs", REQUIRED_COSTS, ": the actions this one takes")
    default = values.pop("default_sheet", None)
    if default is not None:
        body = checked(ctx.at(display, "default_sheet"), default, SHEET_BODY)
        default = None if body is None else Sheet("default", "Default", kind="default", **body)
        if default is not None and "default_sheet" in values.get("provisional", ()):
            default = replace(default, provisional=True)
    check_provisional(ctx, raw, RULESET)
    numbers = Numbers(**values, default_sheet=default)
    if numbers.success_on > numbers.pool_die:
        ctx.error("success_on", f"{numbers.success_on} is above the pool die's top face "
                  f"({numbers.pool_die}): no die could succeed")
    return numbers


def _ability(ctx: Ctx, item_id: str, raw: Any) -> Ability | None:
    """P12: what each kind of ability may have."""
    values = checked(ctx, raw, ABILITY)
    if values is None:
        return None
    kind = values.get("kind", "action")
    values.setdefault("cost", 1 if kind == "action" else 0)
    problems = []
    if kind != "action" and values["cost"]:
        problems.append(("cost", f"a {kind} ability takes no actions (P12): actions are "
                                 "spent only on one's own turn"))
    if kind == "passive":
        problems += [(key, "a passive ability is always on; it cannot roll or attack")
                     for key in ("test", "attack") if values.get(key)]
    elif values.get("mods"):
        problems.append(("mods", "only a passive ability changes sheet numbers"))
    if not values.get("attack"):
        problems += [(key, "only an ability that augments an attack (attack: true) has it")
                     for key in ("damage_dice", "dt_change") if values.get(key)]
    elif values.get("test"):
        problems.append(("test", "an attack ability rolls the attack's test; drop test: true"))
    for key, message in problems:
        ctx.error(key, message)
    return None if problems else Ability(item_id, **values)


SHEET_REFS = (Ref("weapons", ("weapons",), "weapon"),
              Ref("proficiencies", ("weapons",), "weapon"),
              Ref("abilities", ("abilities",), "ability"))


def _sheet(kind: str) -> Kind:
    return Kind(item_builder(lambda key, **v: Sheet(key, kind=kind, **v), SHEET), "template",
                SHEET_REFS)


KINDS = {"weapons": Kind(item_builder(Weapon, WEAPON)), "abilities": Kind(_ability),
         "characters": _sheet("character"), "creatures": _sheet("creature")}


def _cross_check(ctx: Ctx, library: Library, rules_file: str,
                 origin: dict[tuple[str, str], str]) -> None:
    """Stats, sheet numbers and the unarmed weapon the items and numbers name exist."""
    numbers = library.numbers
    stats = ", ".join(numbers.stats)

    def stat(where: Ctx, key: str, value: str | None) -> None:
        if value is not None and value not in numbers.stats:
            where.error(key, f"{value!r} is not one of the stats ({stats})")
    rules = ctx.at(rules_file)
    for key in ("refill_stat", "initiative_stat", "prepare_stat"):
        stat(rules, key, getattr(numbers, key))
    if numbers.unarmed is not None and numbers.unarmed not in library.weapons:
        rules.error("unarmed", f"no weapon {numbers.unarmed!r}{known(library.weapons)}")
    for weapon in library.weapons.values():
        for key in ("stat", "damage_stat"):
            stat(ctx.at(origin[("weapons", weapon.id)], weapon.id), key, getattr(weapon, key))
    named = (*numbers.stats, *SHEET)
    for ability in library.abilities.values():
        for key, _ in ability.mods:
            if key not in named:
                ctx.at(origin[("abilities", ability.id)], ability.id).error(
                    f"mods.{key}", f"not a sheet number ({', '.join(named)})")
    sheets = [(origin[(f"{s.kind}s", s.id)], s) for s in library.templates.values()]
    if numbers.default_sheet is not None:
        sheets.append((rules_file, numbers.default_sheet))
        check_refs(ctx.at(rules_file, "default"), numbers.default_sheet, SHEET_REFS,
                   defined(origin))
    for display, sheet in sheets:
        where = ctx.at(display, sheet.id)
        for key, _ in sheet.stats:
            if key not in numbers.stats:
                where.error(f"stats.{key}", f"not one of the stats ({stats})")
        if sheet.holding is not None and sheet.holding not in sheet.weapons:
            where.error("holding", f"{sheet.holding!r} is not among its weapons")
