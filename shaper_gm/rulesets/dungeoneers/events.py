"""Dungeoneers' own events, beside the generic ones (WentDown, UpNext, ...)."""

from __future__ import annotations

from shaper_gm.engine.events import Event, Resolved
from shaper_gm.records import record


@record
class ActionResolved(Resolved):
    """A Dungeoneers outcome (strike, grapple, push, grab a ledge, spellcast, deep breath,
    focus): its own type, so the views that draw its breakdown are found by it."""


@record
class ActionTaken(Event):
    """An action with no dice: `act`, `react`, `interact`, `defend` (the GM's text)."""

    actor: str
    action: str
    text: str = ""
    reaction: bool = False        # D8: taken off-turn, as a reaction

    def pays_for(self) -> set[str]:
        return {self.action}


@record
class Moved(Event):
    actor: str
    start: str | None
    end: str
    tiles: int
    speed: str = ""               # the travel speed used (D21)
    how: str = "move"             # move | sprint | forced (D25)

    def pays_for(self) -> set[str]:
        return {self.how}


@record
class ConditionStarted(Event):
    actor: str
    condition: str                # grappling | grappled | hanging (defensive is an effect)
    other: str | None = None      # the other creature of a grapple
    why: str = ""


@record
class ConditionEnded(Event):
    actor: str
    condition: str
    other: str | None = None
    why: str = ""


@record
class ActionReadied(Event):
    actor: str
    action: str                   # D9

    def pays_for(self) -> set[str]:
        return {"ready"}


@record
class ReadiedCleared(Event):
    actor: str
    action: str
    why: str                      # used as a reaction, or the round ended (D9)


@record
class HoldingChanged(Event):
    actor: str
    before: tuple[str, ...]
    after: tuple[str, ...]


@record
class AmbientArcaChanged(Event):
    before: int
    after: int
    why: str = ""


@record
class TallyChanged(Event):
    """Wounds taken or healed (D19), stress gained or relieved (D21, D26), arca spent or
    regained (D27, D28)."""

    actor: str
    tally: str                    # wounds | stress | arca
    before: int
    after: int
    why: str = ""
    limit: int | None = None      # the wound limit, for "4 of 8"


@record
class RoundRefilled(Event):
    """D1, D6: a round starts with every creature that can act at full AP."""

    round: int
    ap: int
