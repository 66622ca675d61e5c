"""Where a declared `move` change takes an actor when the cell is worked out, not named
by the verb (`engine.changes`): the cell the GM named (checked), or the free cell within
reach farthest from someone (a dodge leaving its attacker behind, the reactions rulings'
R4)."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine import grid
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter

Cell = tuple[int, int]


class SameCell(RuleViolation):
    """A named cell that is the mover's own (an action may word it: `refusals: stays`)."""

    def __init__(self, message: str, hint: str, cell: str) -> None:
        super().__init__(message, hint)
        self.cell = cell


def named(value: Any) -> str | None:
    """The cell a `to` expression names, or None when it names none (a flag not given
    reads 0; an empty word or ``none`` names nothing either)."""
    if value is None or isinstance(value, bool) or value == 0:
        return None
    text = str(value).strip()
    return text if text and text.lower() != "none" else None


def named_cell(state: Encounter, rs: Any, who: str, text: str, reach: int,
               rule: str = "") -> Cell:
    """The cell `text` names for `who` to move to: on the battlefield, not its own, free,
    and within `reach` steps of it; else refused, saying why."""
    actor = state.actors[who]
    here = _cell_of(state, rs, who)
    cell = grid.parse_cell(text, state.cols, state.rows, what=rs.term("cell"),
                           board=rs.term("board"))
    tile, name = rs.term("cell"), grid.cell_name(cell)
    cited = f" ({rule})" if rule else ""
    if cell == here:
        raise SameCell(f"{actor.name} already stands on {name}: it moves off its "
                       f"{tile}{cited}", f"name a free {tile} next to it", name)
    if grid.taken(state, cell, but=[who]):
        raise RuleViolation(f"{name} is taken{cited}", f"name a free {tile}")
    if grid.steps(cell, here) > reach:
        raise RuleViolation(f"{name} is more than {reach} {tile}{'s' if reach != 1 else ''} "
                            f"from {actor.name}{cited}", f"name a {tile} next to it")
    return cell


def farthest_free(state: Encounter, rs: Any, who: str, away_from: str,
                  reach: int) -> Cell | None:
    """The free cell within `reach` steps of `who` farthest from `away_from`, the first
    in reading order among the farthest; None when none is free."""
    here = _cell_of(state, rs, who)
    taken = grid.occupied(state, but=[who])
    free = [cell for cell in grid.cells_within(state, here, reach) if cell not in taken]
    if not free:
        return None
    other = _cell_of(state, rs, away_from)
    return max(free, key=lambda cell: grid.steps(cell, other))     # max keeps the first


def _cell_of(state: Encounter, rs: Any, who: str) -> Cell:
    return grid.cell_of(state, who, what=rs.term("cell"), board=rs.term("board"))


def stepped_aside(state: Encounter, rs: Any, before: Encounter, rule: str = "") -> Any:
    """One creature a cell: an actor back on its feet (down in `before`) where another
    now stands steps to the nearest free cell, with a line saying so."""
    from shaper_gm.engine import events as ev
    events = []
    for actor in list(state.actors.values()):
        was = before.actors.get(actor.id)
        if was is None or not was.down or actor.down:
            continue
        cell = grid.nearest_free(state, actor.id)
        if cell is None:
            continue
        start, end = str(actor.zone), grid.cell_name(cell)
        far = rs.how_far(grid.steps(grid.cell_from_name(start), cell)).removesuffix(" away")
        events.append(ev.Moved(actor.id, start, end, far, "steps aside", rule, True))
        state = state.with_actor(actor.with_(zone=end))
    return state, events
