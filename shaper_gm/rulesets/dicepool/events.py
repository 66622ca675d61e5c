"""Events only the dice-pool ruleset produces (the generic ones are in engine.events)."""

from __future__ import annotations

from dataclasses import dataclass

from shaper_gm.engine.events import Event
from shaper_gm.rulesets.dicepool.models import Preparation


@dataclass(frozen=True)
class Prepared(Event):
    """P11: an actor declared a condition."""

    actor: str
    preparation: Preparation


@dataclass(frozen=True)
class PreparationUsed(Event):
    """P11: a preparation came true: extra AC against an attack, or a reaction taken."""

    actor: str
    preparation: Preparation
    during: str = ""              # what it was used in ("Barry's attack")
    bonus: int = 0                # extra AC it gave (a dodge)


@dataclass(frozen=True)
class PreparationEnded(Event):
    """P11: unused until the start of the preparer's next turn."""

    actor: str
    preparation: Preparation
    why: str = ""


@dataclass(frozen=True)
class Moved(Event):
    actor: str
    start: str | None
    end: str
    metres: int
    speed: int


@dataclass(frozen=True)
class Wielded(Event):
    actor: str
    before: str | None
    after: str
