"""What view commands hand to the render layer: plain data, no formatting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Message:
    text: str


@dataclass(frozen=True)
class HistoryMoved:
    """undo / redo: the lines taken back or applied again, newest first for undo; for
    redo, each line's events as they happened (empty when not known)."""

    lines: tuple[str, ...]
    redo: bool
    events: tuple[tuple, ...] = ()
    rerolled: str | None = None   # `undo --reroll`: the `reroll N` line it logged


@dataclass(frozen=True)
class ActorView:
    state: Any
    actor: str
    library: Any
    ruleset: Any


@dataclass(frozen=True)
class OrderView:
    state: Any


@dataclass(frozen=True)
class MapView:
    state: Any
    ruleset: Any


@dataclass(frozen=True)
class LogView:
    lines: tuple[str, ...]
    first: int                    # number of the first line shown (1-based)
    events: tuple[tuple, ...] = ()    # each line's events; () where not known


@dataclass(frozen=True)
class HelpView:
    verbs: tuple[Any, ...]        # registry Verbs
    detail: bool                  # one verb in full, or the list


@dataclass(frozen=True)
class OddsView:
    attacker: str
    targets: tuple[str, ...]
    hit: tuple[Any, ...]          # Fraction per target
    crit: tuple[Any, ...]
    damage: tuple[Any, ...]       # damage-taken Dist per target
    notes: tuple[str, ...] = ()   # the automatic modifiers and bonuses it assumed


@dataclass(frozen=True)
class FileWritten:
    path: str
    what: str                     # save | export
    note: str = ""
