"""The tile grid: tiles named like zones ("C3": column letter, row number) and distance.

D21: distance counts a diagonal step as 1 by default (the larger of the column and row
gaps); with `diagonal_cost: 2` a diagonal step counts 2 (the gaps added).
"""

from __future__ import annotations

from shaper_gm.engine.errors import RuleViolation

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def parse_tile(text: str, cols: int | None = None, rows: int | None = None) -> tuple[int, int]:
    """(column, row), both from 0; refused when malformed or off the grid."""
    name = text.strip().upper()
    if len(name) < 2 or name[0] not in LETTERS or not name[1:].isdigit():
        raise RuleViolation(f"{text!r} is not a tile", "name tiles like C3: a column letter, "
                            "then a row number")
    col, row = LETTERS.index(name[0]), int(name[1:]) - 1
    if row < 0 or (cols is not None and col >= cols) or (rows is not None and row >= rows):
        size = f"{LETTERS[(cols or 1) - 1]}{rows}" if cols and rows else "the grid"
        raise RuleViolation(f"tile {name} is off the grid", f"tiles run from A1 to {size}")
    return col, row


def tile_name(tile: tuple[int, int]) -> str:
    return f"{LETTERS[tile[0]]}{tile[1] + 1}"


def canonical(text: str, cols: int | None = None, rows: int | None = None) -> str:
    return tile_name(parse_tile(text, cols, rows))


def distance(a: str, b: str, diagonal_cost: int = 1) -> int:
    """Tiles between two tiles, a diagonal step counting `diagonal_cost` (D21)."""
    (ca, ra), (cb, rb) = parse_tile(a), parse_tile(b)
    across, down = abs(ca - cb), abs(ra - rb)
    diagonal = min(across, down)
    return diagonal * diagonal_cost + (max(across, down) - diagonal)
