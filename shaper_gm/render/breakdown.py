"""Pieces every breakdown is made of: a die's natural and final face (and what changed
it), a roll by term, a labelled bonus, a step's row (label, number, ruling); and a plain
dice roll.

A ruleset's views build its outcomes' breakdowns from these.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from shaper_gm.render.text import kind, line

LABEL = 9          # width of the label column
INDENT = "  "


# --- small pieces ---------------------------------------------------------------------

def die_text(die) -> str:
    """``5``, or ``5→6 Boost`` when a pool modifier (named Boost) changed the face."""
    if die.final == die.natural:
        return str(die.final)
    return f"{die.natural}→{die.final}" + (f" {kind(die.changed_by)}" if die.changed_by else "")


def faces(dice: Iterable) -> str:
    return "[" + ", ".join(die_text(d) for d in dice) + "]"


def roll_text(roll, ruling: str = "") -> str:
    """``[4, 5→6 Boost, 5] + 1 = 16``: the roll's dice by term, constants, total; an
    automatic result cites `ruling`, the ruleset's rule for it."""
    return roll.breakdown(show_dice=faces, automatic_note=f", {ruling}" if ruling else "")


def part_text(part) -> str:
    """``+1 Agility (R4)``: a bonus, its source and the ruling behind it."""
    return line(f"{part[0]:+d} {part[1]}", [part[2]] if len(part) > 2 else [])


def row(label: str, value, rule: str = "", *, depth: int = 1, width: int = LABEL,
        gap: str = "", align: int = 0, style: str = "") -> Text:
    """One step of a breakdown: its label in a column `width` wide (then `gap`), its value
    (right-aligned in `align` when given; nothing for None), then its ruling, dim."""
    out = Text(INDENT * depth + f"{label:<{width}}{gap}")
    shown = "" if value is None else value
    out.append(shown if isinstance(shown, Text) else Text(f"{str(shown):>{align}}", style=style))
    if rule:
        out.append(f"  {rule}", style="dim")
    return out


def more(value: str, depth: int = 1, style: str = "") -> Text:
    return Text(INDENT * depth + " " * LABEL + INDENT + value, style=style)


def roll_breakdown(event) -> Text:
    """DiceRolled: ``3d6+2: [1→6 Boost, 6, 3] + 2 = 17  (boost, R3)``."""
    roll = event.roll
    text = Text(f"{event.label}: ", style="bold")
    text.append(roll_text(roll) if hasattr(roll, "dice") else str(roll))
    mods = getattr(roll, "modifiers", None)
    if mods and hasattr(mods, "describe"):
        ruling = getattr(mods, "ruling", "")
        text.append(f"  ({mods.describe()}{', ' + ruling if ruling else ''})", style="dim")
    return text
