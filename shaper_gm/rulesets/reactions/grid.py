"""The tile grid: tiles named like zones (`C3`: column letter, row number, `A1` top-left),
distances in tiles with diagonal steps counting 1 (R10), metres at `metres_per_tile` (R1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter

_TILE = re.compile(r"\s*([A-Za-z])\s*([1-9][0-9]*)\s*")
Tile = tuple[int, int]           # (column, row), 0-based


def parse_tile(text: str, cols: int, rows: int) -> Tile:
    match = _TILE.fullmatch(text or "")
    if not match:
        raise RuleViolation(f"{text!r} is not a tile", "name tiles like C3 (column letter, "
                            "row number)")
    col, row = ord(match[1].upper()) - ord("A"), int(match[2]) - 1
    if col >= cols or row >= rows:
        raise RuleViolation(f"tile {tile_name((col, row))} is off the {cols}x{rows} grid",
                            f"pick a tile from A1 to {tile_name((cols - 1, rows - 1))}")
    return col, row


def tile_name(tile: Tile) -> str:
    return f"{chr(ord('A') + tile[0])}{tile[1] + 1}"


def steps_between(a: Tile, b: Tile) -> int:
    """Tiles from a to b, a diagonal step counting 1 (R10)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def canonical(state: Encounter, text: str) -> str:
    """A tile as typed ("c3"), checked against the encounter's grid, as the tool writes it."""
    return tile_name(parse_tile(text, state.cols, state.rows))


def tile_of(state: Encounter, actor_id: str) -> Tile:
    actor = state.actors[actor_id]
    if actor.zone is None:
        raise RuleViolation(f"{actor.name} is not on the grid (R1)",
                            f"place it first: place {actor_id} TILE")
    return parse_tile(actor.zone, state.cols, state.rows)


def occupied(state: Encounter, but: Iterable[str] = ()) -> set[Tile]:
    """Tiles standing creatures stand on (down ones leave theirs free)."""
    skip = set(but)
    return {parse_tile(zone, state.cols, state.rows)
            for zone, ids in state.standing_zones().items() if ids - skip}


def taken(state: Encounter, tile: Tile, but: Iterable[str] = ()) -> bool:
    """Whether a standing creature other than `but` stands on `tile`."""
    return bool(state.standing_on(tile_name(tile)) - set(but))


def tiles_within(state: Encounter, centre: Tile, reach: int) -> list[Tile]:
    """Every tile of the grid within `reach` steps of `centre`, itself excluded, in
    reading order (row by row, left to right)."""
    return [(c, r) for r in range(state.rows) for c in range(state.cols)
            if (c, r) != centre and steps_between((c, r), centre) <= reach]
