"""Read and check `content/reactions/`, and build the frozen `Library`.

Files by name: `ruleset.yaml` (the rulings' numbers), `creatures.yaml`, `weapons.yaml`,
`spells.yaml`, `shields.yaml` (each a mapping of ids to items). Every problem in every
file is collected and reported together as one ContentError naming file, item and key.
"""

from __future__ import annotations

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
    required,
    text,
)
from shaper_gm.rulesets.reactions.models import (
    ATTACK_TYPES,
    NUMBER_FIELDS,
    REACTIONS,
    SHIELD_EXPIRES,
    SHIELD_SOAKS,
    TURN,
    Attack,
    Library,
    Numbers,
    Sheet,
    Shield,
    sheet_numbers,
)

RULESET_ID = "reactions"
KINDS = ("creatures", "weapons", "spells", "shields")
ACTIONS = ("attack", "shield", "move")


def attack_type(value: Any) -> str:
    """R1's type; YAML reads an unquoted `true` as a boolean, which means the true type."""
    if value is True:
        return "true"
    return choice(ATTACK_TYPES)(value)


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
    **required(text, "name"), "rules": Field(text),
    **required(integer(1, 26), "grid_cols"), **required(integer(1, 99), "grid_rows"),
    **required(integer(1), "metres_per_tile", "dodge_reach"),
    **required(integer(0), "min_damage"), **required(boolean, "true_blockable"),
    **required(integer(2, 1000), "roll_die", "initiative_die"),
    **required(mapping_of(choice(REACTIONS), integer(1)), "reaction_costs"),
    **required(choice(SHIELD_SOAKS), "shield_soaks"),
    **required(mapping_of(choice(TURN), integer(0)), "per_turn"),
    **required(mapping_of(choice(ACTIONS), mapping_of(choice(TURN), integer(1))), "costs"),
    **required(choice(SHIELD_EXPIRES), "shield_expires"),
    "default_shield": Field(optional(ident)),
    **required(lambda value: value, "default_sheet"),   # checked below
    "terms": Field(mapping_of(text, text)),
    "provisional": Field(list_of(text)),
}


def load_library(root: Any = None) -> Library:
    """The checked reactions library from `content/reactions/` (or `root`/reactions)."""
    return build_library(ruleset_files(RULESET_ID, root))


def build_library(files: list[tuple[str, Any]]) -> Library:
    """The library from (display name, parsed YAML) pairs, as `ruleset_files` gives them."""
    ctx = Ctx()
    (display, raw), found = sort_files(ctx, files, RULESET_ID, "reactions", KINDS)
    numbers = _numbers(ctx, display, raw)
    items, origin = build_items(ctx, found, {
        "weapons": _attack("weapon"), "spells": _attack("spell"),
        "shields": Kind(item_builder(Shield, SHIELD_FIELDS)),
        "creatures": Kind(lambda c, key, raw: _sheet(c, key, raw, numbers), refs=SHEET_REFS)})
    check_refs(ctx.at(display), numbers, (Ref("default_shield", ("shields",), "shield"),),
               defined(origin))
    if ctx.errors:
        raise ContentError(ctx.errors)
    return Library(numbers=numbers, creatures=tuple(items["creatures"].items()),
                   attacks=tuple({**items["weapons"], **items["spells"]}.items()),
                   shields=tuple(items["shields"].items()))


SHEET_REFS = (Ref("weapons", ("weapons", "spells"), "weapon or spell"),
              Ref("shield", ("shields",), "shield"))


def _attack(kind: str) -> Kind:
    """Weapons and spells (R1), one namespace."""
    return Kind(item_builder(lambda key, **v: Attack(id=key, kind=kind, **v), ATTACK_FIELDS),
                "attack")


def _numbers(ctx: Ctx, display: str, data: Any) -> Numbers:
    here = ctx.at(display)
    good = check_fields(here, data, RULESET_FIELDS) or {}
    base = Numbers()
    require(here, good, "reaction_costs", REACTIONS)
    require(here, good, "costs", ACTIONS)
    check_provisional(here, data, RULESET_FIELDS)
    sides = good.get("roll_die", base.roll_die)
    raw_sheet = good.pop("default_sheet", None)
    sheet = Sheet(id="default", name="Creature")
    if raw_sheet is not None:
        sheet_fields = sheet_numbers(sides).fields()
        required = {key: replace(spec, required=True) for key, spec in sheet_fields.items()}
        checked = check_fields(here, raw_sheet, required, prefix="default_sheet.")
        sheet = replace(sheet, **(checked or {}))
    return replace(base, **good, default_sheet=sheet)


def _sheet(ctx: Ctx, item_id: str, raw: Any, numbers: Numbers) -> Sheet | None:
    """A creature: the default sheet with its own numbers on top."""
    table = {"name": Field(text, required=True), **sheet_numbers(numbers.roll_die).fields(),
             "weapons": Field(list_of(ident)), "shield": Field(optional(ident)),
             "provisional": Field(_provisional_keys), "description": Field(text)}
    good = checked(ctx, raw, table)
    if good is None:
        return None
    base = replace(numbers.default_sheet, id=item_id, name=good.pop("name"))
    return replace(base, **good)
