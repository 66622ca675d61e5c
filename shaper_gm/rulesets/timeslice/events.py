"""What happened, in time-slice terms, beside the engine's generic events.

Timers and clocks are in seconds (a round is 6, T15); views show them as minutes.
"""

from __future__ import annotations

from shaper_gm.engine.events import Event, Resolved
from shaper_gm.records import record


@record
class AttackResolved(Resolved):
    """T9-T14: one attack (the played `Swing`, or a `DyingAttackOutcome` that rolls
    nothing); its own type, so the views draw its breakdown."""


@record
class SurpriseRolled(Resolved):
    """T16: the surprise rolls (the played `Ambush`)."""


@record
class Dying(Event):
    """T13: a player character at 0 HP is unconscious and dying."""

    actor: str
    seconds: int                  # on the timer (T14)
    why: str = ""


@record
class KnockedOut(Event):
    """T13: at 0 HP from nonlethal damage: unconscious, not dying."""

    actor: str
    why: str = ""


@record
class Died(Event):
    actor: str
    why: str = ""


@record
class TimerChanged(Event):
    """The dying timer moved (T14 attacks and healing, T15 time)."""

    actor: str
    before: int
    after: int
    why: str = ""


@record
class TimerRanOut(Event):
    """T14, T15: the tool says when a dying character's timer runs out."""

    actor: str


@record
class StoppedDying(Event):
    """T14: tended, or healed past the timer's start; still unconscious unless woken."""

    actor: str
    hp: int
    why: str = ""


@record
class Woke(Event):
    actor: str
    why: str = ""


@record
class TimePassed(Event):
    """T15: the fight's clock moved on."""

    before: int
    after: int
    why: str = ""


@record
class WeaponDropped(Event):
    """T11: a weapon called shot made the target drop its weapon."""

    actor: str
    weapon: str


@record
class WeaponDrawn(Event):
    actor: str
    weapon: str
    picked_up: bool = False

    def pays_for(self) -> set[str]:
        return {"draw", "pick_up"}


@record
class Tended(Event):
    """T14: a combatant with a medical kit tends a dying one (3 TS)."""

    actor: str
    target: str

    def pays_for(self) -> set[str]:
        return {"tend"}


@record
class Moved(Event):
    """T17: a move across the grid, in units and move maneuvers."""

    actor: str
    origin: str
    to: str
    units: int
    moves: int
    mode: str = ""                  # a movement mode other than ground (T17)
    how: str = "moves"              # what the line says it does: moves, flies, ...

    def pays_for(self) -> set[str]:
        return {"move"}


@record
class SurpriseDeclared(Event):
    """T16: the round that is a surprise round, and who gains no TS in it."""

    group: str
    round: int
    surprised: tuple[str, ...]
