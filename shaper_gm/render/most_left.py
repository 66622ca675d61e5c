"""Screen functions every ruleset written as data may name (screen.yaml's `{line: NAME}`)
for a turn order by the most left (`turn_order: {kind: most, resource, group_stat}`):
the order table's legend says who is up and why, each side's total of the group number
and what the dots mean; the toolbar part names the other standing actors' budgets."""

from __future__ import annotations

import itertools
from typing import Any

NAMES_SHOWN = 12      # actors the legend and toolbar name at most (drawn at every key)


def _label(rs: Any, order: Any) -> str:
    spec = rs.resource_spec(order.resource)
    return getattr(spec, "label", "") or order.resource.upper()


def _rule(order: Any, key: str) -> str:
    rule = getattr(order, "rules", {}).get(key)
    return f" ({rule})" if rule else ""


def up_text(state: Any, rs: Any) -> str:
    """``up: Freya (default), Alberich: WHY``, the first NAMES_SHOWN and how many more."""
    order = rs.turn_order
    if state.round < 1:
        return f"the most {_label(rs, order)} acts first{_rule(order, 'next')}"
    if not state.up:
        return "nobody can act"
    shown = state.up[:NAMES_SHOWN]
    names = [state.actors[a].name + (" (default)" if len(state.up) > 1 and i == 0 else "")
             for i, a in enumerate(shown)]
    more = f" and {len(state.up) - len(shown)} more" if len(shown) < len(state.up) else ""
    return f"up: {', '.join(names)}{more}: {order.explain(state, rs)}"


def totals_text(state: Any, rs: Any) -> str:
    """``body totals party 7, enemies 3 (D5)``: each side's total, sides as listed."""
    order = rs.turn_order
    sides = list(dict.fromkeys(a.side for a in state.actors.values()))
    shown = ", ".join(f"{side} {order.side_total(state, rs, side)}" for side in sides)
    return f"{order.group_stat} totals {shown}{_rule(order, 'between_groups')}" \
        if shown else ""


def most_left_legend(state: Any, rs: Any) -> str:
    """The order table's legend: who is up and why, the sides' totals, the dots."""
    parts = [up_text(state, rs), totals_text(state, rs),
             f"{_label(rs, rs.turn_order)}: ● left, ○ spent"]
    return "".join(f" · {part}" for part in parts if part)


def others_left(actor: Any, rs: Any, state: Any = None) -> str:
    """``AP: Freya 4 Suori 6``: the other standing actors' budgets (the first
    NAMES_SHOWN, then …); nothing without the state."""
    if state is None:
        return ""
    order = rs.turn_order
    standing = list(itertools.islice((a for a in state.actors.values()
                                      if not a.down and a.id != actor.id), NAMES_SHOWN + 1))
    others = " ".join(f"{a.name} {a.resource(order.resource)}"
                      for a in standing[:NAMES_SHOWN])
    more = " …" if len(standing) > NAMES_SHOWN else ""
    return f"{_label(rs, order)}: {others}{more}" if others else ""


SHARED = {"most_left_legend": most_left_legend, "others_left": others_left}
