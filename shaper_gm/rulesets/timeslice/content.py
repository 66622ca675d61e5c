"""Read `content/timeslice/` into a checked, frozen `Library`.

A file's kind is its name (`ruleset.yaml`, `weapons.yaml`, `armor.yaml`, `gear.yaml`,
`characters.yaml`, `creatures.yaml`) or the folder it sits in (`weapons/extra.yaml`).
Every problem in every file is collected into one `ContentError`, one line each,
naming file, item and key.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.schema import (
    ID_RE,
    Bad,
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
from shaper_gm.rulesets.timeslice.models import (
    SHEET_NUMBERS,
    STATS,
    Armor,
    CalledShot,
    DefenseKind,
    Gear,
    Library,
    Numbers,
    Template,
    Weapon,
)
from shaper_gm.rulesets.timeslice.rolls import parse_stat_roll

RULESET_ID = "timeslice"
COSTS_NEEDED = ("attack", "move", "draw", "pick_up", "tend")   # T7, T11, T14


def _numbers_key(value: Any) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", value):
        raise Bad(f"expected a name of lowercase letters, digits and '_', got {show(value)}")
    return value


DEFENSE_FIELDS = {"stat": Field(choice(STATS), required=True), "cost": Field(integer(0)),
                  "needs_weapon": Field(boolean)}
CALLED_FIELDS = {"modifier": Field(integer(), required=True), "damage": Field(integer(0)),
                 "ts_loss": Field(integer(0)), "drops_weapon": Field(boolean)}
GRID_FIELDS = {"cols": Field(integer(1, 26), required=True),
               "rows": Field(integer(1, 99), required=True)}
UNARMED_FIELDS = {"damage": Field(integer(0), required=True),
                  "range": Field(integer(1), required=True)}

RULESET_FIELDS = {
    "name": Field(text, required=True),
    "stat_roll": Field(text, required=True),
    "zero_faces": Field(boolean, required=True),
    "stat_average": Field(integer(), required=True),
    "ts_default": Field(integer(1), required=True),
    "initiative_stat": Field(choice(STATS), required=True),
    "costs": Field(mapping_of(_numbers_key, integer(0)), required=True),
    "move_units": Field(integer(1), required=True),
    "defenses": Field(lambda v: v, required=True),          # checked kind by kind
    "no_defense_total": Field(integer(), required=True),
    "called_shots": Field(lambda v: v, required=True),      # checked shot by shot
    "dying_minutes": Field(integer(1), required=True),
    "attack_on_dying_minutes": Field(integer(0), required=True),
    "heal_minutes_per_point": Field(integer(1), required=True),
    "heal_wakes": Field(boolean, required=True),
    "tend_kit": Field(ident, required=True),
    "tend_reach": Field(integer(1), required=True),
    "round_seconds": Field(integer(1), required=True),
    "unit_meters": Field(integer(1), required=True),
    "diagonal_step": Field(integer(1), required=True),
    "grid": Field(lambda v: v, required=True),               # checked as GRID_FIELDS
    "unarmed": Field(lambda v: v, required=True),
    "default_sheet": Field(mapping_of(choice((*SHEET_NUMBERS, "hp")), integer(0)),
                           required=True),
    "provisional": Field(list_of(text)),
}
WEAPON_FIELDS = {"name": Field(text, required=True), "damage": Field(integer(0), required=True),
                 "range": Field(integer(1)), "provisional": Field(boolean)}
ARMOR_FIELDS = {"name": Field(text, required=True), "dr": Field(integer(0), required=True),
                "provisional": Field(boolean)}
GEAR_FIELDS = {"name": Field(text, required=True), "provisional": Field(boolean)}
TEMPLATE_FIELDS = {
    "name": Field(text, required=True), "player": Field(boolean),
    "q": Field(integer(0)), "u": Field(integer(0)), "v": Field(integer(0)),
    "hp": Field(integer(1)), "dr": Field(integer(0)), "ts_max": Field(integer(0)),
    "weapons": Field(list_of(ident)), "armor": Field(optional(ident)),
    "gear": Field(list_of(ident)), "provisional": Field(boolean),
}
KINDS = ("ruleset", "weapons", "armor", "gear", "characters", "creatures")


def load_library(root: str | None = None) -> Library:
    """The checked time-slice content under `root` (default: the project's content)."""
    return _load(root)


@lru_cache(maxsize=8)
def _load(root: str | None) -> Library:
    return build_library(ruleset_files(RULESET_ID, root))


def build_library(files: list[tuple[str, Any]]) -> Library:
    """A Library from (display name, parsed YAML) pairs; every problem in one ContentError."""
    ctx = Ctx()
    raw_numbers: tuple[str, Any] | None = None
    items: dict[str, dict[str, Any]] = {kind: {} for kind in KINDS if kind != "ruleset"}
    origin: dict[tuple[str, str], str] = {}
    for display, data in files:
        kind = _kind(display)
        file_ctx = ctx.at(display)
        if kind not in KINDS:
            file_ctx.error(None, f"not a time-slice content file ({', '.join(KINDS)})")
            continue
        if kind == "ruleset":
            if raw_numbers is not None:
                file_ctx.error(None, f"a second ruleset file: already read {raw_numbers[0]}")
            else:
                raw_numbers = (display, data)
            continue
        if data is None:
            continue
        if not isinstance(data, Mapping):
            file_ctx.error(None, f"expected a mapping of item ids to items, got {show(data)}")
            continue
        for item_id, raw in data.items():
            if not isinstance(item_id, str) or not ID_RE.match(item_id):
                ctx.at(display, str(item_id)).error(
                    "id", f"item id must be lowercase letters, digits and '-', got "
                          f"{show(item_id)}")
                continue
            space = "template" if kind in ("characters", "creatures") else kind
            first = origin.setdefault((space, item_id), display)
            if first != display or item_id in items[kind]:
                ctx.at(display, item_id).error("id", f"duplicate id: already defined in {first}")
                continue
            built = BUILDERS[kind](ctx.at(display, item_id), item_id, raw)
            if built is not None:
                items[kind][item_id] = built
    if raw_numbers is None:
        ctx.errors.append(f"content/{RULESET_ID}: no ruleset.yaml (the ruleset's numbers)")
        raise ContentError(ctx.errors)
    numbers = build_numbers(ctx.at(raw_numbers[0]), raw_numbers[1])
    templates = {**items["characters"], **items["creatures"]}
    library = Library(numbers=numbers or Numbers(name="?"), weapons=items["weapons"],
                      armor=items["armor"], gear=items["gear"], templates=templates)
    if numbers is not None:
        _cross_check(ctx, library, origin, raw_numbers[0])
    if ctx.errors:
        raise ContentError(ctx.errors)
    return library


def _kind(display: str) -> str:
    after = display.split(f"{RULESET_ID}/", 1)[-1]
    first = after.split("/", 1)[0]
    return first[:-5] if first.endswith(".yaml") else first


# --- the ruleset file -------------------------------------------------------------------

def build_numbers(ctx: Ctx, raw: Any) -> Numbers | None:
    good = check_fields(ctx, raw, RULESET_FIELDS)
    if good is None:
        return None
    defenses = _table(ctx, good.get("defenses"), "defenses", DEFENSE_FIELDS,
                      lambda k, v: DefenseKind(k, v["stat"], v.get("cost", 0),
                                               v.get("needs_weapon", False)))
    called = _table(ctx, good.get("called_shots"), "called_shots", CALLED_FIELDS,
                    lambda k, v: CalledShot(k, v["modifier"], v.get("damage", 0),
                                            v.get("ts_loss", 0), v.get("drops_weapon", False)))
    unarmed = check_fields(ctx, good.get("unarmed", {}), UNARMED_FIELDS, "unarmed.")
    grid = check_fields(ctx, good.get("grid", {}), GRID_FIELDS, "grid.")
    costs = good.get("costs", ())
    for need in COSTS_NEEDED:
        if "costs" in good and need not in dict(costs):
            ctx.error(f"costs.{need}", "missing (required): the rules charge TS for it (T7)")
    if not defenses and "defenses" in good:
        ctx.error("defenses", "expected at least one kind of defense roll (T10)")
    _check_stat_roll(ctx, good.get("stat_roll"))
    if any(key not in good for key, spec in RULESET_FIELDS.items() if spec.required) \
            or unarmed is None or len(unarmed) < 2 or grid is None or len(grid) < 2:
        return None
    numbers = Numbers(
        name=good["name"], stat_roll=good["stat_roll"], zero_faces=good["zero_faces"],
        stat_average=good["stat_average"], ts_default=good["ts_default"],
        initiative_stat=good["initiative_stat"], costs=tuple(costs),
        move_units=good["move_units"], defenses=tuple(defenses),
        no_defense_total=good["no_defense_total"], called_shots=tuple(called),
        dying_minutes=good["dying_minutes"],
        attack_on_dying_minutes=good["attack_on_dying_minutes"],
        heal_minutes_per_point=good["heal_minutes_per_point"], heal_wakes=good["heal_wakes"],
        tend_kit=good["tend_kit"], tend_reach=good["tend_reach"],
        round_seconds=good["round_seconds"], unit_meters=good["unit_meters"],
        diagonal_step=good["diagonal_step"], grid_cols=grid["cols"], grid_rows=grid["rows"],
        unarmed=Weapon("unarmed", "Unarmed", unarmed["damage"], unarmed["range"],
                       provisional="unarmed" in good.get("provisional", ())),
        default_sheet=tuple(good["default_sheet"]), provisional=good.get("provisional", ()))
    _check_provisional(ctx, numbers, raw)
    return numbers


def _table(ctx: Ctx, raw: Any, key: str, fields: dict[str, Field],
           make: Callable[[str, dict], Any]) -> list:
    if raw is None:
        return []
    if not isinstance(raw, Mapping):
        ctx.error(key, f"expected a mapping of names to entries, got {show(raw)}")
        return []
    out = []
    for name, entry in raw.items():
        if not isinstance(name, str) or not ID_RE.match(name):
            ctx.error(f"{key}.{name}", "expected a name of lowercase letters, digits and '-'")
            continue
        good = check_fields(ctx, entry, fields, f"{key}.{name}.")
        if good is not None and all(k in good for k, f in fields.items() if f.required):
            out.append(make(name, good))
    return out


def _check_stat_roll(ctx: Ctx, expr: Any) -> None:
    if expr is None:
        return
    try:
        parse_stat_roll(expr, True)
    except ValueError as exc:
        ctx.error("stat_roll", f"expected dice like 2d10 (no constant): {exc}")


def _check_provisional(ctx: Ctx, numbers: Numbers, raw: Mapping) -> None:
    for name in numbers.provisional:
        top, _, sub = name.partition(".")
        value = raw.get(top)
        if top not in RULESET_FIELDS or top == "provisional" or value is None \
                or (sub and not (isinstance(value, Mapping) and sub in value)):
            ctx.error("provisional", f"{name!r} is not a key of this file")


# --- items and combatants -----------------------------------------------------------------

def build_weapon(ctx: Ctx, item_id: str, raw: Any) -> Weapon | None:
    good = check_fields(ctx, raw, WEAPON_FIELDS)
    if good is None or "name" not in good or "damage" not in good:
        return None
    return Weapon(item_id, good["name"], good["damage"], good.get("range", 1),
                  good.get("provisional", False))


def build_armor(ctx: Ctx, item_id: str, raw: Any) -> Armor | None:
    good = check_fields(ctx, raw, ARMOR_FIELDS)
    if good is None or "name" not in good or "dr" not in good:
        return None
    return Armor(item_id, good["name"], good["dr"], good.get("provisional", False))


def build_gear(ctx: Ctx, item_id: str, raw: Any) -> Gear | None:
    good = check_fields(ctx, raw, GEAR_FIELDS)
    if good is None or "name" not in good:
        return None
    return Gear(item_id, good["name"], good.get("provisional", False))


def build_template(kind: str) -> Callable[[Ctx, str, Any], Template | None]:
    def build(ctx: Ctx, item_id: str, raw: Any) -> Template | None:
        good = check_fields(ctx, raw, TEMPLATE_FIELDS)
        if good is None or "name" not in good:
            return None
        return Template(id=item_id, kind=kind, player=good.get("player", kind == "character"),
                        **{k: v for k, v in good.items() if k != "player"})
    return build


BUILDERS: dict[str, Callable[[Ctx, str, Any], Any]] = {
    "weapons": build_weapon, "armor": build_armor, "gear": build_gear,
    "characters": build_template("character"), "creatures": build_template("creature"),
}


def _cross_check(ctx: Ctx, library: Library, origin: dict[tuple[str, str], str],
                 ruleset_file: str) -> None:
    numbers = library.numbers
    if numbers.tend_kit not in library.gear:
        ctx.at(ruleset_file).error("tend_kit", f"no gear {numbers.tend_kit!r} (T14)"
                                   f"{_known(library.gear)}")
    for template in library.templates.values():
        where = ctx.at(origin[("template", template.id)], template.id)
        for index, weapon in enumerate(template.weapons):
            if weapon not in library.weapons:
                where.error(f"weapons[{index}]", f"no weapon {weapon!r}"
                                                 f"{_known(library.weapons)}")
        if template.armor is not None and template.armor not in library.armor:
            where.error("armor", f"no armor {template.armor!r}{_known(library.armor)}")
        for index, item in enumerate(template.gear):
            if item not in library.gear:
                where.error(f"gear[{index}]", f"no gear {item!r}{_known(library.gear)}")


def _known(found: Mapping[str, Any]) -> str:
    return f" (known: {', '.join(sorted(found))})" if found else " (none defined)"
