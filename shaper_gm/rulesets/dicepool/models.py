"""Frozen data of the dice-pool ruleset: its numbers, weapons, abilities and sheets.

`content.py` builds these from `content/dicepool/`; the rules read nothing else. Every
number a ruling names is a field of `Numbers`, so a GM changes the rules by editing the
YAML, never the code. A field the YAML sets names its check and default once (`read`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, field, fields, replace
from typing import Any

from shaper_gm.content.schema import (
    Bad,
    Field,
    boolean,
    choice,
    dice,
    grid,
    ident,
    integer,
    list_of,
    mapping_of,
    optional,
    snake_name,
    text,
)
from shaper_gm.content.sheetnumbers import Number, SheetNumbers
from shaper_gm.records import record

# What an ability is (P12): an action on one's turn, a reaction to someone else's action,
# or passive (always on).
ABILITY_KINDS = ("action", "reaction", "passive")
POOL, ACTIONS = "pool", "actions"     # an actor's resources (P3, P6)
# Sheet numbers with their ranges: what content, `add --stat`/`--hp`, `set` and a save
# may hold. Every stat the content names is a STAT; hit points start at 1.
STAT = Number("stat")
SHEET = SheetNumbers(Number("ac"), Number("speed", why="P10"), Number("hp", 1, flag="--hp"))


def sheet_numbers(stats: tuple[str, ...]) -> SheetNumbers:
    """The sheet numbers of a dice-pool whose content names `stats`."""
    return SheetNumbers(*(replace(STAT, name=stat) for stat in stats), *SHEET.values())


def number_name(value: Any) -> str:
    if not isinstance(value, str) or not value.isalpha() or not value.islower():
        raise Bad(f"expected a name in lowercase letters, got {value!r}")
    return value


def stat_name(value: Any) -> str:
    if number_name(value) in SHEET:
        raise Bad(f"{value!r} is a sheet number of its own, not a stat")
    return value


def read(check, default: Any = MISSING) -> Any:
    """A key of the content's YAML: the check its value passes and its default (without
    one the key is required)."""
    return field(default=default, metadata={"yaml": Field(check, default is MISSING)})


def schema(kind: type) -> dict[str, Field]:
    """The YAML keys of a record's `read` fields, in order, with their checks."""
    return {f.name: f.metadata["yaml"] for f in fields(kind) if "yaml" in f.metadata}


@record
class Numbers:
    """Every number and switch of the rulings (P1-P12), read from ruleset.yaml."""

    name: str = read(text, "Dice pool")
    rules: str = read(text, "P1-P12")
    stats: tuple[str, ...] = read(list_of(stat_name, non_empty=True), ("str", "dex", "con"))
    pool_die: int = read(integer(2, 1000), 6)     # P1: sides of a pool die
    success_on: int = read(integer(1), 4)         # P1: a die at or above this succeeds
    pool_max: int | None = read(optional(integer(1)), None)   # P4: no cap unless set
    refill_stat: str = read(stat_name, "con")     # P4: dice added at each own turn's end
    reaction_refill: bool = read(boolean, True)   # P4: a roll off one's turn adds them
    actions_per_turn: int = read(integer(1), 2)   # P6
    costs: tuple[tuple[str, int], ...] = read(    # P6, in actions
        mapping_of(ident, integer(0)),
        (("attack", 1), ("move", 1), ("prepare", 1), ("wield", 1), ("act", 1)))
    initiative_dice: str = read(dice, "2d6")      # P5
    initiative_stat: str = read(stat_name, "dex")     # P5
    dt_floor: int = read(integer(0), 0)           # P7: DT is never below this
    speed: int = read(integer(0), 10)             # P10: metres per movement action
    grid: tuple[int, int] = read(grid, (10, 10))  # P10: a new encounter's columns, rows
    square_m: int = read(integer(1), 1)           # P10: metres per grid square side
    diagonal_m: int = read(integer(1), 2)         # P10: metres a diagonal step costs
    one_per_square: bool = read(boolean, True)    # a square holds one standing character
    prepare_stat: str = read(stat_name, "dex")    # P11: the stat whose share is extra AC
    prepare_divisor: int = read(integer(1), 2)    # P11: that stat over this, rounded down
    unarmed: str | None = read(optional(ident), None)     # the weapon of an empty hand
    terms: tuple[tuple[str, str], ...] = read(mapping_of(snake_name, text), ())
    default_sheet: Sheet | None = read(lambda v: v, None)     # checked as a sheet
    provisional: tuple[str, ...] = read(list_of(text), ())

    def cost(self, action: str) -> int:
        return dict(self.costs)[action]


