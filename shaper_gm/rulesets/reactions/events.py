"""The reactions ruleset's own events, beside the engine's generic ones.

Each event names the spend it pays for (`pays_for`), so a command's line reads
``Ann moves B2 → C3 (5 m, Move)``; the two outcome events carry every number of an
attack or of the GM's damage for the breakdown.
"""

from __future__ import annotations

from shaper_gm.engine.events import Event, Resolved
from shaper_gm.records import record


@record
class Moved(Event):
    """A creature's move (R10), or its step away after a dodge (R4)."""

    actor: str
    start: str
    end: str
    metres: int
    why: str = ""                 # "move (R10)", "dodged (R4)", ...
    chosen_by_default: bool = False   # the tool picked the tile: the GM named none

    def pays_for(self) -> set[str]:
        return {"move"}


@record
class ShieldRaised(Event):
    actor: str
    shield: str                   # the shield item's id
    before: int
    after: int

    def pays_for(self) -> set[str]:
        return {"shield"}


@record
class ShieldSoaked(Event):
    """An active shield took damage first (R7)."""

    actor: str
    soaked: int
    before: int
    after: int


@record
class ShieldExpired(Event):
    """A shield lapses at the start of its owner's next turn (R12)."""

    actor: str
    amount: int


@record
class AttackResolved(Resolved):
    """An attack's played Strike: every roll and number with its ruling (R1-R8)."""

    def pays_for(self) -> set[str]:
        return {"attack"}


@record
class DamageResolved(Resolved):
    """The GM's typed damage (R6-R8): the played Strike of `damage TARGET N`."""
