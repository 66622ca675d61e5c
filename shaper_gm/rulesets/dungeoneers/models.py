"""Frozen data of the Dungeoneers ruleset: its numbers, items, spells and creature sheets.

Everything here comes from `content/dungeoneers/` (see `content.py`); the rules read it
and never write it back. Mappings are kept as tuples of pairs so every value hashes.
"""

from __future__ import annotations

from dataclasses import field, replace

from shaper_gm.content.sheetnumbers import Number, SheetNumbers
from shaper_gm.engine import limits
from shaper_gm.records import record

SCORES = ("body", "finesse", "mind", "spirit", "wisdom", "dexterity", "endurance")
# Sheet numbers `add --stat NAME=N` accepts (commands.md); their ranges: sheet_numbers.
SHEET_NUMBERS = (*SCORES, "armor", "wound_limit", "critical_threshold", "threat_range")
RANKS = ("untrained", "trained", "expert", "master")                  # D12
TEST_TIES = ("actor", "defender")                                     # D11
SPELL_GAINS = ("boon", "wounds")      # what each point of extra arca buys (D28)
# Every action the costs table must price (D2, D9, D16-D29).
ACTIONS = ("strike", "power-strike", "move", "sprint", "interact", "defend", "ready",
           "grapple", "push", "deep-breath", "focus", "grab-ledge")
# D9: what a creature may ready (any action it could take on its turn).
READYABLE = (*(a for a in ACTIONS if a not in ("ready", "grab-ledge")), "spellcast", "act")
READY_ROLE = "|".join(READYABLE)      # `ready`'s word: one of them, completed from the list


@record
class DamageTypes:
    """D20: damage types by code, grouped in categories under one root category."""

    root: str = "damage"
    categories: tuple[tuple[str, tuple[str, ...]], ...] = ()   # physical -> (B, P, S)
    names: tuple[tuple[str, str], ...] = ()                    # B -> bludgeoning

    def codes(self) -> tuple[str, ...]:
        return tuple(code for _, codes in self.categories for code in codes)

    def name(self, code: str) -> str:
        return dict(self.names).get(code, code)

    def category_of(self, code: str) -> str | None:
        return next((cat for cat, codes in self.categories if code in codes), None)

    def known(self) -> tuple[str, ...]:
        """Everything a vulnerability, resistance or immunity may name."""
        return (*self.codes(), *(cat for cat, _ in self.categories), self.root)

    def covers(self, entry: str, code: str) -> bool:
        """Whether a vulnerability/resistance/immunity to `entry` applies to type `code`."""
        return entry in (code, self.category_of(code), self.root)

    def code_of(self, text: str) -> str | None:
        """A type given by code ("B") or by name ("bludgeoning")."""
        up = text.strip()
        if up.upper() in self.codes():
            return up.upper()
        return next((code for code, name in self.names if name == up.lower()), None)


@record
class Numbers:
    """Every number and switch the rules read (rulings D1-D29)."""

    name: str = "Dungeoneers"
    ap_per_round: int = 6                                  # D1
    max_action_cost: int = 6                               # D2
    costs: tuple[tuple[str, int], ...] = ()                # D2, D16-D29: action -> AP
    test_ties: str = "actor"                               # D11
    proficiency_dice: tuple[tuple[str, int], ...] = ()     # D12: rank -> die sides
    score_as_dice: bool = False                            # D13
    score_dice_minimum: int = 1                            # D13: dice rolled at score 0
    boon_die: int = 4                                      # D15
    bane_die: int = 4                                      # D15
    critical_threshold: int = 5                            # D18: the sheet default
    threat_range: int = 1                                  # D16: the sheet default
    power_strike_wounds: int = 1                           # D17
    power_strike_boon: int = 1                             # D17
    defend_boon: int = 1                                   # D23
    diagonal_cost: int = 1                                 # D21: 1 or 2 per diagonal step
    sprint_multiplier: int = 2                             # D21
    sprint_stress: int = 1                                 # D21
    grapple_free_hands: int = 1                            # D24
    grappled_cannot_move: bool = True                      # D24
    move_ends_grapple: bool = True                         # D24
    push_tiles: int = 1                                    # D25
    stress_capacity_score: str = "endurance"               # D26
    deep_breath_relief: int = 2                            # D26
    arca_per_wisdom: int = 2                               # D27
    focus_regain: int = 2                                  # D27
    ambient_arca: int = 0                                  # D28
    ledge_die: int = 4                                     # D29
    ledge_score: str = "dexterity"                         # D29
    ledge_base: int = 5                                    # D29
    hands: int = 2                                         # D22, D24
    unarmed: str = "fist"                                  # D16: the weapon of an empty hand
    damage_types: DamageTypes = field(default_factory=DamageTypes)
    grid_cols: int = 8                                     # a new encounter's tiles across
    grid_rows: int = 8                                     # and down
    provisional: tuple[str, ...] = ()                      # keys not in the source

    def cost(self, action: str) -> int:
        return dict(self.costs)[action]

    def die_of(self, rank: str) -> int:
        return dict(self.proficiency_dice)[rank]


