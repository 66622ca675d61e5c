"""The sheet numbers `add --stat NAME=N` sets on a ruleset written as data: each whole
number of its default sheet (`ac: 2`) and each of a mapping of whole numbers it holds
(`stats: {str: 1, dex: 1}` makes `str` and `dex` sheet numbers, set inside `stats`), in
the default sheet's order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def nested_numbers(default_sheet: Mapping[str, Any]) -> dict[str, str]:
    """Each number held in a mapping of whole numbers, by the sheet key holding it."""
    return {name: key for key, value in default_sheet.items()
            if isinstance(value, Mapping) and value and all(map(_whole, value.values()))
            for name in value}


def number_names(default_sheet: Mapping[str, Any], left_out: list[str]) -> tuple[str, ...]:
    """Every sheet number in the default sheet's order, those of `left_out` aside."""
    out: list[str] = []
    nested = nested_numbers(default_sheet)
    for key, value in default_sheet.items():
        if _whole(value) and [key] != left_out:
            out.append(key)
        elif isinstance(value, Mapping):
            out += [name for name in value if nested.get(name) == key]
    return tuple(out)


def with_numbers(sheet: Mapping[str, Any], given: Mapping[str, int],
                 defaults: Mapping[str, Any]) -> dict[str, Any]:
    """`sheet` with the numbers `given`, those held in a mapping set inside it (the
    sheet's own mapping, else the default sheet's)."""
    nested = nested_numbers(defaults)
    out = dict(sheet)
    for name, value in given.items():
        key = nested.get(name)
        if key is None:
            out[name] = value
        else:
            out[key] = {**dict(out.get(key) or defaults[key]), name: value}
    return out


def set_number(rs: Any, state: Any, target: str, name: str, value: str) -> tuple[Any, list]:
    """`set ACTOR NAME=N` of a sheet number: typed in its range (`ranges:`, else 0 or
    more), the actor's sheet changed, a FieldSet event. What the sheet number builds is
    read anew from it (the dice pool's pool start, P2); what the actor holds now stays."""
    from shaper_gm.content.sheetnumbers import Number
    from shaper_gm.engine import events as ev
    from shaper_gm.rulesets.data.library import freeze
    number = rs.sheet_ranges[name] if name in rs.sheet_ranges else Number(name)
    typed = number.typed(value)
    actor = state.actors[target]
    defaults = rs.library.default_sheet
    key = nested_numbers(defaults).get(name)
    before = (actor.sheet.get(key) or {}).get(name) if key else actor.sheet.get(name)
    changed = with_numbers(actor.sheet.own(), {name: typed}, defaults)[key or name]
    sheet = actor.sheet.with_values(**{key or name: freeze(changed)})
    return state.with_actor(actor.with_(sheet=sheet)), [ev.FieldSet(target, name, before, typed)]
