"""ruleset.yaml's `item_offers`: how completion offers the items of a sheet list (`--with
ITEM`, `draw ITEM`): `{KIND: {text, first, first_text}}`, each item in the sheet's order,
the one the sheet key `first` names ahead of the rest (the weapon in hand, T7), told in
`text` (a template over the item's fields: `"{name} · {damage} damage"`) and, for that
first one, `first_text` after it (`in hand`). Without it: by id, each with its name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Field, snake_name, text
from shaper_gm.rulesets.data.entries import checked_keys

ITEM_OFFER = {"text": Field(text), "first": Field(snake_name), "first_text": Field(text)}


def item_offer(value: Any) -> Mapping[str, Any]:
    """One entry of `item_offers`, checked as the rest of the file is."""
    if not isinstance(value, Mapping) or set(value) - set(ITEM_OFFER) or \
            ("first_text" in value and "first" not in value):
        raise Bad(f"expected {{text: TEXT, first: KEY, first_text: TEXT}} (first_text with "
                  f"first), got {value!r}")
    return checked_keys(value, ITEM_OFFER)


def offered_items(rs: Any, sheet: Any, kind: str, carried: Mapping[str, Any]
                  ) -> list[tuple[str, str]] | None:
    """(id, words) of each item carried, as `item_offers` says, or None without it."""
    from shaper_gm.engine.stepkit import fill
    spec = dict(rs.library.numbers.get("item_offers") or ()).get(kind)
    if spec is None:
        return None
    spec = dict(spec)
    first = sheet.get(spec["first"]) if "first" in spec else None
    order = sorted(carried, key=lambda item_id: item_id != first)     # stable: sheet order
    known = rs.library.kind(kind)
    out = []
    for item_id in order:
        item = carried[item_id] if isinstance(carried[item_id], Mapping) else \
            known.get(item_id) or {"name": item_id}
        words = fill(spec.get("text", "{name}"), item)
        if item_id == first and spec.get("first_text"):
            words = f"{words} · {spec['first_text']}"
        out.append((item_id, words))
    return out
