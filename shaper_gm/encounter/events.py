"""What happened: the data a command yields, for the screen, the log and the recap.

Events are plain values. The render layer turns them into text; nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    pass


@dataclass(frozen=True)
class EncounterCreated(Event):
    cols: int
    rows: int
    seed: int
    ruleset: str


@dataclass(frozen=True)
class ActorAdded(Event):
    actor: str
    name: str
    side: str
    zone: str | None
    hp: int


@dataclass(frozen=True)
class ActorRemoved(Event):
    actor: str


@dataclass(frozen=True)
class Placed(Event):
    actor: str
    zone: str


@dataclass(frozen=True)
class OrderSet(Event):
    order: tuple[str, ...]
    rolls: tuple[tuple[str, Any], ...] = ()     # (actor, Roll) for rolled initiative
    note: str = ""


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int


@dataclass(frozen=True)
class TurnStarted(Event):
    actor: str
    round: int


@dataclass(frozen=True)
class TurnEnded(Event):
    actor: str
    lapsed: tuple[tuple[str, int], ...] = ()    # unused actions that lapse (S18)


@dataclass(frozen=True)
class SpRegained(Event):
    actor: str
    before: int
    after: int


@dataclass(frozen=True)
class ActionSpent(Event):
    actor: str
    action: str                   # what it paid for: attack, move, engage, ...
    kind: str                     # the cost's kind: major | minor | free
    paid_with: str                # the kind actually spent (S18 substitution)
    sp: int = 0                   # SP spent instead (S23)


@dataclass(frozen=True)
class EffectAdded(Event):
    actor: str
    effect: Any


@dataclass(frozen=True)
class EffectEnded(Event):
    actor: str
    name: str
    why: str


@dataclass(frozen=True)
class Moved(Event):
    actor: str
    start: str
    end: str
    distance: int


@dataclass(frozen=True)
class Engaged(Event):
    actor: str
    target: str
    group: tuple[str, ...]


@dataclass(frozen=True)
class Disengaged(Event):
    actor: str
    why: str = ""


@dataclass(frozen=True)
class ItemChanged(Event):
    actor: str
    verb: str                     # drew | sheathed | reloaded | raised | dropped
    item: str


@dataclass(frozen=True)
class SkillUsed(Event):
    actor: str
    skill: str
    target: str | None = None
    note: str = ""


@dataclass(frozen=True)
class AttackResolved(Event):
    attacker: str
    outcome: Any                  # rules AttackOutcome: every number and its rule
    situation: tuple[str, ...] = ()  # automatic calls made: range, engagement, ...


@dataclass(frozen=True)
class DamageTaken(Event):
    actor: str
    result: Any                   # rules DamageResult


@dataclass(frozen=True)
class HpChanged(Event):
    actor: str
    before: int
    after: int
    why: str


@dataclass(frozen=True)
class WentDown(Event):
    actor: str


@dataclass(frozen=True)
class Revived(Event):
    actor: str


@dataclass(frozen=True)
class Summoned(Event):
    actor: str
    summoner: str
    zone: str


@dataclass(frozen=True)
class FieldSet(Event):
    actor: str
    field: str
    before: Any
    after: Any


@dataclass(frozen=True)
class DiceRolled(Event):
    label: str
    roll: Any


@dataclass(frozen=True)
class Said(Event):
    actor: str
    kind: str
    text: str