@record
class Weapon:
    id: str
    name: str = read(text)
    stat: str = read(stat_name)                   # P2: the proficiency stat of the pool
    damage_die: int = read(integer(2, 1000))      # P8: sides of each damage die
    adds_damage_stat: bool = read(boolean, False)     # P8: the damage stat adds to it
    damage_stat: str | None = read(optional(stat_name), None)  # None: the weapon's stat
    properties: tuple[str, ...] = read(list_of(text), ())
    provisional: bool = read(boolean, False)
    description: str = read(text, "")

    @property
    def bonus_stat(self) -> str | None:
        """The stat added to damage (P8), or None when the weapon adds none."""
        if not self.adds_damage_stat:
            return None
        return self.damage_stat or self.stat


@record
class Ability:
    """A class ability (P12). Every part is content: the engine knows no ability by name."""

    id: str
    name: str = read(text)
    kind: str = read(choice(ABILITY_KINDS), "action")
    cost: int = read(integer(0), 1)       # actions it takes (reactions and passives: 0)
    test: bool = read(boolean, False)     # rolls the pool (against `dt` or the GM's DT)
    dt: int | None = read(optional(integer(0)), None)
    discard: int = read(integer(0), 0)    # dice discarded besides the failures
    attack: bool = read(boolean, False)   # augments a basic attack (P12)
    damage_dice: int = read(integer(0), 0)    # extra damage dice on a hit, augmenting
    dt_change: int = read(integer(), 0)   # added to the attack's DT, augmenting
    mods: tuple[tuple[str, int], ...] = read(mapping_of(number_name, integer()), ())  # passive
    provisional: bool = read(boolean, False)
    description: str = read(text, "")


@record
class Sheet:
    """A character or creature: stats, AC, HP, speed, weapons, proficiencies, abilities."""

    id: str
    name: str
    kind: str = "character"           # character | creature | default
    side: str | None = None           # the side it usually fights on
    stats: tuple[tuple[str, int], ...] = ()
    ac: int = 0
    hp: int = 1
    speed: int | None = None          # None: the ruleset's default speed (P10)
    weapons: tuple[str, ...] = ()
    holding: str | None = None        # the weapon in hand when the fight starts
    proficiencies: tuple[tuple[str, int], ...] = ()   # weapon id -> proficiency (P2)
    abilities: tuple[str, ...] = ()
    description: str = ""
    provisional: bool = False

    def number(self, key: str) -> int:
        """A sheet number by name (stats, ac, hp, speed); 0 for a stat it lacks."""
        if key == "ac":
            return self.ac
        if key == "hp":
            return self.hp
        if key == "speed":
            return self.speed or 0
        return dict(self.stats).get(key, 0)

    def proficiency(self, weapon: str | None) -> int:
        """P2: the weapon proficiency, 0 when not proficient with that weapon."""
        return dict(self.proficiencies).get(weapon, 0) if weapon else 0

    def with_numbers(self, numbers: Mapping[str, int]) -> Sheet:
        stats = dict(self.stats)
        changes: dict = {}
        for key, value in numbers.items():
            if key in ("ac", "hp", "speed"):
                changes[key] = value
            else:
                stats[key] = value
        return replace(self, stats=tuple(stats.items()), **changes)


PREPARE_KINDS = ("dodge", "action")       # P11: what a preparation may be


@record
class Preparation:
    """P11: a declared condition, kept until used or the start of the preparer's next turn.

    A ``dodge`` gives extra AC against the next attack `against` makes (with `weapon`, if
    named); an ``action`` may be taken later as a reaction.
    """

    kind: str
    text: str
    against: str | None = None
    weapon: str | None = None


@record
class ActorState:
    """The dice-pool part of an actor (`Actor.system`)."""

    holding: str | None = None
    prepared: tuple[Preparation, ...] = ()


@record
class Library:
    numbers: Numbers
    weapons: Mapping[str, Weapon] = field(default_factory=dict)
    abilities: Mapping[str, Ability] = field(default_factory=dict)
    templates: Mapping[str, Sheet] = field(default_factory=dict)   # characters, creatures


def system(actor) -> ActorState:
    """The dice-pool part of an actor (empty for one that has none yet)."""
    return actor.system if isinstance(actor.system, ActorState) else ActorState()


def with_prepared(actor, prepared):
    """The actor with `prepared` as what it has prepared (P11)."""
    return actor.with_(system=replace(system(actor), prepared=tuple(prepared)))
