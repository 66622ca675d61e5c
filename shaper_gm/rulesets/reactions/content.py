"""Read and check `content/reactions/`, and build the frozen `Library`.

Files by name: `ruleset.yaml` (the rulings' numbers), `creatures.yaml`, `weapons.yaml`,
`spells.yaml`, `shields.yaml` (each a mapping of ids to items). Every problem in every
file is collected and reported together as one ContentError naming file, item and key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.schema import (
    ID_RE,
    ContentError,
    Ctx,
    Field,
    boolean,
    check_fields,
    choice,
    ident,
    integer,
    list_of,
    mapping_of,
    optional,
    show,
    text,
)
from shaper_gm.rulesets.reactions.models import (
    ATTACK_TYPES,
    NUMBER_FIELDS,
    REACTIONS,
    SHIELD_EXPIRES,
    SHIELD_SOAKS,
    TARGETS,
    Attack,
    Library,
    Numbers,
    Sheet,
    Shield,
)

RESOURCES = ("move", "action")
ACTIONS = ("attack", "shield", "move")


def attack_type(value: Any) -> str:
    """R1's type; YAML reads an unquoted `true` as a boolean, which means the true type."""
    if value is True:
        return "true"
    return choice(ATTACK_TYPES)(value)


def _sheet_numbers(sides: int) -> dict[str, Field]:
    out = {key: Field(integer(0)) for key in NUMBER_FIELDS}
    out["health"] = Field(integer(1))
    out["initiative"] = Field(integer(-20, 20))
    for key in TARGETS:
        out[key] = Field(integer(1, sides + 1))      # sides + 1: the roll never succeeds
    return out


def _provisional_keys(value: Any) -> tuple[str, ...]:
    if value is True:
        return ("*",)
    if value is False:
        return ()
    return list_of(choice(NUMBER_FIELDS + ("weapons", "shield")))(value)


COMMON = {"provisional": Field(boolean), "description": Field(text)}
ATTACK_FIELDS = {"name": Field(text, required=True), "type": Field(attack_type, required=True),
                 "power": Field(integer(0), required=True),
                 "range": Field(integer(0), required=True), **COMMON}
SHIELD_FIELDS = {"name": Field(text, required=True), "amount": Field(integer(1), required=True),
                 **COMMON}
RULESET_FIELDS = {
    "name": Field(text, required=True),
    "rules": Field(text),
    "grid_cols": Field(integer(1, 26), required=True),
    "grid_rows": Field(integer(1, 99), required=True),
    "metres_per_tile": Field(integer(1), required=True),
    "reaction_costs": Field(mapping_of(choice(REACTIONS), integer(1)), required=True),
    "true_blockable": Field(boolean, required=True),
    "roll_die": Field(integer(2, 1000), required=True),
    "dodge_reach": Field(integer(1), required=True),
    "min_damage": Field(integer(0), required=True),
    "shield_soaks": Field(choice(SHIELD_SOAKS), required=True),
    "initiative_die": Field(integer(2, 1000), required=True),
    "per_turn": Field(mapping_of(choice(RESOURCES), integer(0)), required=True),
    "costs": Field(mapping_of(choice(ACTIONS), mapping_of(choice(RESOURCES), integer(1))),
                   required=True),
    "shield_expires": Field(choice(SHIELD_EXPIRES), required=True),
    "default_shield": Field(optional(ident)),
    "default_sheet": Field(lambda value: value, required=True),   # checked below
    "provisional": Field(list_of(text)),
}


def load_library(root: Any = None) -> Library:
    """The checked reactions library from `content/reactions/` (or `root`/reactions)."""
    return build_library(ruleset_files("reactions", root))


def build_library(files: list[tuple[str, Any]]) -> Library:
    """The library from (display name, parsed YAML) pairs, as `ruleset_files` gives them."""
    ctx = Ctx()
    by_stem = {}
    for display, data in files:
        stem = display.rsplit("/", 1)[-1].removesuffix(".yaml")
        if stem not in ("ruleset", "creatures", "weapons", "spells", "shields"):
            ctx.at(display).error(None, "unknown file: expected ruleset.yaml, creatures.yaml, "
                                  "weapons.yaml, spells.yaml or shields.yaml")
            continue
        by_stem[stem] = (display, data)
    if "ruleset" not in by_stem:
        raise ContentError([*ctx.errors, "reactions: ruleset.yaml is missing"])
    numbers = _numbers(ctx, *by_stem["ruleset"])
    attacks, attack_ids = _attacks(ctx, by_stem)
    shields, shield_ids = _shields(ctx, by_stem)
    creatures: dict[str, Sheet] = {}
    if "creatures" in by_stem:
        display, data = by_stem["creatures"]
        for item_id, raw in _items(ctx.at(display), data):
            sheet = _sheet(ctx.at(display, item_id), item_id, raw, numbers, attack_ids,
                           shield_ids)
            if sheet is not None:
                creatures[item_id] = sheet
    if numbers.default_shield is not None and numbers.default_shield not in shield_ids:
        ctx.at(by_stem["ruleset"][0]).error("default_shield",
                                            f"no shield {numbers.default_shield!r} in "
                                            "shields.yaml")
    if ctx.errors:
        raise ContentError(ctx.errors)
    return Library(numbers=numbers, creatures=tuple(creatures.items()),
                   attacks=tuple(attacks.items()), shields=tuple(shields.items()))


