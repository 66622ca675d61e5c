"""What an item an actor is made with adds to its sheet's numbers (`add_items`
`adds_to: {KEY: FIELD}`): the item's FIELD joins the sheet number KEY when `add` makes
the actor, whether its template or the flag names the item, before `--stat` sets a
number outright (an armor's DR on the sheet's DR)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def with_item_numbers(library: Any, sheet: dict[str, Any]) -> dict[str, Any]:
    """`sheet` with each `adds_to` number raised by the items it holds under that key."""
    out = dict(sheet)
    for spec in library.add_items:
        if not spec.adds_to:
            continue
        held = out.get(spec.key)
        items = held if isinstance(held, (list, tuple)) else () if not held else (held,)
        known = library.kind(spec.kind)
        for item in items:
            facts = known.get(item) if isinstance(item, str) else None
            for key, field in spec.adds_to:
                value = facts.get(field) if isinstance(facts, Mapping) else None
                if isinstance(value, int) and not isinstance(value, bool):
                    base = out.get(key, library.default_sheet.get(key, 0))
                    out[key] = (base if isinstance(base, int) else 0) + value
    return out


def adds_to_declared(here: Any, good: Mapping[str, Any]) -> None:
    """At load: each number `adds_to` raises is a whole number of the default sheet."""
    sheet = good.get("default_sheet") or {}
    for flag, spec in good.get("add_items", ()):
        for key, _ in spec.get("adds_to", ()):
            value = sheet.get(key) if isinstance(sheet, Mapping) else None
            if not isinstance(value, int) or isinstance(value, bool):
                here.error(f"add_items.{flag}.adds_to",
                           f"{key!r} is no whole number of default_sheet: the item's field "
                           "is added to a sheet number")
