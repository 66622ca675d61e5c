"""The battlefield as a grid of units (T17): names like ``C3``, distances in units.

A unit is ``(col, row)``, both 0-based: ``A1`` is ``(0, 0)``, ``B4`` is ``(1, 3)``;
columns past Z go on as AA, AB, ...
"""

from __future__ import annotations

from shaper_gm.engine import grid

Unit = grid.Cell
unit_name = grid.cell_name


def parse_unit(text: str, cols: int, rows: int) -> Unit:
    """``"c3"`` -> ``(2, 2)``, checked against a ``cols`` x ``rows`` grid (T17)."""
    return grid.parse_cell(text, cols, rows, what="unit", rule="T17")


def distance(a: Unit, b: Unit, diagonal_step: int = 1) -> int:
    """Units between two units: straight steps count 1, diagonal steps `diagonal_step`
    (T17; 1 makes it the larger of the two offsets)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    diagonal = min(dx, dy)
    return diagonal * diagonal_step + (max(dx, dy) - diagonal)


def between(zone_a: str | None, zone_b: str | None, diagonal_step: int) -> int | None:
    """Units between two placed actors' units, None when either is not placed."""
    if zone_a is None or zone_b is None:
        return None
    big = 10_000
    return distance(parse_unit(zone_a, big, big), parse_unit(zone_b, big, big), diagonal_step)
