"""A ruleset written as data, read from its folder and checked: `DataLibrary`.

The folder holds `ruleset.yaml` (its name, grid, numbers, resources, initiative, how a
sheet's derived numbers are worked out, what zero hit points means, its words),
`actions.yaml` (its actions: `engine.declared`) and one file of items per kind
(`weapons.yaml`, `creatures.yaml`, ...: each maps item ids to mappings). Every mistake
is reported together, one line each, naming file, entry and key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.folders import folder_data
from shaper_gm.content.library import check_provisional, checked
from shaper_gm.content.schema import (
    ContentError,
    Ctx,
    Field,
    boolean,
    choice,
    grid,
    ident,
    integer,
    list_of,
    mapping_of,
    snake_name,
    text,
)
from shaper_gm.engine.declared import Declared
from shaper_gm.engine.expr import Compiled, ExprError, compile_expr
from shaper_gm.engine.resources import MOMENTS
from shaper_gm.engine.stepkit import Facts
from shaper_gm.records import record
from shaper_gm.rulesets.data import add_numbers, add_switches, clock, initiative, timers, words_pick
from shaper_gm.rulesets.data.action_names import actions_named
from shaper_gm.rulesets.data.actions_file import read_actions
from shaper_gm.rulesets.data.add_checks import add_requires
from shaper_gm.rulesets.data.add_switches import add_switch
from shaper_gm.rulesets.data.adding import AddItem, add_item, add_items, among_declared
from shaper_gm.rulesets.data.bands import bands_spec
from shaper_gm.rulesets.data.basic_roll import basic_roll
from shaper_gm.rulesets.data.entries import add_entry, entry_kinds
from shaper_gm.rulesets.data.field_checks import field_checks, fields_checked
from shaper_gm.rulesets.data.gm_fields import gm_field
from shaper_gm.rulesets.data.item_offers import item_offer
from shaper_gm.rulesets.data.marks import map_mark
from shaper_gm.rulesets.data.naming import payers_declared, short, sides_declared, told
from shaper_gm.rulesets.data.older import older_saves, older_sheets
from shaper_gm.rulesets.data.orders import turn_order_spec
from shaper_gm.rulesets.data.prepared import prepared_spec
from shaper_gm.rulesets.data.replayed import replayed_saves
from shaper_gm.rulesets.data.sides import missing_actions, side_check
from shaper_gm.rulesets.data.tally import harm_tally
from shaper_gm.rulesets.data.template_items import templates_named
from shaper_gm.rulesets.data.template_numbers import declared_in_range, numbers_in_range
from shaper_gm.rulesets.data.zero_read import zero_read


def _expr(value: Any) -> Compiled:
    from shaper_gm.content.schema import Bad
    try:
        return compile_expr(value)
    except ExprError as exc:
        raise Bad(str(exc)) from None


def _mapping(value: Any) -> Mapping[str, Any]:
    from shaper_gm.content.schema import Bad
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise Bad("expected a mapping of keys to values")
    return value


def _amount(value: Any) -> int | str:
    """A resource's amount: a number, or the name of a sheet number."""
    if isinstance(value, int) and not isinstance(value, bool):
        return integer(0)(value)
    return snake_name(value)


def _setting(value: Any) -> int | str:
    """A number of `numbers:`: a whole number, or a word (a switch: `shield_soaks: all`)."""
    if isinstance(value, str):
        return snake_name(value)
    return integer(-999_999, 999_999)(value)


RANGE = {"min": Field(integer(-999_999, 999_999)), "max": Field(integer(-999_999, 999_999)),
         "rule": Field(text)}


def _range(value: Any) -> tuple[int, int | None, str]:
    """A sheet number's range: ``{min, max, rule}`` (each optional; min 0)."""
    from shaper_gm.content.schema import Bad
    if not isinstance(value, Mapping) or set(value) - set(RANGE):
        raise Bad("expected {min: N, max: N, rule: TEXT}")
    low = RANGE["min"].check(value.get("min", 0))
    high = RANGE["max"].check(value["max"]) if "max" in value else None
    if high is not None and high < low:
        raise Bad(f"max {high} is below min {low}")
    return low, high, text(value.get("rule", ""))


