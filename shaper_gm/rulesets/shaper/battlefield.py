"""Zones, distance and range bands (S9-S13).

A zone is a ``(col, row)`` pair, both 0-based: ``"A1"`` is ``(0, 0)`` (top-left, S9),
``"B4"`` is ``(1, 3)``. Columns past Z continue spreadsheet style (AA, AB, ...).
"""

from __future__ import annotations

from shaper_gm.engine import grid

Zone = grid.Cell
zone_name = grid.cell_name


def zone_from_name(text: str) -> Zone:
    """``"b4"`` -> ``(1, 3)`` without a grid bound (S9)."""
    return grid.cell_from_name(text, rule="S9")


def parse_zone(text: str, cols: int, rows: int) -> Zone:
    """``"b4"`` -> ``(1, 3)``, checked against a ``cols`` x ``rows`` grid (S9)."""
    return grid.parse_cell(text, cols, rows, rule="S9")


def distance(a: Zone, b: Zone, diagonal: str = "shaper") -> int:
    """Zone distance in Short steps (S10).

    "shaper": at most one diagonal step, so dx + dy - 1 when both differ, else dx + dy.
    "king": chess-king distance, max(dx, dy).
    """
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if diagonal == "king":
        return grid.king_distance(a, b)
    if diagonal != "shaper":
        raise ValueError(f"unknown diagonal rule {diagonal!r} (S10): expected shaper or king")
    if dx and dy:
        return dx + dy - 1
    return dx + dy


def band_name(n: int, names: tuple[str, ...]) -> str:
    """0 -> names[0] ("Close"), ... the last name, then "Long+N" beyond it (S10)."""
    if n < 0:
        raise ValueError(f"negative distance {n}")
    last = len(names) - 1
    if n <= last:
        return names[n]
    return f"{names[last]}+{n - last}"


def move_cost(steps: int) -> int:
    """How many Short moves (each one `move` action, S12) cover `steps` of distance."""
    return steps
