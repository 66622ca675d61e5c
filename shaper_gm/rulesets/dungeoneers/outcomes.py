"""What each action did, as frozen values holding every number and the breakdown notes.

A view formats these; nothing here prints. `notes` are the `engine.steps.Note`s the
steps recorded (label, value, ruling), in order; `rolls` are the (slot, Roll) pairs
the command layer writes into the log as `--SLOT FACES`.
"""

from __future__ import annotations

from typing import Any

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
class StrikeOutcome:
    """A strike or power strike (D16-D20)."""

    actor: str
    target: str
    weapon: str
    power: bool                   # D17
    ranged: bool                  # D16: beyond the threat range
    distance: int
    attack_total: int
    defense_total: int
    margin: int
    hit: bool
    criticals: int
    pierce_total: int | None      # None on a miss
    armor: int
    pierced: bool
    damage_type: str
    base_wounds: int
    each: int                     # per application after D20
    wounds: int                   # dealt in all
    wounds_after: int             # the target's wounds now
    down: bool
    cost: Cost
    notes: tuple[Note, ...] = ()
    rolls: tuple[tuple[str, Any], ...] = ()


@record
class ContestOutcome:
    """A grapple or push test (D24, D25)."""

    actor: str
    target: str
    action: str
    attack_total: int
    defense_total: int
    success: bool
    result: str                   # "grappling" | "pushed to C3" | "failed" | ...
    cost: Cost
    ledge: CheckOutcome | None = None     # D29, when the target grabbed a ledge
    notes: tuple[Note, ...] = ()
    rolls: tuple[tuple[str, Any], ...] = ()


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


@record
class SpellOutcome:
    """A spellcast (D28)."""

    actor: str
    spell: str
    target: str | None
    arca_ambient: int             # baseline paid from the encounter's ambient arca
    arca_caster: int              # baseline and extra paid by the caster
    extra_arca: int
    attack: bool                  # whether the spell made a spell attack
    attack_total: int | None
    defense_total: int | None
    hit: bool
    criticals: int
    wounds: int
    effect: str
    cost: Cost
    notes: tuple[Note, ...] = ()
    rolls: tuple[tuple[str, Any], ...] = ()


@record
class MoveOutcome:
    """Move, sprint (D21)."""

    actor: str
    start: str
    end: str
    tiles: int
    allowed: int
    speed: str
    sprint: bool
    stress_gained: int
    cost: Cost
    notes: tuple[Note, ...] = ()


@record
class RestoreOutcome:
    """Deep breath (D26) and focus (D27): a resource changed by a Restoration action."""

    actor: str
    action: str
    resource: str
    before: int
    after: int
    limit: int                    # stress capacity, or the arca maximum
    cost: Cost
    notes: tuple[Note, ...] = ()


@record
class PlainOutcome:
    """An action with no dice: act, react, interact, defend, ready, pass."""

    actor: str
    action: str
    text: str
    cost: Cost
    notes: tuple[Note, ...] = ()
