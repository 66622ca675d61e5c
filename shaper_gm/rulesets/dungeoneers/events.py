"""Dungeoneers' own events, beside the generic ones (WentDown, UpNext, ...), and the
outcome of a check on its own: frozen values holding every number and the breakdown
notes (`engine.steps.Note`s: label, value, ruling). A strike, grapple or push resolves
to its played `rules.Contest`, a spellcast to its `spells.SpellCast`; a move, a
Restoration action or an action without dice to its own event. A view formats these;
nothing here prints.
"""

from __future__ import annotations

from typing import Any

from shaper_gm.engine.events import Event, Resolved
from shaper_gm.engine.steps import Note
from shaper_gm.records import record


@record
class Cost:
    """What the action took: its AP cost and whether it was a reaction (D8, D9)."""

    action: str
    ap: int
    ap_left: int
    reaction: bool = False


@record
class ActionResolved(Resolved):
    """A Dungeoneers outcome (strike, grapple, push, grab a ledge, spellcast, deep breath,
    focus): its own type, so the views that draw its breakdown are found by it."""


@record
class ActionTaken(Event):
    """An action with no dice: `interact`, `defend` (the GM's text)."""

    actor: str
    action: str
    text: str = ""
    reaction: bool = False        # D8: taken off-turn, as a reaction
    cost: Cost | None = None      # what the action took (its outcome's)

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
    allowed: int = 0              # the tiles the move or sprint could cover (D21)
    stress_gained: int = 0        # by a sprint (D21)
    cost: Cost | None = None      # of a move or sprint, its outcome's

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
class ItemLanded(Event):
    """A thrown weapon lies on its target's tile (D16, D22)."""

    actor: str
    item: str
    tile: str


@record
class AmbientArcaChanged(Event):
    before: int
    after: int
    why: str = ""


@record
class TallyChanged(Event):
    """Wounds taken or healed (D19), stress gained or relieved (D21, D26), arca spent or
    regained (D27, D28); with a cost, a Restoration action's outcome (deep breath D26,
    focus D27)."""

    actor: str
    tally: str                    # wounds | stress | arca
    before: int
    after: int
    why: str = ""                 # who or what changed it: the GM, a spell, an action
    limit: int | None = None      # the wound limit, stress capacity or arca maximum
    cost: Cost | None = None
    notes: tuple[Note, ...] = ()


@record
class RoundRefilled(Event):
    """D1, D6: a round starts with every creature that can act at full AP."""

    round: int
    ap: int


# --- outcomes ------------------------------------------------------------------------------

@record
class CheckOutcome:
    """A check on its own (D14): grab a ledge (D29)."""

    actor: str
    action: str
    total: int
    target: int
    success: bool
    cost: Cost
    notes: tuple[Note, ...] = ()
    rolls: tuple[tuple[str, Any], ...] = ()
