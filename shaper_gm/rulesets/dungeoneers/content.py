"""Read and check `content/dungeoneers/`: the ruleset's numbers, weapons, spells, creatures.

`ruleset.yaml` holds the numbers; `weapons`, `spells` and `creatures` (each a file or a
folder of them) map ids to items, read by the shared reader (content/library.py). Every
problem in every file is collected and raised together as one ContentError.
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
    check_refs,
    defined,
    require,
    sort_files,
)
from shaper_gm.content.schema import (
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
    required,
    show,
    text,
)
from shaper_gm.rulesets.dungeoneers.models import (
    ACTIONS,
    RANKS,
    SCORES,
    SPELL_GAINS,
    TEST_TIES,
    DamageTypes,
    Library,
    Numbers,
    Sheet,
    Spell,
    Weapon,
    sheet_numbers,
)

RULESET_ID = "dungeoneers"


def load_library(root: str | None = None) -> Library:
    """The checked Dungeoneers content under `root` (default: the project's content)."""
    return _load(root)


@lru_cache(maxsize=8)
def _load(root: str | None) -> Library:
    return build_library(ruleset_files(RULESET_ID, root))


clear_cache = _load.cache_clear


# --- validators ------------------------------------------------------------------------

def die(value: Any) -> int:
    """A single die, ``d6`` or ``1d6``: its number of sides."""
    if isinstance(value, str):
        body = value.strip().lower().removeprefix("1")
        if body.startswith("d") and body[1:].isdigit() and 2 <= int(body[1:]) <= 1000:
            return int(body[1:])
    raise Bad(f"expected one die like d6, got {show(value)}")


def marks(value: Any) -> tuple[str, ...]:
    """`provisional: true` (the whole item) or a list of the keys that are invented."""
    if isinstance(value, bool):
        return ("all",) if value else ()
    return list_of(text)(value)


def spell_range(value: Any) -> str:
    if value in ("self", "reach"):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return str(value)
    raise Bad(f"expected self, reach or a number of tiles, got {show(value)}")


COMMON = {"name": Field(text, required=True), "provisional": Field(marks),
          "description": Field(text)}
WEAPON_FIELDS = {**COMMON, **required(integer(0), "wounds"), **required(text, "type"),
                 **required(die, "pierce"), "hands": Field(integer(0, 2)),
                 "range": Field(integer(1)), "toss": Field(integer(1))}
SPELL_FIELDS = {**COMMON, **required(integer(1), "cost"), **required(integer(0), "arca"),
                **required(spell_range, "range"), "attack": Field(ident),
                "wounds": Field(integer(0)), "type": Field(text),
                "extra_arca": Field(choice(SPELL_GAINS)), "effect": Field(text)}
SHEET_FIELDS = {
    **COMMON,
    "group": Field(ident), "proficiencies": Field(mapping_of(ident, choice(RANKS))),
    "speeds": Field(mapping_of(ident, integer(0))),
    "vulnerable": Field(mapping_of(text, integer(1))),
    "resist": Field(mapping_of(text, integer(1))), "immune": Field(list_of(text)),
    **{key: Field(list_of(ident)) for key in ("weapons", "holding", "spells")},
}
NUMBER_FIELDS = {
    "name": Field(text), "score_dice_minimum": Field(integer(0)),
    "grid_cols": Field(integer(1, 99)), "grid_rows": Field(integer(1, 99)),
    "provisional": Field(list_of(text)), "default_sheet": Field(lambda v: v, required=True),
    **required(integer(1), "ap_per_round", "max_action_cost", "critical_threshold",
               "sprint_multiplier", "push_tiles", "deep_breath_relief", "focus_regain"),
    **required(integer(0), "threat_range", "power_strike_wounds", "power_strike_boon",
               "defend_boon", "sprint_stress", "hands", "grapple_free_hands",
               "arca_per_wisdom", "ambient_arca", "ledge_base"),
    **required(integer(2), "boon_die", "bane_die", "ledge_die"),
    **required(integer(1, 2), "diagonal_cost"),
    **required(boolean, "score_as_dice", "grappled_cannot_move", "move_ends_grapple"),
    **required(choice(SCORES), "stress_capacity_score", "ledge_score"),
    **required(choice(TEST_TIES), "test_ties"), **required(ident, "unarmed"),
    **required(mapping_of(ident, integer(0)), "costs"),
    **required(mapping_of(choice(RANKS), integer(2)), "proficiency_dice"),
    **required(mapping_of(ident, mapping_of(text, text)), "damage_types"),
}


# --- building ---------------------------------------------------------------------------

def build_library(files: list[tuple[str, Any]]) -> Library:
    """A Library from (display name, parsed YAML) pairs, or one ContentError."""
    ctx = Ctx()
    (display, raw), found = sort_files(ctx, files, RULESET_ID, "Dungeoneers",
                                       ("weapons", "spells", "creatures"))
    numbers, default_raw = _numbers(ctx.at(display), raw)
    if numbers is None:
        raise ContentError(ctx.errors)
    items, origin = build_items(ctx, found, {
        "weapons": Kind(lambda c, i, r: _weapon(c, i, r, numbers)),
        "spells": Kind(lambda c, i, r: _spell(c, i, r, numbers)),
        "creatures": Kind(lambda c, i, r: _sheet(c, i, r, numbers), refs=SHEET_REFS)})
    default = _sheet(ctx.at(display, "default_sheet"), "creature", default_raw, numbers)
    ids = defined(origin)
    check_refs(ctx.at(display), numbers, (Ref("unarmed", ("weapons",), "weapon"),), ids)
    sheets = [(ctx.at(origin[("creatures", key)], key), sheet)
              for key, sheet in items["creatures"].items()]
    if default is not None:
        check_refs(ctx.at(display, "default_sheet"), default, SHEET_REFS, ids)
        sheets.append((ctx.at(display, "default_sheet"), default))
        if "default_sheet" in numbers.provisional:
            default = default.with_(provisional=("all",))
    for where, sheet in sheets:
        in_hand = sum(items["weapons"][w].hands for w in sheet.holding if w in items["weapons"])
        if in_hand > numbers.hands:
            where.error("holding", f"takes {in_hand} hands; a creature has {numbers.hands}")
    if ctx.errors:
        raise ContentError(ctx.errors)
    return Library(numbers=numbers, weapons=items["weapons"], spells=items["spells"],
                   creatures=items["creatures"], default_sheet=default)


SHEET_REFS = (Ref("weapons", ("weapons",), "weapon"), Ref("spells", ("spells",), "spell"))


def _numbers(ctx: Ctx, raw: Any) -> tuple[Numbers | None, Any]:
    """The numbers; a bad value is reported and its default kept, so the items can
    still be checked against the rest and every problem is found in one load."""
    values = check_fields(ctx, raw, NUMBER_FIELDS)
    if values is None:
        return None, None
    types = _damage_types(ctx, values.pop("damage_types", ()))
    top = values.get("max_action_cost", 6)
    for action, cost in values.get("costs", ()):
        if action not in ACTIONS:
            ctx.error(f"costs.{action}", f"unknown action (known: {', '.join(ACTIONS)})")
        elif not 1 <= cost <= top:
            ctx.error(f"costs.{action}", f"an action costs 1 to {top} AP (D2), got {cost}")
    require(ctx, values, "costs", ACTIONS, ": every action needs its AP cost (D2)")
    require(ctx, values, "proficiency_dice", RANKS, ": every rank needs its die (D12)")
    default_raw = values.pop("default_sheet", {})
    check_provisional(ctx, raw, NUMBER_FIELDS)
    return Numbers(damage_types=types, **values), default_raw


def _damage_types(ctx: Ctx, raw: tuple) -> DamageTypes:
    categories, names = [], []
    for category, codes in raw:
        codes_here = []
        for code, name in codes:
            if not (code.isalpha() and code.isupper()):
                ctx.error(f"damage_types.{category}.{code}", "a type code is capital letters")
                continue
            codes_here.append(code)
            names.append((code, name.lower()))
        categories.append((category, tuple(codes_here)))
    return DamageTypes("damage", tuple(categories), tuple(names))


def _type_code(ctx: Ctx, value: str | None, numbers: Numbers) -> str | None:
    code = numbers.damage_types.code_of(value) if value is not None else None
    if value is not None and code is None:
        ctx.error("type", f"unknown damage type {value!r} "
                          f"(known: {', '.join(numbers.damage_types.codes())})")
    return code


def _weapon(ctx: Ctx, item: str, raw: Any, numbers: Numbers) -> Weapon | None:
    before = len(ctx.errors)
    v = check_fields(ctx, raw, WEAPON_FIELDS) or {}
    code = _type_code(ctx, v.pop("type", None), numbers)
    v.pop("description", None)
    if len(ctx.errors) > before:
        return None
    return Weapon(item, damage_type=code, pierce_die=v.pop("pierce"), **v)


def _spell(ctx: Ctx, item: str, raw: Any, numbers: Numbers) -> Spell | None:
    before = len(ctx.errors)
    v = check_fields(ctx, raw, SPELL_FIELDS) or {}
    code = _type_code(ctx, v.pop("type", None), numbers)
    v.pop("description", None)
    if v.get("cost", 1) > numbers.max_action_cost:
        ctx.error("cost", f"an action costs 1 to {numbers.max_action_cost} AP (D2)")
    if v.get("wounds") and code is None:
        ctx.error("type", "a spell that deals wounds needs their damage type (D20)")
    if v.get("extra_arca") and not v.get("attack"):
        ctx.error("extra_arca", "extra arca overcomes a defender: the spell needs an attack")
    return None if len(ctx.errors) > before else Spell(item, damage_type=code, **v)


def _sheet(ctx: Ctx, item: str, raw: Any, numbers: Numbers) -> Sheet | None:
    """A creature sheet; its damage types by code, the content's defaults filled in."""
    before = len(ctx.errors)
    v = check_fields(ctx, raw, {**SHEET_FIELDS, **sheet_numbers(numbers).fields()}) or {}
    v.pop("description", None)
    types = numbers.damage_types
    entries = [(f"{key}.{name}", name) for key in ("vulnerable", "resist")
               for name, _ in v.get(key, ())] + [("immune", n) for n in v.get("immune", ())]
    for where, name in entries:
        if name not in types.known() and types.code_of(name) is None:
            ctx.error(where, f"unknown damage type or category {name!r} "
                             f"(known: {', '.join(types.known())})")
    for ref in v.get("holding", ()):
        if ref not in v.get("weapons", ()):
            ctx.error("holding", f"holds {ref!r}, which is not among its weapons")
    if len(ctx.errors) > before:
        return None
    for key in ("vulnerable", "resist"):
        v[key] = tuple((types.code_of(k) or k, n) for k, n in v.get(key, ()))
    v["immune"] = tuple(types.code_of(k) or k for k in v.get("immune", ()))
    v["speeds"] = v.get("speeds") or (("ground", 1),)
    return Sheet(item, **{"critical_threshold": numbers.critical_threshold,
                          "threat_range": numbers.threat_range, **v})
