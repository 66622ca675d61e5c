"""Zones, distance and range bands (S9-S13).

A zone is a ``(col, row)`` pair, both 0-based: ``"A1"`` is ``(0, 0)`` (top-left, S9),
``"B4"`` is ``(1, 3)``. Columns past Z continue spreadsheet style (AA, AB, ...).
"""

from __future__ import annotations

import re

from shaper_gm.rules.errors import RuleViolation

Zone = tuple[int, int]

_ZONE = re.compile(r"^\s*([A-Za-z]+)\s*(\d+)\s*$")
_LETTERS = 26


def _col_index(letters: str) -> int:
    index = 0
    for ch in letters.upper():
        index = index * _LETTERS + (ord(ch) - ord("A") + 1)
    return index - 1


def _col_letters(index: int) -> str:
    letters = ""
    index += 1
    while index > 0:
        index, rem = divmod(index - 1, _LETTERS)
        letters = chr(ord("A") + rem) + letters
    return letters


def zone_name(zone: Zone) -> str:
    col, row = zone
    return f"{_col_letters(col)}{row + 1}"


def zone_from_name(text: str) -> Zone:
    """``"b4"`` -> ``(1, 3)`` without a grid bound (S9)."""
    m = _ZONE.match(text)
    if not m:
        raise RuleViolation(
            f"{text!r} is not a zone (S9): zones are a column letter and a row number",
            "write a zone like B4")
    row = int(m.group(2)) - 1
    if row < 0:
        raise RuleViolation(f"{text!r} is not a zone (S9): rows start at 1", "e.g. B1")
    return (_col_index(m.group(1)), row)


def parse_zone(text: str, cols: int, rows: int) -> Zone:
    """``"b4"`` -> ``(1, 3)``, checked against a ``cols`` x ``rows`` grid (S9)."""
    last = zone_name((cols - 1, rows - 1))
    try:
        col, row = zone_from_name(text)
    except RuleViolation as err:
        raise RuleViolation(err.message, f"use a zone from A1 to {last}, e.g. B4") from None
    if not (col < cols and row < rows):
        raise RuleViolation(
            f"zone {zone_name((col, row))} is off the {cols}x{rows} battlefield (S9)",
            f"use a zone from A1 to {last}")
    return (col, row)


def distance(a: Zone, b: Zone, diagonal: str = "shaper") -> int:
    """Zone distance in Short steps (S10).

    "shaper": at most one diagonal step, so dx + dy - 1 when both differ, else dx + dy.
    "king": chess-king distance, max(dx, dy).
    """
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if diagonal == "king":
        return max(dx, dy)
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
