"""How a declared action's outcome reads (`engine.events.Played`): one line per
target, ``Fighter attacks Goblin: 24 vs AC 15: 14 slashing damage``, and a breakdown of
the notes its steps took, each with its ruling."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from shaper_gm.render.breakdown import row
from shaper_gm.render.names import Names

GM_DAMAGE = "damage"      # the GM's damage through a declared action: its line says all


def resolved_line(event: Any, n: Names, cost: str = "") -> str:
    """Each target's result in one line; the cost in brackets after the first. The
    GM's damage (ruleset.yaml `damage_action`) reads as its own line alone."""
    outcome = event.outcome
    if event.action == GM_DAMAGE and any(r.line for r in outcome.results):
        return "\n".join(r.line for r in outcome.results if r.line)
    words = event.words or event.action
    lines = []
    for index, result in enumerate(outcome.results):
        who = f" {n(result.target)}" if result.target else ""
        paid = (getattr(result, "paid", "") or cost) if cost else ""    # its own words
        bracket = ", ".join(part for part in (result.aside,
                                              paid if index == 0 else "",
                                              result.rule) if part)
        paid = f" ({bracket})" if bracket else ""
        heading = result.heading
        if heading:                 # its words, then what it paid, then the outcome
            said = f": {result.line}" if result.line else ""
            if getattr(result, "paid_last", False):       # the outcome, then what it paid
                lines.append(f"{n(outcome.actor)} {words}{who} {heading}{said}{paid}")
                continue
            lines.append(f"{n(outcome.actor)} {words}{who} {heading}{paid}{said}")
            continue
        said = (f": {result.line}" if result.target else f" {result.line}") \
            if result.line else ""
        lines.append(f"{n(outcome.actor)} {words}{who}{said}{paid}")
    if not lines:
        return f"{n(outcome.actor)} {words}{f' ({cost})' if cost else ''}"
    return "\n".join(lines)


def recap_line(event: Any, n: Names, cost: str = "") -> str:
    """The recap's one line: an action of one target whose steps give their words for
    it (`recap`) reads ``Ann attacks Bo with the sword (physical 24, Action): block 20
    vs 14 succeeds; ...``; any other, as its outcome line."""
    outcome = event.outcome
    parts = outcome.recap
    if len(outcome.results) != 1 or not parts or event.action == GM_DAMAGE:
        return resolved_line(event, n, cost)
    result = outcome.results[0]
    who = f" {n(result.target)}" if result.target else ""
    heading = f" {result.heading}" if result.heading else ""
    paid = (getattr(result, "paid", "") or cost) if cost else ""
    bracket = ", ".join(part for part in (result.recap_aside, paid) if part)
    said = "".join((join if i else "") + words for i, (join, words) in enumerate(parts))
    bracket = f" ({bracket})" if bracket else ""
    if getattr(result, "paid_last", False):          # the brackets after the outcome
        return f"{n(outcome.actor)} {event.words or event.action}{who}{heading}: {said}{bracket}"
    return f"{n(outcome.actor)} {event.words or event.action}{who}{heading}{bracket}: {said}"


def resolved_breakdown(event: Any, n: Names, cost: str = "") -> RenderableType:
    """The line(s) first, then every note of the steps with its ruling."""
    head = Text(resolved_line(event, n, cost), style="bold")
    rows = [row(note.label, None if note.value is None else "", note.rule)
            if says is None else row(says[0], None, says[1])     # its own words (says:)
            for note in event.outcome.notes
            for says in (getattr(note, "says", None),) if says is None or says[0]]
    return Group(head, *rows) if rows else head
