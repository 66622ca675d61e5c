"""Movement modes: a sheet's `speeds` pairs a mode (ground, fly, swim, ...) with how far
one move in it goes, in the ruleset's cells; `move --speed MODE` picks one (a ruleset's
actions.yaml says how). Completion offers an actor's own modes through here.
"""

from __future__ import annotations

from collections.abc import Sequence

GROUND = "ground"

Speeds = Sequence[tuple[str, int]]


def offers(speeds: Speeds, cell: str) -> list[tuple[str, str]]:
    """What completion offers for `--speed`: each mode with how far a move goes."""
    return [(mode, f"{n} {cell}{'s' if n != 1 else ''} per move") for mode, n in speeds]
