"""The metre grid (P10): squares named like zones (`C3`), distances in metres."""

from __future__ import annotations

import re

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rulesets.dicepool.models import Numbers

_SQUARE = re.compile(r"^([A-Za-z]{1,2})([0-9]{1,3})$")


def column_name(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    if col < 26:
        return chr(ord("A") + col)
    return chr(ord("A") + col // 26 - 1) + chr(ord("A") + col % 26)


def square_name(col: int, row: int) -> str:
    return f"{column_name(col)}{row + 1}"


def parse_square(text: str, cols: int, rows: int) -> tuple[int, int]:
    """`"c3"` -> (2, 2), checked against a grid of `cols` x `rows` squares."""
    found = _SQUARE.match(text.strip())
    if not found:
        raise RuleViolation(f"{text!r} is not a square (P10)",
                            "name a square by column letter and row number, e.g. C3")
    letters, digits = found.group(1).upper(), found.group(2)
    col = ord(letters[-1]) - ord("A")
    if len(letters) == 2:
        col += (ord(letters[0]) - ord("A") + 1) * 26
    row = int(digits) - 1
    if not (0 <= col < cols and 0 <= row < rows):
        raise RuleViolation(f"{letters}{digits} is off the {cols}x{rows} grid (P10)",
                            f"pick a square from A1 to {square_name(cols - 1, rows - 1)}")
    return col, row


def canonical(text: str, cols: int, rows: int) -> str:
    return square_name(*parse_square(text, cols, rows))


def metres(numbers: Numbers, a: tuple[int, int], b: tuple[int, int]) -> int:
    """P10: straight steps cost a square's side, each diagonal step `diagonal_m`."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    diagonal = min(dx, dy)
    straight = max(dx, dy) - diagonal
    return straight * numbers.square_m + diagonal * numbers.diagonal_m
