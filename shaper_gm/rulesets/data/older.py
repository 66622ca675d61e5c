"""How a sheet saved under a ruleset's older keys reads now (`older_sheets:` in
ruleset.yaml): a save written before the ruleset was written as data (the dice pool's
Python sheets) opens, and its log replays, to the state the same log reaches now.

An actor's saved sheet is older when it holds a key of `drop`; it is then read with
those keys left out, and those holding nothing (null, '', an empty list) its template
does not state (each now the default sheet's), each list of `[key, value]`
pairs named in `pairs` as a mapping, each key of `from_system` taken from what the
actor's `system` kept (what changed in the fight, over the sheet's start), and each key
of `lookup` (`KIND.KEY.FIELD`) the FIELD of the item of KIND its sheet's KEY names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad

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
            template = _template(library, raw.get("template"))
            raw = {**raw, "sheet": _sheet(library, how, sheet, raw.get("system"), template),
                   "system": None}
        out[actor_id] = raw
    return {**data, "actors": out}


def _template(library: Any, template: Any) -> Mapping[str, Any]:
    for kind in library.templates:
        if isinstance(template, str) and template in library.kind(kind):
            return library.kind(kind)[template]
    return {}


def _sheet(library: Any, how: Mapping[str, Any], sheet: Mapping[str, Any],
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
