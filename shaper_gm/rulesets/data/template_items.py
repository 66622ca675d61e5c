"""A ruleset written as data: the items its templates name, checked at load as a save's
are at open (`sheet_items:`): each id one its item file holds, and each template id
once across the template files (the dice pool's characters and creatures)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Ctx


def templates_named(ctx: Ctx, files: list[tuple[str, Any]], good: Mapping[str, Any],
                    items: Mapping[str, Mapping[str, Any]]) -> None:
    """Every template's sheet key `sheet_items` names holds ids of that item file (one,
    a list, or a mapping keyed by them), and no template id is given twice."""
    kinds = set(good.get("templates", ("creatures",)))
    named = tuple(good.get("sheet_items", ()))
    seen: dict[str, str] = {}
    for display, data in files:
        if display.rsplit("/", 1)[-1].removesuffix(".yaml") not in kinds or \
                not isinstance(data, Mapping):
            continue
        for item_id, raw in data.items():
            here = ctx.at(display, str(item_id), lines=data)
            if str(item_id) in seen:
                here.error("id", f"duplicate id: already defined in {seen[str(item_id)]}")
            seen.setdefault(str(item_id), display)
            for key, kind in named:
                held = raw.get(key) if isinstance(raw, Mapping) else None
                for at, word in _ids(key, held):
                    if word not in items.get(kind, {}):
                        here.error(at, f"no {_one(kind)} {word!r}")


def _ids(key: str, held: Any) -> list[tuple[str, Any]]:
    """(key path, id) of each id a sheet value names."""
    if isinstance(held, Mapping):
        return [(f"{key}.{word}", word) for word in held]
    if isinstance(held, (list, tuple)):
        return [(f"{key}[{i}]", word) for i, word in enumerate(held) if not isinstance(
            word, Mapping)]
    return [] if held is None or isinstance(held, Mapping) else [(key, held)]


def _one(kind: str) -> str:
    """An item file's name in the singular: abilities -> ability, weapons -> weapon."""
    return kind[:-3] + "y" if kind.endswith("ies") else kind.removesuffix("s")