RESOURCE = {"label": Field(text), "max": Field(_amount), "start": Field(_amount),
            "refill": Field(choice(MOMENTS)), "refill_by": Field(_amount),
            "lapse": Field(choice(MOMENTS)), "off_turn": Field(boolean),
            "kept_on_pass": Field(boolean), "while_down": Field(boolean), "rule": Field(text),
            "shown": Field(boolean), "hard_max": Field(boolean), "lapsed": Field(text),
            "paid_by": Field(lambda v: tuple(list_of(snake_name)(v))), "short": Field(short),
            "backfill": Field(boolean), "rebuilt": Field(text), "told": Field(told)}
ZERO_HP = {"conditions": Field(list_of(ident)), "ends": Field(list_of(ident)),
           "word": Field(text), "rule": Field(text)}
RULESET = {
    "name": Field(text, required=True), "rules": Field(text), "attribution": Field(text),
    "description": Field(text), "grid": Field(grid), "cell_size": Field(integer(1, 1000)),
    "unit": Field(text), "numbers": Field(mapping_of(snake_name, _setting)),
    "resources": Field(mapping_of(snake_name, lambda v: v)),
    "initiative": Field(mapping_of(choice(("roll", "tiebreak", "zero_faces")), _expr)),
    "derived": Field(mapping_of(snake_name, _expr)),
    "hp": Field(_expr), "templates": Field(list_of(ident, non_empty=True)),
    "default_sheet": Field(lambda v: _mapping(v)), "zero_hp": Field(lambda v: v),
    "effect_keys": Field(list_of(snake_name)), "act_resource": Field(snake_name),
    "react_resource": Field(snake_name), "side": Field(text),
    "absorbs": Field(snake_name), "damage_types": Field(list_of(ident, non_empty=True)),
    "down_words": Field(mapping_of(ident, text)),
    "terms": Field(mapping_of(text, text)), "provisional": Field(list_of(text)),
    "ranges": Field(mapping_of(snake_name, _range)),
    "add_items": Field(mapping_of(snake_name, add_item)), "damage_action": Field(ident),
    "rulings": Field(mapping_of(text, text)), "one_per_cell": Field(boolean),
    "diagonal_size": Field(integer(1, 1000)), "item_mods": Field(list_of(ident)),
    "turn_order": Field(turn_order_spec), "heal_action": Field(ident),
    "set_hp_action": Field(ident), "add_switches": Field(mapping_of(ident, add_switch)),
    "map_marks": Field(mapping_of(ident, map_mark)), "logs_words": Field(boolean),
    "gm_fields": Field(mapping_of(snake_name, gm_field)),
    "side_checks": Field(mapping_of(ident, side_check)),
    "keeps_down": Field(list_of(ident)), "zero_read": Field(zero_read),
    "reacts_on_turn": Field(boolean), "item_offers": Field(mapping_of(ident, item_offer)),
    "readied_effect": Field(text), "item_files": Field(list_of(ident)),
    "encounter_numbers": Field(mapping_of(snake_name, integer(0, 999_999))),
    "harm_tally": Field(harm_tally), "most_diagonals": Field(integer(0, 1000)),
    "template_sides": Field(mapping_of(ident, text)),
    "add_entries": Field(mapping_of(snake_name, add_entry)),
    "older_saves": Field(older_saves),
    "older_sheets": Field(older_sheets), "sheet_items": Field(mapping_of(snake_name, ident)),
    "prepared": Field(prepared_spec), "word_actions": Field(words_pick.word_actions),
    "add_numbers": Field(mapping_of(snake_name, text)), "add_requires": Field(add_requires),
    "clock": Field(clock.clock_spec), "timers": Field(timers.timers_spec),
    "no_initiative": Field(initiative.no_initiative),
    "act_range": Field(_range), "basic_roll": Field(basic_roll), "bands": Field(bands_spec),
    "replayed_saves": Field(replayed_saves), "field_checks": Field(field_checks),
}


