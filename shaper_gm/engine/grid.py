"""The battlefield grid every ruleset shares: cells named by column letter and row
number (``A1`` top-left; columns past Z go on AA, AB, ...), any size. What a cell
stands for (a zone, a tile, a metre) and how distance counts are the ruleset's.
"""

from __future__ import annotations

import re

from shaper_gm.engine.errors import RuleViolation

Cell = tuple[int, int]            # (column, row), both 0-based

_CELL = re.compile(r"^\s*([A-Za-z]{1,3})\s*(\d{1,4})\s*$")
_LETTERS = 26
# A battlefield's size: columns A to Z, rows 1 to 99 (what `new --grid` takes and a
# save may hold).
MAX_COLS, MAX_ROWS = 26, 99
SIZES = f"1 to {MAX_COLS} columns (A-Z) and 1 to {MAX_ROWS} rows"


def size_refusal(cols: int, rows: int) -> RuleViolation | None:
    """Why a `cols` x `rows` battlefield cannot be, or None when it can."""
    if 1 <= cols <= MAX_COLS and 1 <= rows <= MAX_ROWS:
        return None
    return RuleViolation(f"a {cols}x{rows} battlefield is out of range: it has {SIZES}",
                         "e.g. --grid 5x5")


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


def cell_name(cell: Cell) -> str:
    col, row = cell
    return f"{_col_letters(col)}{row + 1}"


def _cite(rule: str) -> str:
    return f" ({rule})" if rule else ""


def cell_from_name(text: str, *, what: str = "zone", rule: str = "") -> Cell:
    """``"b4"`` -> ``(1, 3)`` without a grid bound."""
    m = _CELL.match(text) if isinstance(text, str) and text.isascii() else None
    if not m:
        raise RuleViolation(f"{text!r} is not a {what}{_cite(rule)}: a {what} is a column "
                            "letter and a row number", f"write a {what} like B4")
    row = int(m.group(2)) - 1
    if row < 0:
        raise RuleViolation(f"{text!r} is not a {what}{_cite(rule)}: rows start at 1", "e.g. B1")
    return (_col_index(m.group(1)), row)


def parse_cell(text: str, cols: int, rows: int, *, what: str = "zone", rule: str = "") -> Cell:
    """``"b4"`` -> ``(1, 3)``, checked against a ``cols`` x ``rows`` grid."""
    last = cell_name((cols - 1, rows - 1))
    try:
        col, row = cell_from_name(text, what=what, rule=rule)
    except RuleViolation as err:
        raise RuleViolation(err.message, f"use a {what} from A1 to {last}, e.g. B4") from None
    if not (col < cols and row < rows):
        raise RuleViolation(
            f"{what} {cell_name((col, row))} is off the {cols}x{rows} battlefield{_cite(rule)}",
            f"use a {what} from A1 to {last}")
    return (col, row)


def canonical(text: str, cols: int, rows: int, *, what: str = "zone", rule: str = "") -> str:
    """A cell as typed ("b4") checked against the grid, as the tool writes it ("B4")."""
    return cell_name(parse_cell(text, cols, rows, what=what, rule=rule))


def king_distance(a: Cell, b: Cell) -> int:
    """Steps when a diagonal step counts 1."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
