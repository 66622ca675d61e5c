"""The words the reactions rules read, and the frozen `Library` of its content.

The records themselves (`Sheet`, `Attack`, `Shield`, `Numbers`) are declared in
`content/reactions/kinds.yaml` and made by `shaper_gm.content.kinds`; they are importable
from here by name (made on first use), as before.
"""

from __future__ import annotations

from typing import Any

from shaper_gm.records import record

ATTACK_TYPES = ("physical", "magical", "true")            # R1
REACTIONS = ("block", "dodge")                            # R2
SHIELD_SOAKS = ("all", "true_only")                       # R7
SHIELD_EXPIRES = ("turn_start", "never")                  # R12
TURN = ("move", "action")                                 # R10: a turn's budget
ACTIONS = ("attack", "shield", "move")                    # R10, R12: what costs

# The armor that meets each typed attack (R6); true damage meets none.
ARMOR_OF = {"physical": "physical_armor", "magical": "magical_armor"}

# The numbers of a sheet, in the contract's `--stat NAME=N` spelling.
SHEET_NUMBERS = ("physical_armor", "magical_armor", "block_bonus", "block", "dodge",
                 "critical", "critical_bonus", "reactions", "speed", "initiative")
TARGETS = ("block", "dodge", "critical")                   # R3: die targets

RECORDS = ("Sheet", "Attack", "Shield", "Numbers")         # declared in kinds.yaml


@record
class Library:
    numbers: Any                                       # the Numbers record
    creatures: tuple[tuple[str, Any], ...] = ()        # Sheet records
    attacks: tuple[tuple[str, Any], ...] = ()          # weapons and spells, one namespace
    shields: tuple[tuple[str, Any], ...] = ()
    kinds: Any = None                                  # the compiled kinds.yaml

    def creature(self, creature_id: str) -> Any:
        return dict(self.creatures).get(creature_id)

    def attack(self, attack_id: str) -> Any:
        return dict(self.attacks).get(attack_id)

    def shield(self, shield_id: str) -> Any:
        return dict(self.shields).get(shield_id)


def __getattr__(name: str) -> Any:
    """A record class of `kinds.yaml` (the shipped content's), made on first use."""
    if name in RECORDS:
        from shaper_gm.rulesets.reactions.content import kinds
        return kinds().record(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
