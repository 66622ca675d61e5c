"""Frozen values of the time-slice ruleset: its numbers, its items, a combatant's sheet,
and the per-actor and per-encounter data it keeps in the engine's `system` slots."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace

from shaper_gm.content.sheetnumbers import Number, SheetNumbers
from shaper_gm.records import record

STATS = ("q", "u", "v")                      # the source's [Q], [U], [V]
# Sheet numbers with their ranges: what content, `add --stat`/`--hp` and a save may
# hold; hit points start at 1 (T13).
SHEET = SheetNumbers(*map(Number, (*STATS, "dr", "ts_max")),
                     Number("hp", 1, why="T13", flag="--hp"))
SHEET_NUMBERS = tuple(name for name in SHEET if name != "hp")   # what --stat names

# An actor's condition (T13, T14); every one but UP is down for the turn order.
UP, UNCONSCIOUS, DYING, DEAD = "up", "unconscious", "dying", "dead"


@record
class DefenseKind:
    """A kind of defense roll (T10) and what it costs off-turn (T8)."""

    id: str
    stat: str
    cost: int = 0
    needs_weapon: bool = False


@record
class CalledShot:
    """A called shot (T11): its attack modifier and what a hit adds."""

    id: str
    modifier: int
    damage: int = 0
    ts_loss: int = 0
    drops_weapon: bool = False


@record
class Weapon:
    id: str
    name: str
    damage: int                  # T12: fixed damage, before DR
    range: int = 1               # T17: units
    provisional: bool = False


@record
class Armor:
    id: str
    name: str
    dr: int                      # T12
    provisional: bool = False


@record
class Gear:
    id: str
    name: str
    provisional: bool = False


@record
class Numbers:
    """Every number and switch of rulings T1-T17, as content gives them (the values
    live once, in content/timeslice/ruleset.yaml)."""

    name: str
    stat_roll: str                          # T2
    zero_faces: bool                        # T1: d10s read 0-9
    stat_average: int                       # T2: bonus = stat - this
    ts_default: int                         # T3
    initiative_stat: str                    # T4
    costs: tuple[tuple[str, int], ...]      # T7: TS per maneuver
    move_units: int                         # T7, T17: units one move maneuver covers
    defenses: tuple[DefenseKind, ...]       # T8, T10
    no_defense_total: int                   # T10: a target that cannot make a defense roll
    called_shots: tuple[CalledShot, ...]    # T11
    dying_minutes: int                      # T14
    attack_on_dying_minutes: int            # T14
    heal_minutes_per_point: int             # T14
    heal_wakes: bool                        # T14
    tend_kit: str                           # T14
    tend_reach: int                         # T14: units
    round_seconds: int                      # T15
    unit_meters: int                        # T17
    diagonal_step: int                      # T17
    grid_cols: int                          # T17: a new encounter's grid of units
    grid_rows: int
    unarmed: Weapon
    default_sheet: tuple[tuple[str, int], ...]
    terms: tuple[tuple[str, str], ...]      # the shared verbs' words for these rules
    provisional: tuple[str, ...] = ()

    def cost(self, action: str) -> int:
        return dict(self.costs)[action]

    def defense(self, kind: str) -> DefenseKind | None:
        return next((d for d in self.defenses if d.id == kind), None)

    def called(self, name: str) -> CalledShot | None:
        return next((c for c in self.called_shots if c.id == name), None)

    @property
    def dying_seconds(self) -> int:
        return self.dying_minutes * 60


@record
class Library:
    numbers: Numbers
    weapons: Mapping[str, Weapon] = field(default_factory=dict)
    armor: Mapping[str, Armor] = field(default_factory=dict)
    gear: Mapping[str, Gear] = field(default_factory=dict)
    templates: Mapping[str, Template] = field(default_factory=dict)

    @property
    def rulesets(self) -> dict[str, Numbers]:
        """The numbers it holds, by ruleset id (a session given a library reads them)."""
        return {"timeslice": self.numbers}


@record
class Sheet:
    """An actor's numbers as the rules read them (`--stat` overrides applied)."""

    q: int = 10
    u: int = 10
    v: int = 10
    hp: int = 10
    dr: int = 0                  # total: natural + armor (T12)
    ts_max: int = 10             # T3
    weapons: tuple[str, ...] = ()
    armor: str | None = None
    gear: tuple[str, ...] = ()
    player: bool = False


@record
class Template(Sheet):
    """A character or creature of the content (T-sheet): a sheet with a name. Its `dr`
    is natural DR, to which its armor adds (T12); `ts_max` None takes the default (T3)."""

    id: str = ""
    name: str = ""
    kind: str = ""               # "character" | "creature"
    ts_max: int | None = None
    provisional: bool = False


@record
class ActorData:
    """What the ruleset tracks per actor (`Actor.system`)."""

    held: str | None = None                 # the weapon in hand (T10 parry, T11 weapon shot)
    dropped: tuple[str, ...] = ()           # weapons knocked out of its hands (T11)
    condition: str = UP                     # up | unconscious | dying | dead (T13, T14)
    dying_left: int | None = None           # seconds on the dying timer (T14, T15)

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
