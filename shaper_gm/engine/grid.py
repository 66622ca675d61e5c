"""The battlefield grid every ruleset shares: cells named by column letter and row
number (``A1`` top-left; columns past Z go on AA, AB, ...), any size. What a cell
stands for (a zone, a tile, a metre) and how distance counts are the ruleset's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from shaper_gm.engine.errors import RuleViolation

if TYPE_CHECKING:
    from shaper_gm.engine.state import Encounter

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
    cell = _named_cell(text) if isinstance(text, str) else None
    if cell is None:
        raise RuleViolation(f"{text!r} is not a {what}{_cite(rule)}: a {what} is a column "
                            "letter and a row number", f"write a {what} like B4")
    if cell[1] < 0:
        raise RuleViolation(f"{text!r} is not a {what}{_cite(rule)}: rows start at 1", "e.g. B1")
    return cell


@lru_cache(maxsize=4096)
def _named_cell(text: str) -> Cell | None:
    """The cell a name spells (its row -1 for row 0), or None: rules ask the distance
    between the same few cells many times a turn."""
    m = _CELL.match(text) if text.isascii() else None
    return (_col_index(m.group(1)), int(m.group(2)) - 1) if m else None


def parse_cell(text: str, cols: int, rows: int, *, what: str = "zone", rule: str = "",
               board: str = "battlefield") -> Cell:
    """``"b4"`` -> ``(1, 3)``, checked against a ``cols`` x ``rows`` grid (the
    ruleset's `board`: "battlefield", "grid")."""
    last = cell_name((cols - 1, rows - 1))
    try:
        col, row = cell_from_name(text, what=what, rule=rule)
    except RuleViolation as err:
        raise RuleViolation(err.message, f"use a {what} from A1 to {last}, e.g. B4") from None
    if not (col < cols and row < rows):
        raise RuleViolation(
            f"{what} {cell_name((col, row))} is off the {cols}x{rows} {board}{_cite(rule)}",
            f"use a {what} from A1 to {last}")
    return (col, row)


def canonical(text: str, cols: int, rows: int, *, what: str = "zone", rule: str = "",
              board: str = "battlefield") -> str:
    """A cell as typed ("b4") checked against the grid, as the tool writes it ("B4")."""
    return cell_name(parse_cell(text, cols, rows, what=what, rule=rule, board=board))


def king_distance(a: Cell, b: Cell) -> int:
    """Steps when a diagonal step counts 1."""
    return steps(a, b)


def steps(a: Cell, b: Cell, diagonal: int = 1, *, most_diagonals: int | None = None) -> int:
    """Steps from `a` to `b`: a straight step counts 1, a diagonal one `diagonal` (1 makes
    it the larger offset; a ruleset may count diagonals dearer, or in its own units).
    `most_diagonals` caps the diagonal steps a path may take (a ruleset may allow just
    one); past it a diagonal is two straight steps."""
    across, down = abs(a[0] - b[0]), abs(a[1] - b[1])
    slant = min(across, down)
    if most_diagonals is not None:
        slant = min(slant, most_diagonals)
    return slant * diagonal + (across + down - 2 * slant)


def metric(a: Cell, b: Cell, straight: int, diagonal: int) -> int:
    """A distance in a ruleset's units (metres, feet): `straight` a straight step,
    `diagonal` a diagonal one."""
    across, down = abs(a[0] - b[0]), abs(a[1] - b[1])
    slant = min(across, down)
    return slant * diagonal + (max(across, down) - slant) * straight


# --- cells of an encounter --------------------------------------------------------------

def cell_of(state: Encounter, actor_id: str, *, what: str = "zone", rule: str = "",
            board: str = "battlefield") -> Cell:
    """Where an actor stands; refused for one not placed yet."""
    actor = state.actors[actor_id]
    if actor.zone is None:
        raise RuleViolation(f"{actor.name} is not on the {board}{_cite(rule)}",
                            f"place it first: place {actor_id} {what.upper()}")
    return parse_cell(actor.zone, state.cols, state.rows, what=what, rule=rule, board=board)


def occupied(state: Encounter, but: Iterable[str] = ()) -> set[Cell]:
    """Cells standing actors stand on (a downed one leaves its cell free)."""
    skip = set(but)
    return {cell_from_name(zone) for zone, ids in state.standing_zones().items() if ids - skip}


def taken(state: Encounter, cell: Cell, but: Iterable[str] = ()) -> bool:
    """Whether a standing actor other than `but` stands on `cell`."""
    return bool(state.standing_on(cell_name(cell)) - set(but))


def cells_within(state: Encounter, centre: Cell, reach: int, diagonal: int = 1) -> list[Cell]:
    """Every cell of the battlefield within `reach` steps of `centre`, itself excluded,
    in reading order (row by row, left to right). A step costs 1 or more, so with a
    diagonal step of 1 or more no cell farther than `reach` rows or columns is in it."""
    cols, rows = range(state.cols), range(state.rows)
    if diagonal >= 1:
        cols = range(max(0, centre[0] - reach), min(state.cols, centre[0] + reach + 1))
        rows = range(max(0, centre[1] - reach), min(state.rows, centre[1] + reach + 1))
    return [(c, r) for r in rows for c in cols
            if (c, r) != centre and steps((c, r), centre, diagonal) <= reach]


def nearest_free(state: Encounter, actor_id: str) -> Cell | None:
    """Where an actor that stands on a cell another standing actor holds goes (one back
    on its feet where someone has since stepped): the nearest free cell, in reading
    order among the nearest; None when its cell is its own or no cell is free."""
    actor = state.actors[actor_id]
    if actor.zone is None or actor.down:
        return None
    here = cell_from_name(actor.zone)
    if not taken(state, here, but=[actor_id]):
        return None
    return free_near(state, here, but=[actor_id])


def free_near(state: Encounter, here: Cell, but: Iterable[str] = ()) -> Cell | None:
    """`here` if no standing actor (but `but`) holds it, else the nearest free cell,
    reading order among the nearest; None when every cell is held."""
    held = occupied(state, but=but)
    if here not in held:
        return here
    free = [c for c in cells_within(state, here, state.cols + state.rows) if c not in held]
    return min(free, key=lambda c: steps(here, c)) if free else None
