"""A declared `move` change whose cell is not the verb's: the one `to` names, checked
before the action pays, or the free one within reach worked out (`engine.changes`,
`engine.moving`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from shaper_gm.engine import events as ev
from shaper_gm.engine import grid, moving
from shaper_gm.engine.expr import ExprError
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.engine.stepkit import Facts

if TYPE_CHECKING:
    from shaper_gm.engine.changes import Entry


def check_named(state: Encounter, rs: Any, entry: Entry, facts: Mapping[str, Any]) -> None:
    """Refuse, before anything is paid, a cell a move's `to` names that it cannot take
    (its expression read from the facts the action starts from; one that reads what
    the steps find is checked as it applies)."""
    if not entry.worked_out:
        return
    try:
        values = {key: expr.run(facts) for key, expr in entry.values}
    except (ExprError, KeyError):
        return
    text = moving.named(values.get("to"))
    if text is not None and entry.who in facts:
        moving.named_cell(state, rs, facts[entry.who], text, int(values["within"]),
                          entry.rule)


def moved(state: Encounter, rs: Any, entry: Entry, who: str, values: dict[str, Any],
          facts: Facts, note: Any) -> Change:
    """The mover goes to the cell `to` names (checked) or, naming none, the free cell
    within reach farthest from `away_from` (R4); `note` hears which."""
    said = note or (lambda *_: None)
    actor = state.actors[who]
    reach = int(values["within"])
    text = moving.named(values.get("to"))
    if text is not None:
        cell = moving.named_cell(state, rs, who, text, reach, entry.rule)
        said(f"{actor.name} moves to {grid.cell_name(cell)}", None, entry.rule)
        chosen = False
    elif entry.away_from:
        found = moving.farthest_free(state, rs, who, facts[entry.away_from], reach)
        other = state.actors[facts[entry.away_from]].name
        if found is None:
            said(f"no free {rs.term('cell')} to move to: {actor.name} stays on "
                 f"{actor.zone}", None, entry.rule)
            return state, []
        cell, chosen = found, True
        said(f"{actor.name} moves to {grid.cell_name(cell)} (no {rs.term('cell')} named: "
             f"the free {rs.term('cell')} farthest from {other})", None, entry.rule)
    else:
        return state, []                      # nothing named, nothing to work out
    start, end = str(actor.zone), grid.cell_name(cell)
    far = rs.how_far(grid.steps(grid.cell_from_name(start), cell)).removesuffix(" away")
    return state.with_actor(actor.with_(zone=end)), [ev.Moved(
        who, start, end, far, entry.why or "moves", entry.rule, chosen)]