@record
class DataLibrary:
    """Everything a ruleset written as data declares, checked."""

    id: str
    numbers: Facts                                  # `rules.X`: its numbers and settings
    resources: tuple[tuple[str, Mapping[str, Any]], ...]
    actions: tuple[tuple[str, Declared], ...]
    items: Mapping[str, Mapping[str, Facts]]        # kind -> id -> item
    derived: tuple[tuple[str, Compiled], ...] = ()
    initiative: Mapping[str, Compiled] | None = None
    hp: Compiled | None = None
    zero_hp: tuple[tuple[Compiled | None, Mapping[str, Any]], ...] = ()   # (when, what)
    templates: tuple[str, ...] = ("creatures", "characters")
    default_sheet: Facts = Facts()
    ends_if: tuple[tuple[str, Compiled], ...] = ()   # condition -> when it ends (G28)
    ranges: tuple[tuple[str, tuple[int, int | None, str]], ...] = ()   # add --stat's
    add_items: tuple[AddItem, ...] = ()             # add --weapon ITEM, --shield ITEM

    def item(self, kind: str, item_id: str) -> Facts:
        return self.items[kind][item_id]

    def kind(self, kind: str) -> Mapping[str, Facts]:
        return self.items.get(kind, {})

    def action(self, name: str) -> Declared:
        return dict(self.actions)[name]


PLAIN = frozenset((str, int, bool, float, type(None)))     # a value frozen as it is


