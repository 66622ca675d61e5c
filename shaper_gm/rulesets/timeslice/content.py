"""Read `content/timeslice/` into a checked, frozen `Library`: `ruleset.yaml` (the numbers
of T1-T17), `weapons`, `armor`, `gear`, `characters` and `creatures` (each a file, or a
folder of them). Every problem in every file is collected into one `ContentError`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.library import (
    Kind,
    Ref,
    build_items,
    check_provisional,
    entries,
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
    choice,
    ident,
    integer,
    list_of,
    mapping_of,
    optional,
    snake_name,
    text,
)
from shaper_gm.rulesets.timeslice.models import (
    SHEET,
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


def _as_is(value: Any) -> Any:            # checked afterwards, part by part
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
    key: Field(check, required=True) for key, check in (
        ("name", text), ("stat_roll", text), ("zero_faces", boolean), ("stat_average", integer()),
        ("ts_default", integer(1)), ("initiative_stat", choice(STATS)),
        ("costs", mapping_of(snake_name, integer(0))), ("move_units", integer(1)),
        ("defenses", _as_is), ("no_defense_total", integer()), ("called_shots", _as_is),
        ("dying_minutes", integer(1)), ("attack_on_dying_minutes", integer(0)),
        ("heal_minutes_per_point", integer(1)), ("heal_wakes", boolean), ("tend_kit", ident),
        ("tend_reach", integer(1)), ("round_seconds", integer(1)), ("unit_meters", integer(1)),
        ("diagonal_step", integer(1)), ("grid", _as_is), ("unarmed", _as_is),
        ("default_sheet", SHEET.mapping()), ("terms", mapping_of(snake_name, text)))}
RULESET_FIELDS["provisional"] = Field(list_of(text))
WEAPON_FIELDS = {"name": Field(text, required=True), "damage": Field(integer(0), required=True),
                 "range": Field(integer(1)), "provisional": Field(boolean)}
ARMOR_FIELDS = {"name": Field(text, required=True), "dr": Field(integer(0), required=True),
                "provisional": Field(boolean)}
GEAR_FIELDS = {"name": Field(text, required=True), "provisional": Field(boolean)}
TEMPLATE_FIELDS = {
    "name": Field(text, required=True), "player": Field(boolean),
    **SHEET.fields(),
    "weapons": Field(list_of(ident)), "armor": Field(optional(ident)),
    "gear": Field(list_of(ident)), "provisional": Field(boolean),
}


def _template(kind: str):
    def make(item_id: str, player: bool | None = None, **good) -> Template:
        return Template(id=item_id, kind=kind, player=kind == "character" if player is None
                        else player, **good)
    return Kind(item_builder(make, TEMPLATE_FIELDS), "template", TEMPLATE_REFS)


TEMPLATE_REFS = (Ref("weapons", ("weapons",), "weapon"), Ref("armor", ("armor",), "armor"),
                 Ref("gear", ("gear",), "gear"))


KINDS = {"weapons": Kind(item_builder(Weapon, WEAPON_FIELDS)),
         "armor": Kind(item_builder(Armor, ARMOR_FIELDS)),
         "gear": Kind(item_builder(Gear, GEAR_FIELDS)),
         "characters": _template("character"), "creatures": _template("creature")}


@lru_cache(maxsize=8)
def load_library(root: str | None = None) -> Library:
    """The checked time-slice content under `root` (default: the project's content)."""
    return build_library(ruleset_files(RULESET_ID, root))


def build_library(files: list[tuple[str, Any]]) -> Library:
    """A Library from (display name, parsed YAML) pairs; every problem in one ContentError."""
    ctx = Ctx()
    (display, raw), found = sort_files(ctx, files, RULESET_ID, "time-slice", tuple(KINDS))
    items, _ = build_items(ctx, found, KINDS)
    numbers = build_numbers(ctx.at(display), raw)
    if numbers is not None and numbers.tend_kit not in items["gear"]:       # T14
        ctx.at(display).error("tend_kit", f"no gear {numbers.tend_kit!r} (T14)"
                              f"{known(items['gear'])}")
    if ctx.errors or numbers is None:
        raise ContentError(ctx.errors)
    return Library(numbers=numbers, weapons=items["weapons"], armor=items["armor"],
                   gear=items["gear"], templates={**items["characters"], **items["creatures"]})


def build_numbers(ctx: Ctx, raw: Any) -> Numbers | None:
    good = check_fields(ctx, raw, RULESET_FIELDS)
    if good is None:
        return None
    defenses = entries(ctx, good.get("defenses"), "defenses", DEFENSE_FIELDS, DefenseKind)
    called = entries(ctx, good.get("called_shots"), "called_shots", CALLED_FIELDS, CalledShot)
    unarmed = check_fields(ctx, good.get("unarmed", {}), UNARMED_FIELDS, "unarmed.")
    grid = check_fields(ctx, good.get("grid", {}), GRID_FIELDS, "grid.")
    require(ctx, good, "costs", COSTS_NEEDED, ": the rules charge TS for it (T7)")
    check_provisional(ctx, raw, RULESET_FIELDS)
    if not defenses and "defenses" in good:
        ctx.error("defenses", "expected at least one kind of defense roll (T10)")
    try:
        parse_stat_roll(good.get("stat_roll") or "2d10", True)
    except ValueError as exc:
        ctx.error("stat_roll", f"expected dice like 2d10 (no constant): {exc}")
    if any(key not in good for key, spec in RULESET_FIELDS.items() if spec.required) \
            or unarmed is None or len(unarmed) < 2 or grid is None or len(grid) < 2:
        return None
    provisional = good.get("provisional", ())
    good.update(defenses=tuple(defenses), called_shots=tuple(called),
                grid_cols=grid["cols"], grid_rows=grid["rows"],
                unarmed=Weapon("unarmed", "Unarmed", provisional="unarmed" in provisional,
                               **unarmed))
    del good["grid"]
    return Numbers(**good)

