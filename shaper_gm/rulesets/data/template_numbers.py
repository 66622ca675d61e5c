"""A template's sheet numbers in the range `add --stat` takes them: its declared range
(`ranges:`), else 0 or more, those held in a mapping (the dice pool's `stats.str`) too;
so no template makes an actor the GM could not make by hand (`declared_in_range` checks
the declared ranges of the sheet's own keys)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Ctx
from shaper_gm.engine.limits import MAX_NUMBER
from shaper_gm.rulesets.data.numbers import nested_numbers, number_names


def numbers_in_range(ctx: Ctx, files: list[tuple[str, Any]], good: Mapping[str, Any],
                     kind_of: Any) -> None:
    """Each number a template gives of the default sheet's numbers, in its range."""
    default = good.get("default_sheet") or {}
    ranges = dict(good.get("ranges", ()))
    kinds = set(good.get("templates", ("creatures",)))
    nested = nested_numbers(default)
    names = [name for name in number_names(default, []) if name not in ranges or name in nested]
    for display, data in files:
        if kind_of(display) not in kinds or not isinstance(data, Mapping):
            continue
        for item_id, raw in data.items():
            for name in names if isinstance(raw, Mapping) else ():
                key = nested.get(name)
                holder = raw.get(key) if key else raw
                value = holder.get(name) if isinstance(holder, Mapping) else None
                low, high, why = ranges.get(name, (0, None, ""))
                top = MAX_NUMBER if high is None else high
                if value is None or (isinstance(value, int) and not isinstance(value, bool)
                                     and max(low, -MAX_NUMBER) <= value <= top):
                    continue
                ctx.at(display, str(item_id), lines=data).error(
                    f"{key}.{name}" if key else name,
                    f"expected a whole number from {max(low, -MAX_NUMBER):,} to {top:,}"
                    f"{f' ({why})' if why else ''}, got {value!r}")


def declared_in_range(ctx: Ctx, files: list[tuple[str, Any]], good: Mapping[str, Any],
                      kind_of: Any) -> None:
    """A template's sheet numbers within the ranges `add --stat` takes: the content
    and `add` take the same numbers."""
    ranges = dict(good.get("ranges", ()))
    kinds = set(good.get("templates", ("creatures",)))
    for display, data in files:
        if not ranges or kind_of(display) not in kinds or not isinstance(data, Mapping):
            continue
        for item_id, raw in data.items():
            for name, (low, high, why) in ranges.items():
                value = raw.get(name) if isinstance(raw, Mapping) else None
                top = MAX_NUMBER if high is None else high
                if value is None or (isinstance(value, int) and not isinstance(value, bool)
                                     and max(low, -MAX_NUMBER) <= value <= top):
                    continue
                ctx.at(display, str(item_id), lines=data).error(
                    name, f"expected a whole number from {max(low, -MAX_NUMBER):,} to "
                          f"{top:,}{f' ({why})' if why else ''}, got {value!r}")
