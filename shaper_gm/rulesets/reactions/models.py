"""Frozen data the reactions rules read: the ruleset's numbers, sheets, attacks, shields.

Built by `content.py` from `content/reactions/` after checking; nothing writes them back.
"""

from __future__ import annotations

from dataclasses import field, fields

from shaper_gm.content.sheetnumbers import Number, SheetNumbers
from shaper_gm.engine import limits
from shaper_gm.records import record

ATTACK_TYPES = ("physical", "magical", "true")            # R1
REACTIONS = ("block", "dodge")                            # R2
SHIELD_SOAKS = ("all", "true_only")                       # R7
SHIELD_EXPIRES = ("turn_start", "never")                  # R12
TURN = ("move", "action")                                 # R10: a turn's budget

# The armor that meets each typed attack (R6); true damage meets none.
ARMOR_OF = {"physical": "physical_armor", "magical": "magical_armor"}


@record
class Sheet:
    """A creature's numbers (R3, R6, R11, R12 and the rulings' sheet list).

    `block`, `dodge` and `critical` are the d20 targets a roll must reach (R3).
    """

    id: str = ""
    name: str = ""
    health: int = 30
    physical_armor: int = 0
    magical_armor: int = 0
    block_bonus: int = 0
    block: int = 12
    dodge: int = 15
    critical: int = 16
    critical_bonus: int = 0
    reactions: int = 2
    speed: int = 5               # metres per move (R10)
    initiative: int = 0          # added to the initiative die (R9)
    weapons: tuple[str, ...] = ()   # weapon and spell ids, the first is the default
    shield: str | None = None
    provisional: tuple[str, ...] = ()   # ("*",) for an invented creature, else keys
    description: str = ""


# The numbers of a sheet, in the contract's `--stat NAME=N` spelling.
SHEET_NUMBERS = ("physical_armor", "magical_armor", "block_bonus", "block", "dodge",
                 "critical", "critical_bonus", "reactions", "speed", "initiative")
TARGETS = ("block", "dodge", "critical")                   # R3: die targets
NUMBER_FIELDS = ("health", *SHEET_NUMBERS)
assert set(NUMBER_FIELDS) <= {f.name for f in fields(Sheet)}


def sheet_numbers(sides: int) -> SheetNumbers:
    """Every number of a sheet with its range, for content, `add --stat`/`--hp` and a
    save alike: a die target runs from 1 to one past the die (R3), health from 1 (R8),
    initiative either way (R9), the rest from 0."""
    target = f"R3: a d{sides} target runs from 1 to {sides + 1}; {sides + 1} never succeeds"
    return SheetNumbers(
        Number("health", 1, why="R8", flag="--hp"),
        *(Number(name, 1, sides + 1, why=target) if name in TARGETS
          else Number(name, -limits.MAX_NUMBER, why="R9") if name == "initiative"
          else Number(name) for name in SHEET_NUMBERS))


@record
class Attack:
    """A weapon or a spell (R1): its power, type and range in metres."""

    id: str
    name: str
    type: str
    power: int
    range: int
    kind: str = "weapon"           # weapon | spell
    provisional: bool = False
    description: str = ""


@record
class Shield:
    """A shield (R12): raising it gives `amount` of shield."""

    id: str
    name: str
    amount: int
    provisional: bool = False
    description: str = ""


@record
class Numbers:
    """Every ruling's value from `ruleset.yaml`."""

    name: str = "Reactions"
    rules: str = "R1-R12"
    grid_cols: int = 8                                              # a new encounter's grid
    grid_rows: int = 8
    metres_per_tile: int = 1                                        # R1
    reaction_costs: tuple[tuple[str, int], ...] = (("block", 1), ("dodge", 2))   # R2
    true_blockable: bool = False                                    # R2
    roll_die: int = 20                                              # R3
    dodge_reach: int = 1                                            # R4
    min_damage: int = 0                                             # R6
    shield_soaks: str = "all"                                       # R7
    initiative_die: int = 20                                        # R9
    per_turn: tuple[tuple[str, int], ...] = (("move", 1), ("action", 1))   # R10
    costs: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = (
        ("attack", (("action", 1),)), ("shield", (("action", 1),)), ("move", (("move", 1),)))
    shield_expires: str = "turn_start"                              # R12
    default_shield: str | None = "buckler"                          # R12
    default_sheet: Sheet = field(default_factory=Sheet)
    terms: tuple[tuple[str, str], ...] = ()                         # words for shared verbs
    provisional: tuple[str, ...] = ()

    def reaction_cost(self, reaction: str) -> int:
        return dict(self.reaction_costs)[reaction]

    def cost(self, action: str) -> dict[str, int]:
        return dict(dict(self.costs)[action])

    def shield_soaks_type(self, attack_type: str) -> bool:
        """R7: whether an active shield soaks damage of this type."""
        return self.shield_soaks == "all" or attack_type == "true"


@record
class Library:
    numbers: Numbers = field(default_factory=Numbers)
    creatures: tuple[tuple[str, Sheet], ...] = ()
    attacks: tuple[tuple[str, Attack], ...] = ()      # weapons and spells, one namespace
    shields: tuple[tuple[str, Shield], ...] = ()

    def creature(self, creature_id: str) -> Sheet | None:
        return dict(self.creatures).get(creature_id)

    def attack(self, attack_id: str) -> Attack | None:
        return dict(self.attacks).get(attack_id)

    def shield(self, shield_id: str) -> Shield | None:
        return dict(self.shields).get(shield_id)
