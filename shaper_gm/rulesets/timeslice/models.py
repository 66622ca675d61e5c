"""The time-slice ruleset's words, its `Library`, and the per-actor and per-encounter
data it keeps in the engine's `system` slots. Its numbers, items and a combatant's sheet
are records declared in `content/timeslice/kinds.yaml`, importable from here by name;
`SHEET` is the sheet numbers with their ranges (content, `add --stat`/`--hp`, a save)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from typing import Any

from shaper_gm.records import record

STATS = ("q", "u", "v")                      # the source's [Q], [U], [V]
SHEET_NUMBERS = ("q", "u", "v", "dr", "ts_max")   # what --stat names (and --hp: hp)
COSTS_NEEDED = ("attack", "move", "draw", "pick_up", "tend")   # T7, T11, T14

# An actor's condition (T13, T14); every one but UP is down for the turn order.
UP, UNCONSCIOUS, DYING, DEAD = "up", "unconscious", "dying", "dead"

# Declared in content/timeslice/kinds.yaml, made on first use (`__getattr__`).
RECORDS = ("Sheet", "Template", "Weapon", "Armor", "Gear", "DefenseKind", "CalledShot",
           "Grid", "Numbers")


def check_stat_roll(text: str) -> str:
    """T2: the stat roll is dice added together, with no constant."""
    from shaper_gm.rulesets.timeslice.rolls import parse_stat_roll
    try:
        parse_stat_roll(text, True)
    except ValueError as exc:
        raise ValueError(f"expected dice like 2d10 (no constant): {exc}") from None
    return text


@record
class Library:
    numbers: Any                                       # the Numbers record
    weapons: Mapping[str, Any] = field(default_factory=dict)
    armor: Mapping[str, Any] = field(default_factory=dict)
    gear: Mapping[str, Any] = field(default_factory=dict)
    templates: Mapping[str, Any] = field(default_factory=dict)
    kinds: Any = None                                  # the compiled kinds.yaml

    @property
    def rulesets(self) -> dict[str, Any]:
        """The numbers it holds, by ruleset id (a session given a library reads them)."""
        return {"timeslice": self.numbers}


@record
class ActorData:
    """What the ruleset tracks per actor (`Actor.system`)."""

    held: str | None = None                 # the weapon in hand (T10 parry, T11 weapon shot)
    dropped: tuple[str, ...] = ()           # weapons knocked out of its hands (T11)
    condition: str = UP                     # up | unconscious | dying | dead (T13, T14)
    dying_left: int | None = None           # seconds on the dying timer (T14, T15)
    defense: str | None = None              # T10: its standing choice of defense kind
    flying: bool = False                    # its last move was in the air (T17)

    def with_(self, **changes) -> ActorData:
        return replace(self, **changes)


@record
class EncounterData:
    """What the ruleset tracks for the whole fight (`Encounter.system`)."""

    seconds: int = 0                        # time passed in the fight (T15)
    surprise_round: int | None = None       # the round that is a surprise round (T16)
    surprised: frozenset[str] = frozenset()  # who gains no TS in it (T16)

    def with_(self, **changes) -> EncounterData:
        return replace(self, **changes)


def __getattr__(name: str) -> Any:
    """A record class of `kinds.yaml` (the shipped content's), or `SHEET`, on first use."""
    if name in RECORDS or name == "SHEET":
        from shaper_gm.rulesets.timeslice.content import kinds
        declared = kinds()
        return declared.sheet_numbers("Sheet", {}) if name == "SHEET" \
            else declared.record(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
