"""Movement modes: a sheet's `speeds` pairs a mode (ground, fly, swim, ...) with how far
one move in it goes, in the ruleset's cells. `move --speed MODE` picks one (the first
by default); a mode the actor lacks is refused naming the ones it has. Every ruleset
with movement modes reads them through here, for its moves, its lines and completion.
"""

from __future__ import annotations

from collections.abc import Sequence

from shaper_gm.engine.errors import RuleViolation

GROUND = "ground"
VERBS = {GROUND: "moves", "fly": "flies", "swim": "swims", "climb": "climbs",
         "burrow": "burrows"}

Speeds = Sequence[tuple[str, int]]


def chosen(name: str, speeds: Speeds, wanted: str | None, rule: str) -> tuple[str, int]:
    """The mode a move uses and how far it goes: `wanted`, else the sheet's first."""
    table = dict(speeds)
    mode = (wanted or next(iter(table), GROUND)).strip().lower()
    if mode not in table:
        known = ", ".join(f"{m} {n}" for m, n in speeds) or "none"
        raise RuleViolation(f"{name} has no {mode} travel speed ({rule})",
                            f"its speeds: {known}")
    return mode, table[mode]


def verb(mode: str) -> str:
    """``flies``: what the move line says an actor does in `mode`."""
    return VERBS.get(mode, f"moves ({mode})")


def offers(speeds: Speeds, cell: str) -> list[tuple[str, str]]:
    """What completion offers for `--speed`: each mode with how far a move goes."""
    return [(mode, f"{n} {cell}{'s' if n != 1 else ''} per move") for mode, n in speeds]