def freeze(value: Any) -> Any:
    """Plain YAML data made immutable: mappings as `Facts`, lists as tuples."""
    if type(value) in PLAIN:
        return value
    if isinstance(value, Mapping):
        return Facts({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


class RulesetFileError(ContentError):
    """A ruleset written as data that is refused: every mistake, one a line, and what to
    do (the GM's own files are at fault, not a sheet)."""

    def __init__(self, errors, folder: Any) -> None:
        super().__init__(errors)
        self.hint = (f"fix the files of {getattr(folder, 'name', folder)} (docs/rulesets.md, "
                     f"\"A ruleset written as data\"); shaper-gm check-ruleset {folder} "
                     "lists every mistake")


def load(folder: Any) -> DataLibrary:
    """The checked library of the ruleset written as data in `folder`."""
    ctx = Ctx()
    ruleset_id = folder.name
    files = folder_data(ctx, folder, numbers_id="")   # its keys name no item
    numbers_file = next(((d, data) for d, data in files if d.endswith(f"{ruleset_id}/"
                                                                      "ruleset.yaml")), None)
    if numbers_file is None:
        raise RulesetFileError([*ctx.errors, f"{folder.name}: ruleset.yaml is missing"],
                               folder)
    display, raw = numbers_file
    here = ctx.at(display, lines=raw)                # errors name their lines
    unread = raw is None and any(e.startswith(f"{display}: ") for e in ctx.errors)
    good = {} if unread else checked(here, raw, RULESET) or {}   # why unread: said once
    check_provisional(here, raw, RULESET)
    others = [(d, data) for d, data in files if (d, data) != numbers_file]
    items = _items(ctx, others)
    actions, in_actions = read_actions(ctx, folder)
    resources = tuple(_resource(here, name, spec)
                      for name, spec in good.get("resources", ()))
    zero = _zero_hp(here, good.get("zero_hp"))
    ends_if = _ends_if(ctx, files, items.get("conditions", {}))
    declared_in_range(ctx, others, good, _kind)
    numbers_in_range(ctx, others, good, _kind)
    if good:                                      # its own keys read: names to check
        kinds = {_kind(d) for d, _ in files if d != display}
        _names_declared(here, good, {name for name, _ in resources}, kinds, actions,
                        in_actions)
        actions_named(in_actions, actions, items.get("conditions", {}), good)
        words_pick.check(here, good, dict(actions))      # word_actions: cast ACTOR spell
        payers_declared(here, resources)
        sides_declared(here, good, kinds)
        templates_named(ctx, [(d, data) for d, data in files if d != display], good, items)
        fields_checked(ctx, files, good, items, _kind)     # field_checks, item_files
    if ctx.errors:
        raise RulesetFileError(ctx.errors, folder)
    settings = {key: value for key, value in good.items() if key in (
        "name", "rules", "attribution", "description", "grid", "cell_size", "unit", "terms",
        "effect_keys", "act_resource", "react_resource", "side", "absorbs", "damage_types",
        "down_words", "damage_action", "rulings", "one_per_cell", "diagonal_size", "item_mods",
        "turn_order", "heal_action", "set_hp_action", "add_switches", "map_marks",
        "replayed_saves", "logs_words", "side_checks", "keeps_down", "zero_read",
        "reacts_on_turn", "readied_effect", "encounter_numbers", "harm_tally", "most_diagonals",
        "template_sides", "add_entries", "older_saves", "older_sheets", "sheet_items", "prepared",
        "add_numbers", "add_requires", "clock", "timers", "no_initiative", "act_range",
        "item_offers", "basic_roll", "gm_fields", "bands",
        "word_actions")}
    numbers = Facts({**dict(good.get("numbers", ())), **settings})
    return DataLibrary(ruleset_id, numbers, resources, actions, items,
                       tuple(good.get("derived", ())),
                       dict(good["initiative"]) if "initiative" in good else None,
                       good.get("hp"), zero, tuple(good.get("templates", ("creatures",))),
                       freeze(good.get("default_sheet") or {}), ends_if,
                       tuple(good.get("ranges", ())), add_items(good.get("add_items")))


def _ends_if(ctx: Ctx, files: list[tuple[str, Any]], conditions: Mapping[str, Facts]
             ) -> tuple[tuple[str, Compiled], ...]:
    """Each condition's `ends_if`: an expression over its holder (`actor.X`), the
    creature that gave it (`target.X`) and the `distance` between them."""
    out = []
    for name, item in conditions.items():
        if "ends_if" not in item:
            continue
        display, data = next(((d, data) for d, data in files if _kind(d) == "conditions"
                              and isinstance(data, Mapping) and name in data),
                             ("conditions.yaml", None))
        try:
            out.append((name, compile_expr(str(item["ends_if"]))))
        except ExprError as exc:
            ctx.at(display, name, lines=data).error("ends_if", str(exc))
    return tuple(out)


def _items(ctx: Ctx, files: list[tuple[str, Any]]) -> dict[str, dict[str, Facts]]:
    out: dict[str, dict[str, Facts]] = {}
    for display, data in files:
        kind = _kind(display)
        if data is None:
            continue
        if not isinstance(data, Mapping):
            ctx.at(display).error(None, "expected a mapping of item ids to items")
            continue
        for item_id, raw in data.items():
            here = ctx.at(display, str(item_id), lines=data)
            try:
                ident(item_id)
            except Exception:
                here.error("id", "item id must be lowercase letters, digits and '-'")
                continue
            if not isinstance(raw, Mapping):
                here.error(None, "expected a mapping of keys")
                continue
            if item_id in out.get(kind, {}):        # two files of a folder of one kind
                first = next(d for d, x in files if _kind(d) == kind and
                             isinstance(x, Mapping) and item_id in x).split("/", 2)[-1]
                here.error("id", f"{kind} {item_id!r} is in {first} too; an id names one "
                                 "item of its kind")
                continue
            out.setdefault(kind, {})[item_id] = freeze({"id": item_id, **raw})
    return out


def _kind(display: str) -> str:
    """The kind of item a file holds: its name (``duellists.yaml``), or for a file in a
    folder of the ruleset's the folder's (``weapons/source.yaml`` holds weapons)."""
    inside = display.split("/", 2)[-1]          # the path inside the ruleset's folder
    if "/" in inside:
        return inside.split("/", 1)[0]
    return display.rsplit("/", 1)[-1].removesuffix(".yaml")


def _names_declared(here: Ctx, good: Mapping[str, Any], resources: set[str],
                    kinds: set[str], actions: tuple[tuple[str, Declared], ...],
                    in_actions: Ctx) -> None:
    """Every resource a key or a cost names is one `resources:` declares, and every
    template kind is an item file: a name mistyped is refused at load, not in play."""
    known = ", ".join(sorted(resources)) or "none"
    for key in ("act_resource", "react_resource", "absorbs"):
        if key in good and good[key] not in resources:
            here.error(key, f"no resource {good[key]!r} (resources: {known})")
    for key in ("templates", "item_mods"):
        for kind in good.get(key, ()):
            if kind not in kinds:
                here.error(key, f"no item file {kind}.yaml for {key} {kind!r} "
                                f"(kinds: {', '.join(sorted(kinds)) or 'none'})")
    add_numbers.check(here, good)                  # add --level N: a sheet number
    add_switches.check(here, good)                 # add --player: a sheet key set
    clock.check(here, good)                        # the fight's time: numbers it reads
    among_declared(here, good)                     # add --holding ITEM: what it has
    for flag, spec in good.get("add_entries", ()):
        for key, kind in entry_kinds(spec):
            if kind not in kinds:
                here.error(f"add_entries.{flag}.{key}", f"no item file {kind}.yaml (kinds: "
                                                        f"{', '.join(sorted(kinds)) or 'none'})")
    order = good.get("turn_order") or {}
    if "resource" in order and order["resource"] not in resources:
        here.error("turn_order.resource", f"no resource {order['resource']!r} "
                                          f"(resources: {known})")
    for name, _ in (good.get("prepared") or {}).get("stands_for", {}).items():
        if name not in resources:
            here.error("prepared.stands_for", f"no resource {name!r} (resources: {known})")
    for key, kind in good.get("sheet_items", ()):
        if kind not in kinds:
            here.error(f"sheet_items.{key}", f"no item file {kind}.yaml "
                                             f"(kinds: {', '.join(sorted(kinds)) or 'none'})")
    if "damage_action" in good and good["damage_action"] not in dict(actions):
        here.error("damage_action", f"no action {good['damage_action']!r} in actions.yaml")
    for key in ("heal_action", "set_hp_action"):
        if key in good and good[key] not in dict(actions):
            here.error(key, f"no action {good[key]!r} in actions.yaml")
    for verb, spec in good.get("side_checks", ()):
        for name in missing_actions(spec, dict(actions)):
            here.error(f"side_checks.{verb}", f"no action {name!r} in actions.yaml")
    tallied = dict(good.get("encounter_numbers") or ())
    for name, declared in actions:
        for index, entry in enumerate(declared.apply):
            if entry.kind == "encounter" and entry.name not in tallied:
                in_actions.at(in_actions.file, name).error(
                    f"apply[{index}].encounter.name", f"no encounter number {entry.name!r} "
                    f"(encounter_numbers: {', '.join(tallied) or 'none'})")
        for resource, _ in declared.cost:
            if resource not in resources:
                in_actions.at(in_actions.file, name).error(
                    f"cost.{resource}", f"no resource {resource!r} (resources: {known})")


def _resource(ctx: Ctx, name: str, spec: Any) -> tuple[str, Mapping[str, Any]]:
    values = checked(ctx, spec, RESOURCE, prefix=f"resources.{name}.") or {}
    return name, values


def _zero_hp(ctx: Ctx, raw: Any) -> tuple[tuple[Compiled | None, Mapping[str, Any]], ...]:
    """What zero hit points means, as (when, what) pairs tried in order: `when` an
    expression over the sheet (``player``), ``otherwise`` (None) for the rest."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        ctx.error("zero_hp", "expected WHEN: {conditions, word, rule} pairs")
        return ()
    out = []
    for when, what in raw.items():
        good = checked(ctx, what, ZERO_HP, prefix=f"zero_hp.{when}.")
        try:
            test = None if when == "otherwise" else compile_expr(when)
        except ExprError as exc:
            ctx.error(f"zero_hp.{when}", str(exc))
            continue
        if good is not None:
            out.append((test, good))
    return tuple(out)
