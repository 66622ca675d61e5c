"""What a data ruleset keeps of its sheets' plain-data forms: made once per object (a
command's save check encodes the same sheets again and again)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.rulesets.data.library import PLAIN


def once(made: dict[int, tuple[Any, Any]], of: Any, make: Any) -> Any:
    """`make()` for the object `of`, kept with it (its id is never another's while it
    is kept); at most 512 are kept."""
    kept = made.get(id(of))
    if kept is None or kept[0] is not of:
        if len(made) >= 512:
            made.clear()
        kept = made[id(of)] = (of, make())
    return kept[1]


def thaw(value: Any) -> Any:
    if type(value) in PLAIN:
        return value
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [thaw(item) for item in value]
    return value
