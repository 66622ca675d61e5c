"""screen.yaml's `table.groups_by: KEY`: the map's numbered groups are the actors up who
hold the same value of the sheet key KEY, on two sides or more (a melee group a sheet
key names: a group left with one side is no melee); one of a ruleset written as data,
which has no views module to name a `groups` function in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shaper_gm.engine.situation import lookup


def grouped_by(key: str) -> Callable[[Any], list[tuple[str, ...]]]:
    def groups(state: Any) -> list[tuple[str, ...]]:
        found: dict[Any, list[Any]] = {}
        for actor in state.actors.values():
            value = lookup(actor.sheet, key)
            if value and not actor.down:
                found.setdefault(value, []).append(actor)
        return [tuple(a.id for a in members) for members in found.values()
                if len({a.side for a in members}) > 1]
    return groups