def _attacks(ctx: Ctx, by_stem: Mapping[str, tuple[str, Any]]):
    """Weapons and spells (R1), one namespace; also every id defined, broken or not."""
    attacks: dict[str, Attack] = {}
    origin: dict[str, str] = {}
    for stem, kind in (("weapons", "weapon"), ("spells", "spell")):
        if stem not in by_stem:
            continue
        display, data = by_stem[stem]
        for item_id, raw in _items(ctx.at(display), data):
            item_ctx = ctx.at(display, item_id)
            if item_id in origin:
                item_ctx.error("id", f"duplicate id: already defined in {origin[item_id]}")
                continue
            origin[item_id] = display
            good = check_fields(item_ctx, raw, ATTACK_FIELDS)
            if good is not None and _complete(good, ATTACK_FIELDS):
                attacks[item_id] = Attack(id=item_id, kind=kind, **good)
    return attacks, set(origin)


def _shields(ctx: Ctx, by_stem: Mapping[str, tuple[str, Any]]):
    """Shields (R12); also every id defined, broken or not."""
    shields: dict[str, Shield] = {}
    ids: set[str] = set()
    if "shields" in by_stem:
        display, data = by_stem["shields"]
        for item_id, raw in _items(ctx.at(display), data):
            ids.add(item_id)
            good = check_fields(ctx.at(display, item_id), raw, SHIELD_FIELDS)
            if good is not None and _complete(good, SHIELD_FIELDS):
                shields[item_id] = Shield(id=item_id, **good)
    return shields, ids


def _complete(good: dict, table: Mapping[str, Field]) -> bool:
    return all(key in good for key, spec in table.items() if spec.required)


def _items(ctx: Ctx, data: Any) -> list[tuple[str, Any]]:
    if data is None:
        return []
    if not isinstance(data, Mapping):
        ctx.error(None, f"expected a mapping of item ids to items, got {show(data)}")
        return []
    out = []
    for key, raw in data.items():
        if isinstance(key, str) and ID_RE.match(key):
            out.append((key, raw))
        else:
            ctx.at(ctx.file, str(key)).error(
                "id", f"item id must be lowercase letters, digits and '-', got {show(key)}")
    return out


def _numbers(ctx: Ctx, display: str, data: Any) -> Numbers:
    here = ctx.at(display)
    good = check_fields(here, data, RULESET_FIELDS) or {}
    base = Numbers()
    if "reaction_costs" in good:
        missing = set(REACTIONS) - dict(good["reaction_costs"]).keys()
        if missing:
            here.error("reaction_costs", f"missing {', '.join(sorted(missing))}")
            good.pop("reaction_costs")
    if "costs" in good:
        missing = set(ACTIONS) - dict(good["costs"]).keys()
        if missing:
            here.error("costs", f"missing {', '.join(sorted(missing))}")
            good.pop("costs")
    if "provisional" in good:
        unknown = [k for k in good["provisional"] if k not in RULESET_FIELDS]
        if unknown:
            here.error("provisional", f"names no key of this file: {', '.join(unknown)}")
    sides = good.get("roll_die", base.roll_die)
    raw_sheet = good.pop("default_sheet", None)
    sheet = Sheet(id="default", name="Creature")
    if raw_sheet is not None:
        sheet_fields = _sheet_numbers(sides)
        required = {key: replace(spec, required=True) for key, spec in sheet_fields.items()}
        checked = check_fields(here, raw_sheet, required, prefix="default_sheet.")
        sheet = replace(sheet, **(checked or {}))
    return replace(base, **good, default_sheet=sheet)


def _sheet(ctx: Ctx, item_id: str, raw: Any, numbers: Numbers, attacks: set[str],
           shields: set[str]) -> Sheet | None:
    """A creature; references are checked against every id defined, even a broken item's,
    so one mistake is reported once."""
    table = {"name": Field(text, required=True), **_sheet_numbers(numbers.roll_die),
             "weapons": Field(list_of(ident)), "shield": Field(optional(ident)),
             "provisional": Field(_provisional_keys), "description": Field(text)}
    errors_before = len(ctx.errors)
    good = check_fields(ctx, raw, table)
    if good is None:
        return None
    for index, weapon in enumerate(good.get("weapons", ())):
        if weapon not in attacks:
            ctx.error(f"weapons[{index}]", f"no weapon or spell {weapon!r}")
    if good.get("shield") is not None and good["shield"] not in shields:
        ctx.error("shield", f"no shield {good['shield']!r} in shields.yaml")
    if len(ctx.errors) > errors_before:
        return None
    base = replace(numbers.default_sheet, id=item_id, name=good.pop("name"))
    return replace(base, **good)