def sheet_numbers(numbers: Numbers) -> SheetNumbers:
    """Every sheet number with its range, for content, `add --stat` and a save alike. A
    creature with no wound limit would start down (D19), a critical threshold of 0 would
    make every success a critical (D18), and a full arca pool (wisdom x arca_per_wisdom,
    D27) stays a number a save holds."""
    most_wisdom = limits.MAX_NUMBER // max(1, numbers.arca_per_wisdom)
    return SheetNumbers(
        *(Number(score, high=most_wisdom, why="D27: arca is wisdom x arca_per_wisdom")
          if score == "wisdom" else Number(score) for score in SCORES),
        Number("armor"), Number("wound_limit", 1, why="D19"),
        Number("critical_threshold", 1, why="D18"), Number("threat_range"))


@record
class Weapon:
    id: str
    name: str
    wounds: int                       # D16: wounds on a pierce, before body
    damage_type: str                  # D20: a type code ("B")
    pierce_die: int                   # D16: sides of the pierce die
    hands: int = 1
    range: int | None = None          # D16: `range N` property, in tiles
    toss: int | None = None           # D16: `toss N` property, in tiles
    provisional: tuple[str, ...] = ()    # invented keys ("all": the whole item)

    @property
    def reach(self) -> int | None:
        """The farthest a ranged strike with it goes (None: melee only)."""
        found = [n for n in (self.range, self.toss) if n is not None]
        return max(found) if found else None

    @property
    def damage(self) -> str:
        """``1 B, pierce d6``: what completion and the sheet show of it."""
        return f"{self.wounds} {self.damage_type}, pierce d{self.pierce_die}"


@record
class Spell:
    id: str
    name: str
    cost: int                         # AP (D28: the spell sets it)
    arca: int                         # D28: baseline arca
    range: str                        # D28: "self", "reach" or a number of tiles as text
    attack: str | None = None         # D28: the defender's skill in the spell attack
    wounds: int = 0                   # on a hit, per application (D18 multiplies them)
    damage_type: str | None = None
    extra_arca: str | None = None     # D28: what each extra arca buys (SPELL_GAINS)
    effect: str = ""                  # what the spell does on a hit, for the GM
    provisional: tuple[str, ...] = ()    # invented keys ("all": the whole item)

    @property
    def tiles(self) -> int | None:
        return int(self.range) if self.range.isdigit() else None


@record
class Sheet:
    """A creature's sheet (the rulings' "Creature sheet")."""

    id: str
    name: str
    body: int = 0
    finesse: int = 0
    mind: int = 0
    spirit: int = 0
    wisdom: int = 0
    dexterity: int = 0
    endurance: int = 0
    armor: int = 0                                     # armor value (D16)
    wound_limit: int = 1                               # D19
    critical_threshold: int = 5                        # D18
    threat_range: int = 1                              # D16
    group: str | None = None                           # D10: the default side
    proficiencies: tuple[tuple[str, str], ...] = ()    # skill -> rank (D12)
    speeds: tuple[tuple[str, int], ...] = (("ground", 1),)   # D21: travel speeds
    vulnerable: tuple[tuple[str, int], ...] = ()       # D20: type or category -> N
    resist: tuple[tuple[str, int], ...] = ()           # D20
    immune: tuple[str, ...] = ()                       # D20
    weapons: tuple[str, ...] = ()                      # carried
    holding: tuple[str, ...] = ()                      # in hand when the fight starts
    spells: tuple[str, ...] = ()
    provisional: tuple[str, ...] = ()    # invented keys ("all": the whole item)

    def score(self, name: str) -> int:
        return int(getattr(self, name))

    def rank(self, skill: str) -> str:
        return dict(self.proficiencies).get(skill, "untrained")

    def with_(self, **changes) -> Sheet:
        return replace(self, **changes)


@record
class Library:
    numbers: Numbers
    weapons: dict[str, Weapon] = field(default_factory=dict)
    spells: dict[str, Spell] = field(default_factory=dict)
    creatures: dict[str, Sheet] = field(default_factory=dict)
    default_sheet: Sheet = field(default_factory=lambda: Sheet("creature", "Creature"))

    # What a session reads of any content library.
    @property
    def rulesets(self) -> dict[str, Numbers]:
        """The ruleset whose numbers this holds, so a session takes it as its content."""
        return {"dungeoneers": self.numbers}


# --- the ruleset's data on the generic state ---------------------------------------

@record
class ActorData:
    """What Dungeoneers tracks on an actor besides its resources (`Actor.system`)."""

    holding: tuple[str, ...] = ()          # weapons in hand (D22)
    readied: str | None = None             # D9: the action held for this round
    grappling: str | None = None           # D24: whom it grapples
    grappled_by: str | None = None         # D24: who grapples it
    hanging: bool = False                  # D29: hanging at a ledge

    def with_(self, **changes) -> ActorData:
        return replace(self, **changes)


@record
class EncounterData:
    """Encounter-wide Dungeoneers data (`Encounter.system`)."""

    ambient_arca: int = 0                  # D28

    def with_(self, **changes) -> EncounterData:
        return replace(self, **changes)
