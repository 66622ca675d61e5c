"""A saved sheet of a ruleset written as data, checked as it is read: each key one a
sheet of its content has (its default sheet's, a template's), a number where the
default sheet holds one, text where it does or every template holding the key does (a
template's `side`), a list of item ids or a single one where `add_items` says, and at
open each item one of the content's (a hand edit refused naming its key path)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine.data import DataError

SHEET_KEYS = ("id", "name")           # every sheet may hold these


def checked_sheet(library: Any, data: Mapping[str, Any], where: str) -> None:
    """Refuse (DataError naming the key path) a saved sheet key of the wrong type, or
    one no sheet of the content has."""
    known = {*SHEET_KEYS, *library.default_sheet,
             *(key for kind in library.templates
               for item in library.kind(kind).values() for key in item)}
    items = {spec.key: spec for spec in library.add_items if not spec.pairs}   # ITEM=N
    for key, value in data.items():
        at = f"{where}.{key}"
        if key not in known:
            raise DataError(at, "not a key of this ruleset's sheets")
        bounded(at, value)
        default = library.default_sheet.get(key, _templates_text(library, key))
        spec = items.get(key)
        if isinstance(default, int) and not isinstance(default, bool) and \
                (not isinstance(value, int) or isinstance(value, bool)):
            raise DataError(at, f"expected a whole number, got {value!r}")
        if isinstance(default, bool) and not isinstance(value, bool):
            raise DataError(at, f"expected true or false, got {value!r}")
        if isinstance(default, str) and value is not None and not isinstance(value, str):
            raise DataError(at, f"expected text, got {value!r}")
        if isinstance(default, Mapping) and not isinstance(value, Mapping):
            raise DataError(at, f"expected a mapping, got {value!r}")   # skills: {}
        if _numbers(default):                  # stats: {str: 1}: each a whole number
            if not isinstance(value, Mapping):
                raise DataError(at, f"expected a mapping of whole numbers, got {value!r}")
            for name, number in value.items():
                if isinstance(number, bool) or not isinstance(number, int):
                    raise DataError(f"{at}.{name}", f"expected a whole number, got {number!r}")
        if (spec is not None and spec.many) or isinstance(default, (list, tuple)):
            if not isinstance(value, (list, tuple)):
                raise DataError(at, f"expected a list, got {value!r}")
            for i, entry in enumerate(value):
                if not isinstance(entry, str) and not (isinstance(entry, Mapping) and
                                                       isinstance(entry.get("id"), str)):
                    raise DataError(f"{at}[{i}]", f"expected text (an item id), got {entry!r}")
        elif spec is not None and value is not None and not isinstance(value, str):
            raise DataError(at, f"expected text (an item id) or null, got {value!r}")


def _templates_text(library: Any, key: str) -> Any:
    """'' when every template holding a key the default sheet lacks holds text there (a
    template's `side`), False when each a true or false (`provisional`), {} when each a
    mapping: a saved value of it is of that kind too."""
    values = [item[key] for kind in library.templates
              for item in library.kind(kind).values() if key in item]
    for kind, empty in ((str, ""), (bool, False), (Mapping, {})):   # a summon's pool: {}
        if values and all(isinstance(v, kind) for v in values):
            return empty
    return None


def _numbers(default: Any) -> bool:
    """A default sheet value that is a mapping of whole numbers (the dice pool's stats)."""
    return isinstance(default, Mapping) and bool(default) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in default.values())


def bounded(at: str, value: Any) -> None:
    """Refuse a whole number held anywhere in a saved sheet value (a stat in `stats:`, a
    rank in `proficiencies:`) beyond what the GM can type (engine.limits.MAX_NUMBER)."""
    from shaper_gm.engine import limits
    if isinstance(value, Mapping):
        for key, inner in value.items():
            bounded(f"{at}.{key}", inner)
    elif isinstance(value, (list, tuple)):
        for i, inner in enumerate(value):
            bounded(f"{at}[{i}]", inner)
    elif isinstance(value, int) and not isinstance(value, bool):
        limits.check(at, value, -limits.MAX_NUMBER, limits.MAX_NUMBER)


def saved_items(library: Any, sheet: Any, where: str) -> None:
    """Refuse (DataError naming the key) a saved sheet whose item keys name items the
    content lacks."""
    from shaper_gm.engine import limits
    for spec in library.add_items:
        if spec.pairs:                  # a mapping keyed by items: `sheet_items` checks it
            continue
        held = sheet.get(spec.key)
        listed = held if isinstance(held, (list, tuple)) else () if held in (None, "") \
            else (held,)                        # a single key's '' (or null) holds none
        known = library.kind(spec.kind) if not spec.among else {   # what it holds: items
            item: None for other in library.add_items if other.key in spec.among  # of those
            for item in library.kind(other.kind)}
        for i, item in enumerate(listed):
            if not isinstance(item, Mapping):          # an item stated whole is its own
                at = f"{where}.{spec.key}" + (f"[{i}]" if spec.many else "")
                limits.known(at, item, known, spec.kind.removesuffix("s"))
    for key, kind in dict(library.numbers.get("sheet_items", ())).items():
        _named_items(f"{where}.{key}", sheet.get(key), library.kind(kind), kind)
    for _, spec in library.numbers.get("add_entries") or ():   # --prof NAME=RANK: a rank
        held, kind = sheet.get(spec["key"]), spec.get("values")
        if kind not in (None, "whole") and isinstance(held, Mapping):
            for name, value in held.items():
                limits.known(f"{where}.{spec['key']}.{name}", value, library.kind(kind),
                             str(kind).removesuffix("s"))
        elif kind == "whole" and isinstance(held, Mapping):     # in the range add takes
            for name, value in held.items():                    # (Shaper's levels 1-4, S24)
                limits.check(f"{where}.{spec['key']}.{name}", value, spec.get("least", 0),
                             spec.get("most"), why=spec.get("rule", ""))


def _named_items(at: str, held: Any, known: Mapping[str, Any], kind: str) -> None:
    """`sheet_items:` a sheet key naming items of a kind: one id, a list of ids, or a
    mapping keyed by ids (a rank per weapon); null names none."""
    from shaper_gm.engine import limits
    what = kind.removesuffix("s")
    if isinstance(held, Mapping):
        for item in held:
            limits.known(f"{at}.{item}", item, known, what)
    elif isinstance(held, (list, tuple)):
        for i, item in enumerate(held):
            limits.known(f"{at}[{i}]", item, known, what)
    elif held is not None:
        limits.known(at, held, known, what)


def saved_conditions(library: Any, actor: Any, where: str) -> None:
    """Refuse (DataError naming the key) a saved effect a condition gave (`condition:`,
    or zero hit points) whose name its conditions file lacks."""
    from shaper_gm.engine import limits
    from shaper_gm.rulesets.data.revived import ZERO_HP
    conditions = library.kind("conditions")
    for i, effect in enumerate(actor.effects):
        if effect.source in ("condition", ZERO_HP):
            limits.known(f"{where}.effects[{i}].name", effect.name, conditions, "condition")
