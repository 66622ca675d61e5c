"""The battlefield as a grid of units (T17): names like ``C3``, distances in units.

A unit is ``(col, row)``, both 0-based: ``A1`` is ``(0, 0)``, ``B4`` is ``(1, 3)``;
columns past Z go on as AA, AB, ...
"""

from __future__ import annotations

import re

from shaper_gm.engine.errors import RuleViolation

Unit = tuple[int, int]

_UNIT = re.compile(r"^\s*([A-Za-z]{1,3})\s*([0-9]{1,4})\s*$")
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


def unit_name(unit: Unit) -> str:
    return f"{_col_letters(unit[0])}{unit[1] + 1}"


def parse_unit(text: str, cols: int, rows: int) -> Unit:
    """``"c3"`` -> ``(2, 2)``, checked against a ``cols`` x ``rows`` grid (T17)."""
    last = unit_name((cols - 1, rows - 1))
    found = _UNIT.match(text)
    if not found or int(found[2]) < 1:
        raise RuleViolation(f"{text!r} is not a unit (T17): a column letter and a row "
                            "number from 1", f"name a unit from A1 to {last}, e.g. B2")
    unit = (_col_index(found[1]), int(found[2]) - 1)
    if not (unit[0] < cols and unit[1] < rows):
        raise RuleViolation(f"{unit_name(unit)} is off the {cols}x{rows} grid (T17)",
                            f"name a unit from A1 to {last}")
    return unit


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
