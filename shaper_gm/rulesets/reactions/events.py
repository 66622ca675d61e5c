"""The reactions ruleset's own events, beside the engine's generic ones."""

from __future__ import annotations

from dataclasses import dataclass

from shaper_gm.engine.events import Event


@dataclass(frozen=True)
class Moved(Event):
    """A creature's move (R10), or its step away after a dodge (R4)."""

    actor: str
    start: str
    end: str
    metres: int
    why: str = ""                 # "move (R10)", "dodged (R4)", ...
    chosen_by_default: bool = False   # the tool picked the tile: the GM named none


@dataclass(frozen=True)
class ShieldRaised(Event):
    actor: str
    shield: str                   # the shield item's id
    before: int
    after: int


@dataclass(frozen=True)
class ShieldSoaked(Event):
    """An active shield took damage first (R7)."""

    actor: str
    soaked: int
    before: int
    after: int


@dataclass(frozen=True)
class ShieldExpired(Event):
    """A shield lapses at the start of its owner's next turn (R12)."""

    actor: str
    amount: int
