"""ruleset.yaml's `older_saves`: how a save written by the Python ruleset of the same id
(versions 1-3, before the ruleset was written as data) is read, so it opens to the state
its log replays to now. Read generically, with no key: a sheet mapping written as a list
of [name, value] pairs (a record's), the names `add_entries` checks as `add` reads them
(a damage type's code `B` as its id `b`), hit points not kept (a ruleset that counted
harm its own way) worked out from a kept harm tally. Declared: a sheet key under its old
name (`sheet_keys`), keys no longer kept (`dropped`), what each field of an actor's own
record became (`actor_system`: a sheet key, or an effect), the encounter's numbers
(`encounter_system`).

`older_sheets`: how a sheet saved under a ruleset's older keys reads now, for a save
written before the ruleset was written as data (the dice pool's Python sheets). An
actor's saved sheet is older when it holds a key of `drop`; it is then read with those
keys left out, and those holding nothing (null, '', an empty list) its template does not
state (each now the default sheet's), each list of `[key, value]` pairs named in `pairs`
as a mapping, each key of `from_system` taken from what the actor's `system` kept (what
changed in the fight, over the sheet's start), and each key of `lookup`
(`KIND.KEY.FIELD`) the FIELD of the item of KIND its sheet's KEY names. It is read
before `older_saves` is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Field, mapping_of, snake_name, text
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.stepkit import fill
from shaper_gm.rulesets.data.entries import checked_keys, entries
from shaper_gm.rulesets.data.older_log import from_log, read_back

EFFECT = {"sheet": Field(snake_name), "effect": Field(text), "source": Field(text),
          "caster": Field(lambda v: _one_of(v, ("self", "value"))),
          "until": Field(lambda v: _one_of(v, ("never", "round"))),
          "effects": Field(mapping_of(text, lambda v: _names(v))),
          "left_of": Field(snake_name), "without": Field(lambda v: _one_of(v, (True,))),
          "from_log": Field(from_log)}     # a save written before it: read from its log
ONE_OF = ("sheet", "effect", "effects")      # what a field of the actor's record became
ENCOUNTER_EFFECT = {"effect": Field(text), "before_round": Field(snake_name),
                    "during": Field(text)}
OLDER = {"sheet_keys": Field(mapping_of(snake_name, snake_name)),
         "dropped": Field(lambda v: _names(v)),
         "actor_system": Field(mapping_of(snake_name, lambda v: _field(v))),
         "encounter_system": Field(lambda v: _names(v)),
         "encounter_effects": Field(mapping_of(snake_name, lambda v: _encounter_effect(v)))}


def _one_of(value: Any, words: tuple[str, ...]) -> str:
    if value not in words:
        raise Bad(f"expected one of {', '.join(words)}, got {value!r}")
    return str(value)


def _names(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise Bad(f"expected a list of names, got {value!r}")
    return tuple(value)


def _field(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or set(value) - set(EFFECT) or \
            sum(key in value for key in ONE_OF) != 1 or \
            ("sheet" not in value and ("left_of" in value or "without" in value)):
        raise Bad(f"expected {{sheet: KEY, left_of, without}}, {{effect: NAME, source, "
                  f"caster, until}} or {{effects: {{VALUE: [NAME...]}}, source}}, "
                  f"got {value!r}")
    return checked_keys(value, EFFECT)


def _encounter_effect(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not {"effect", "before_round"} <= set(value) \
            or set(value) - set(ENCOUNTER_EFFECT):
        raise Bad(f"expected {{effect: NAME, before_round: FIELD, during: NAME}}, "
                  f"got {value!r}")
    return checked_keys(value, ENCOUNTER_EFFECT)


def older_saves(value: Any) -> Mapping[str, Any]:
    """`older_saves`, checked as the rest of the file is."""
    if not isinstance(value, Mapping) or set(value) - set(OLDER):
        raise Bad(f"expected a mapping of {', '.join(OLDER)}")
    return checked_keys(value, OLDER)


def upgraded(rs: Any, data: dict[str, Any]) -> dict[str, Any]:
    """A save's data as this ruleset keeps it (unchanged when already so)."""
    if not isinstance(data, dict) or not isinstance(data.get("actors"), dict):
        return data
    data = upgraded_save(rs.library, data)              # older_sheets first
    spec = dict(rs.library.numbers.get("older_saves") or ())
    system = data.get("system")
    kept = spec.get("encounter_system", ())
    if isinstance(system, dict) and spec.get("encounter_effects"):
        data, system = _encounter_effects(spec["encounter_effects"], data, system)
    if isinstance(system, dict) and kept and set(system) <= {*kept, "lying"}:
        start = dict(rs.library.numbers.get("encounter_numbers") or ())
        numbers = [[name, system[name]] for name in kept if name in system]
        lying = system.get("lying") or []               # what lies on the map (D16)
        data = {**data, "system": None if not lying and all(
            start.get(name) == value for name, value in numbers) else
            {"lying": lying, "numbers": numbers}}       # as the fight started: none
    actors = {actor_id: _actor(rs, spec, actor_id, raw, data.get("round") or 0)
              if isinstance(raw, dict) else raw for actor_id, raw in data["actors"].items()}
    return {**data, "actors": actors}


def _actor(rs: Any, spec: Mapping[str, Any], actor_id: str, raw: dict[str, Any],
           round_: int) -> dict[str, Any]:
    sheet = raw.get("sheet")
    if isinstance(sheet, dict):
        named = raw.get("template")              # a hand-edited save may hold anything
        template = rs.templates().get(named) if isinstance(named, str) else None
        sheet = _sheet(rs, spec, sheet, template)
        raw = {**raw, "sheet": sheet}
    record, fields = raw.get("system"), dict(spec.get("actor_system", ()))
    if isinstance(record, dict) and fields and set(record) <= set(fields):
        effects = list(raw.get("effects") or [])
        for name, value in sorted(record.items(), key=lambda kv: list(fields).index(kv[0])):
            value, by = (value["value"], value["by"]) if isinstance(value, dict) and \
                "by" in value else (value, None)          # read back from its log (by whom)
            if value in (None, False, "", []):
                continue
            field = dict(fields[name])
            if "sheet" in field:
                sheet = {**sheet, field["sheet"]: _sheet_value(rs, field, sheet, value)}
                continue
            if "effects" in field:                 # a state: the effects it stands for
                effects += [{"name": effect, "source": field.get("source", "effect"),
                             "mods": {}, "caster": None, "until": "never"}
                            for effect in dict(field["effects"]).get(str(value), ())]
                continue
            effects.append({"name": fill(field["effect"], {"value": value}),
                            "source": field.get("source", "effect"), "mods": {},
                            "caster": by or {"self": actor_id, "value": value}.get(
                                field.get("caster", "")),
                            "until": f"round:{round_}" if field.get("until") == "round"
                            else "never"})
        raw = {**raw, "system": None, "sheet": sheet, "effects": effects}
    held = raw.get("resources")
    if isinstance(held, dict):                  # in the order the ruleset declares
        order = [declared.name for declared in rs.resources]
        raw = {**raw, "resources": dict(sorted(held.items(), key=lambda kv: (
            order.index(kv[0]) if kv[0] in order else len(order))))}
    tally = rs.kept_tally()
    if "hp" not in raw and tally and isinstance(sheet, dict):
        from shaper_gm.rulesets.data.library import freeze
        from shaper_gm.rulesets.data.sheets import DataSheet
        try:
            top = rs.stat(DataSheet(freeze(sheet), rs.library.default_sheet), "hp")
        except RuleViolation:
            return raw                          # the decoder names what is wrong
        harm = (raw.get("resources") or {}).get(tally[0], 0)
        raw = {**raw, "hp": max(0, top - harm) if isinstance(harm, int) else top,
               "max_hp": top}
    return raw


def _sheet_value(rs: Any, field: Mapping[str, Any], sheet: Any, value: Any) -> Any:
    """What a field of the actor's record puts on its sheet: the value, what has run of
    a number of the rules it counted down (`left_of`), or the sheet's list without the
    items it names (`without`)."""
    if "left_of" in field and isinstance(value, int):
        whole = rs.library.numbers.get(field["left_of"])
        return max(0, whole - value) if isinstance(whole, int) else value
    if field.get("without") and isinstance(value, list) and isinstance(sheet, dict):
        held = sheet.get(field["sheet"])
        return [item for item in held if item not in value] if isinstance(held, list) \
            else held
    return value


def _encounter_effects(spec: Mapping[str, Any], data: dict[str, Any],
                       system: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The encounter's record of actors marked until a round: each named actor holds
    the effect while the saved round is before it, and the `during` one (its own, until
    the round ends) in that round; the fields are read off the record."""
    actors, round_ = dict(data["actors"]), data.get("round") or 0
    spec = {name: dict(how) for name, how in dict(spec).items()}
    for name, how in spec.items():
        marked, before = system.get(name), system.get(how["before_round"])
        if not isinstance(marked, list) or not isinstance(before, int):
            continue
        held = how["effect"] if round_ < before else how.get("during") \
            if round_ == before else None
        for actor_id in marked if held else ():
            raw = actors.get(actor_id)
            if isinstance(raw, dict):
                actors[actor_id] = {**raw, "effects": [*(raw.get("effects") or []), {
                    "name": held, "source": "effect", "mods": {},
                    "caster": actor_id if held != how["effect"] else None,
                    "until": "never" if held == how["effect"] else f"round:{round_}"}]}
    system = {k: v for k, v in system.items() if k not in spec and k not in
              {how["before_round"] for how in spec.values()}}
    return {**data, "actors": actors, "system": system or None}, system


def _sheet(rs: Any, spec: Mapping[str, Any], sheet: dict[str, Any],
           template: Mapping[str, Any] | None) -> dict[str, Any]:
    """The sheet as this ruleset keeps it: a template's keys and what differs from the
    default sheet (a record kept every field)."""
    renamed = dict(spec.get("sheet_keys", ()))
    dropped = set(spec.get("dropped", ()))
    default = rs.library.default_sheet
    out = {renamed.get(key, key): value for key, value in sheet.items()
           if key not in dropped}
    out = {key: "" if value is None and default.get(key) == "" else value   # a record's
           for key, value in out.items()}                     # None: '' names none
    for key, value in out.items():
        if isinstance(default.get(key), Mapping) and isinstance(value, list) and all(
                isinstance(pair, list) and len(pair) == 2 for pair in value):
            out[key] = dict(value)
    for entry in entries(rs.library).values():
        held, names = out.get(entry["key"]), entry.get("names")
        if names and isinstance(held, (dict, list)):
            out[entry["key"]] = _named(rs.library.kind(names), held)
    if template is None:
        return out
    from shaper_gm.rulesets.data.kept import thaw
    out = {**{key: thaw(value) for key, value in template.items() if key not in out
              and (key not in dropped or key == "provisional")},
           **out}     # what the record left to its template; its marks the content's now
    stated = set(sheet) if not spec else set()     # nothing older: what it says it holds
    return {key: value for key, value in out.items() if key in template or key in stated
            or key not in default or value != thaw(default[key])}


def _named(items: Mapping[str, Any], held: dict[str, Any] | list[Any]) -> Any:
    """Names as `add` reads them: an id in any case, or an item's name, as its id."""
    def one(name: Any) -> Any:
        word = str(name).lower()
        return word if word in items else next(
            (item_id for item_id, item in items.items()
             if str(item.get("name", "")).lower() == word), name)
    if isinstance(held, dict):
        return {one(name): value for name, value in held.items()}
    return [one(name) for name in held]


PARTS = ("drop", "pairs", "from_system", "lookup")


def older_sheets(value: Any) -> dict[str, Any]:
    """The checked `older_sheets:` mapping (content.schema.Bad if it cannot be read)."""
    if not isinstance(value, Mapping) or set(value) - set(PARTS) or "drop" not in value:
        raise Bad("expected {drop: [KEY...], pairs: [KEY...], from_system: [KEY...], "
                  "lookup: {KEY: KIND.KEY.FIELD}} (drop required)")
    out: dict[str, Any] = {}
    for part in ("drop", "pairs", "from_system"):
        keys = value.get(part, [])
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            raise Bad(f"{part}: expected a list of sheet keys")
        out[part] = tuple(keys)
    lookup = value.get("lookup", {})
    if not isinstance(lookup, Mapping):
        raise Bad("lookup: expected KEY: KIND.KEY.FIELD")
    for key, path in lookup.items():
        if not isinstance(path, str) or len(path.split(".")) != 3:
            raise Bad(f"lookup.{key}: expected KIND.KEY.FIELD, got {path!r}")
    out["lookup"] = tuple((str(k), tuple(p.split("."))) for k, p in lookup.items())
    return out


def upgraded_save(library: Any, data: dict[str, Any]) -> dict[str, Any]:
    """`data` (a whole save) with each actor's older sheet read as a sheet is now."""
    how = library.numbers.get("older_sheets")
    actors = data.get("actors") if isinstance(data, dict) else None
    if how is None or not isinstance(actors, Mapping):
        return data
    out = {}
    for actor_id, raw in actors.items():
        sheet = raw.get("sheet") if isinstance(raw, Mapping) else None
        if isinstance(sheet, Mapping) and any(key in sheet for key in how["drop"]):
            template = _older_template(library, raw.get("template"))
            raw = {**raw, "sheet": _older_sheet(library, how, sheet, raw.get("system"),
                                                template),
                   "system": None}
        out[actor_id] = raw
    return {**data, "actors": out}


def _older_template(library: Any, template: Any) -> Mapping[str, Any]:
    for kind in library.templates:
        if isinstance(template, str) and template in library.kind(kind):
            return library.kind(kind)[template]
    return {}


def _older_sheet(library: Any, how: Mapping[str, Any], sheet: Mapping[str, Any],
                 system: Any, template: Mapping[str, Any]) -> dict[str, Any]:
    out = {key: value for key, value in sheet.items() if key not in how["drop"]
           and (key in template or value not in (None, "", [], {}))}
    for key in how["pairs"]:
        pairs = out.get(key)
        if isinstance(pairs, list) and all(isinstance(p, list) and len(p) == 2
                                           for p in pairs):
            out[key] = {str(k): v for k, v in pairs}
    kept = system if isinstance(system, Mapping) else {}
    for key in how["from_system"]:
        if kept.get(key) is not None:
            out[key] = kept[key]
    for key, (kind, named_by, field) in how["lookup"]:
        item = library.kind(kind).get(out.get(named_by)) \
            if isinstance(out.get(named_by), str) else None
        if item is not None and field in item:
            out[key] = item[field]
    return out


class OlderSaves:
    """`with_legacy_fields` for a ruleset written as data: an older save upgraded
    (`older_sheets`, then `older_saves`)."""

    def with_legacy_fields(self, data: dict[str, Any], log: list[str]) -> dict[str, Any]:
        return upgraded(self, read_back(self, data, log))
