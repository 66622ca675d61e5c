"""Shaper's content: the words its `kinds.yaml` names, the checks and methods of the
records it declares, and the data the rules keep beside them (effects, level rows, the
action pool, the library).

The records (`Weapon`, `Armor`, `Shield`, `Skill`, `Sheet`, `RulesetNumbers`) are
declared in `content/shaper/kinds.yaml` and made on first use (`__getattr__`); the
rules read them and nothing writes them back. Dice expressions are kept as text
(``"1d6+3"``) and parsed where they are rolled.
"""

from __future__ import annotations

import re
from dataclasses import field
from typing import Any

from shaper_gm.content.schema import (
    Bad,
    Ctx,
    Field,
    boolean,
    check_fields,
    choice,
    dice,
    ident,
    integer,
    list_of,
    mapping_of,
    show,
)
from shaper_gm.content.sheetnumbers import Number, SheetNumbers
from shaper_gm.records import record

ABILITIES = ("vigor", "finesse", "mentality")
# Sheet numbers with their ranges, for content, `add --stat`/`--hp` and a save: a level
# of the table (S29), abilities of 0 or more and hit points from 1 (S27).
SHEET = SheetNumbers(Number("level", 1, why="S29"), *(Number(a, why="S27") for a in ABILITIES),
                     Number("hp", 1, why="S27", flag="--hp"))
SKILL_CATEGORIES = ("general", "vigor", "finesse", "mentality")
# "focus": a hand item that is not attacked with (a wand: spell_range_bonus); its damage is "0".
WEAPON_KINDS = ("melee", "ranged", "spell", "focus")
FOCUS_DAMAGE = "0"   # a focus (wand) is never rolled for damage
SHEET_KINDS = ("character", "creature")
SKILL_TARGETS = ("self", "ally", "enemy", "any", "none", "attack_target")
DIAGONALS = ("shaper", "king")

# Skill triggers as the source lists them.
PRIMARY_TRIGGERS = ("on_attack", "on_hit", "on_critical", "on_evade", "anytime", "targeted",
                    "reaction")
SECONDARY_TRIGGERS = ("melee", "ranged", "spell", "vigor", "finesse", "mentality", "block")

# Which roll an `extra_dice` effect adds to.
DICE_ROLLS = ("attack", "damage", "pierce", "evasion", "defense")
# Conditions an effect may carry; the rules core checks them against the attack.
EFFECT_CONDITIONS = ("always", "at_max_range", "melee", "ranged", "spell")
# Named Disadvantage sources that `remove_disadvantage` may cancel.
DISADVANTAGE_SOURCES = ("firing_into_melee", "beyond_max_range", "outnumbered")
# What an effect's `per` scales with: amount (or dice count) × the actor's value.
SCALES = ("vigor", "finesse", "mentality", "skill_level")
# How long an effect placed on an actor lasts (S26). "rounds:N" is also accepted.
DURATIONS = ("instant", "attack", "start_of_caster_turn", "end_of_caster_turn",
             "start_of_target_turn", "end_of_target_turn", "end_of_round", "used_up")
# Groups an `extra_targets` effect may name; the rules core resolves them.
TARGET_GROUPS = ("all_engaged_enemies",)
# What a summoner may give its summon per Mentality point instead of armor (S21, S28).
SUMMON_BONUSES = ("attack", "evasion", "hp")

# Per-point ability bonuses the rules core asks for by name (S28): KIND_attack and
# KIND_damage for each attacking weapon kind, and the rest by their own name.
BONUS_NAMES = (*(f"{kind}_{roll}" for kind in WEAPON_KINDS if kind != "focus"
                 for roll in ("attack", "damage")),
               "hp", "evasion", "spell_cost_reduction", "spell_bonus")
# Actions the rules core looks up a cost for (S19); a ruleset may add more.
REQUIRED_COSTS = ("attack", "move", "skill", "cast", "pickup_close", "switch_weapons", "draw",
                  "sheathe", "reload", "raise_shield", "engage", "disengage", "switch_grip",
                  "pickup_melee", "say", "drop")

# Declared in content/shaper/kinds.yaml, made on first use (`__getattr__`).
RECORDS = ("Weapon", "Armor", "Shield", "Skill", "Sheet", "RulesetNumbers")


@record
class Effect:
    """One entry of a skill's effect list."""

    type: str
    amount: int = 0
    dice: str | None = None           # dice expression, for extra_dice
    roll: str | None = None           # which roll extra_dice adds to
    per: str | None = None            # scale amount/dice count by an ability or skill level
    when: str = "always"
    source: str | None = None         # remove_disadvantage: which source
    creature: str | None = None       # summon: creature id
    targets: str | None = None        # extra_targets: which targets
    armor_per_mentality: str | None = None  # summon: armor id granted per Mentality point
    # summon: the other bonuses a caster may choose instead, each per Mentality point
    bonuses: tuple[tuple[str, int], ...] = ()


@record
class ActionPool:
    """Actions per turn by kind, e.g. {"major": 3, "minor": 1, "free": 1}."""

    counts: tuple[tuple[str, int], ...]

    def as_dict(self) -> dict[str, int]:
        return dict(self.counts)


@record
class LevelRow:
    level: int
    ability_points: int               # total points available at this level
    skills: int                       # total skill levels available at this level
    sp: int                           # Total SP
    sp_regen: int
    provisional: bool = False


@record
class Library:
    """The loaded content: every item by id, per kind."""

    rulesets: dict[str, Any] = field(default_factory=dict)    # "shaper": RulesetNumbers
    weapons: dict[str, Any] = field(default_factory=dict)
    armor: dict[str, Any] = field(default_factory=dict)
    shields: dict[str, Any] = field(default_factory=dict)
    skills: dict[str, Any] = field(default_factory=dict)
    spells: dict[str, Any] = field(default_factory=dict)   # offensive spells (kind "spell")
    creatures: dict[str, Any] = field(default_factory=dict)
    characters: dict[str, Any] = field(default_factory=dict)

    def template(self, name: str) -> Any:
        return self.characters.get(name) or self.creatures.get(name)

    def item(self, name: str) -> Any:
        """A hand item by id: weapon, offensive spell focus or shield."""
        return self.weapons.get(name) or self.shields.get(name)


def __getattr__(name: str) -> Any:
    """A record class of `kinds.yaml` (the shipped content's), made on first use."""
    if name in RECORDS:
        from shaper_gm.rulesets.shaper.content.loader import kinds
        return kinds().record(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- the declared records' methods and properties ---------------------------------------

def skill_is_spell(skill: Any) -> bool:
    return "spell" in skill.secondary


def numbers_bonus(numbers: Any, ability: str, name: str) -> int:
    """Per-point bonus `name` of `ability` (0 if the ruleset gives none)."""
    return dict(dict(numbers.ability_bonuses).get(ability, ())).get(name, 0)


def numbers_level_row(numbers: Any, level: int) -> LevelRow:
    for row in numbers.levels:
        if row.level == level:
            return row
    raise KeyError(level)


def numbers_grid_cols(numbers: Any) -> int:
    return numbers.grid[0]


def numbers_grid_rows(numbers: Any) -> int:
    return numbers.grid[1]


def numbers_provisional(numbers: Any) -> tuple[str, ...]:
    return numbers.provisional


# --- the checks `kinds.yaml` names -------------------------------------------------------

def duration(value: Any) -> str:
    if isinstance(value, str) and (value in DURATIONS or re.fullmatch(r"rounds:[1-9]\d*", value)):
        return value
    raise Bad(f"expected one of {', '.join(DURATIONS)} or rounds:N; got {show(value)}")


def skill_range(value: Any) -> str | int | None:
    if value is None or value == "spell":
        return value
    try:
        return integer(0)(value)
    except Bad:
        raise Bad(f"expected 'spell' or a number of bands, got {show(value)}") from None


def carried(value: Any) -> tuple[str, ...]:
    """Items a sheet carries or holds: ids, one twice when it has two."""
    return list_of(ident, unique=False)(value)


def skill_levels(value: Any) -> tuple[tuple[str, int], ...]:
    """`{skill-id: level, ...}` or a plain list of skill ids (level 1 each)."""
    if isinstance(value, list):
        return tuple((skill, 1) for skill in list_of(ident)(value))
    return mapping_of(ident, integer(1))(value)


def action_pool(value: Any) -> ActionPool:
    return ActionPool(mapping_of(ident, integer(0))(value))


def level_rows(value: Any) -> tuple[LevelRow, ...]:
    """The level table (S29): rows for levels 1, 2, ... in order, none giving less than
    the one before."""
    if not isinstance(value, list) or not value:
        raise Bad(f"expected a list of level rows, got {show(value)}")
    rows: list[LevelRow] = []
    for index, entry in enumerate(value):
        where = f"[{index}]"
        values = _fields(entry, LEVEL_FIELDS, where, "a level row")
        row = LevelRow(**values)
        if row.level != index + 1:
            raise Bad(f"expected level {index + 1}, got {row.level}", f"{where}.level")
        if rows and any(getattr(row, k) < getattr(rows[-1], k)
                        for k in ("ability_points", "skills", "sp", "sp_regen")):
            raise Bad("a level row may not give less than the one before", where)
        rows.append(row)
    return tuple(rows)


LEVEL_FIELDS = {"level": Field(integer(1), True),
                **{key: Field(integer(0), True) for key in ("ability_points", "skills", "sp",
                                                            "sp_regen")},
                "provisional": Field(boolean)}


def _fields(raw: Any, fields: dict[str, Field], where: str, what: str) -> dict[str, Any]:
    """A nested mapping's values, or Bad naming its first problem's key."""
    problems = _Problems()
    values = check_fields(problems, raw, fields, f"{where}.", what=what)
    if problems.found:
        key, message = problems.found[0]
        raise Bad(message, key or where)
    return values or {}


class _Problems(Ctx):
    """A Ctx that keeps each problem as (key, message), for a kind's check to return."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str | None, str]] = []

    def error(self, key: str | None, message: str) -> None:
        self.found.append((key, message))


# The effect vocabulary the rules core understands (a skill is a list of these): each
# type -> (keys it needs, keys it may also have); `type` and `when` always allowed.
_AMOUNT = (("amount",), ("per",))
EFFECT_SHAPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "attack_bonus": _AMOUNT,                # +amount to the attack roll
    "damage_bonus": _AMOUNT,                # +amount to damage
    "evasion_bonus": _AMOUNT,               # +amount to Evasion rolls
    "pierce_bonus": _AMOUNT,                # +amount Pierce
    "extra_dice": (("dice", "roll"), ("per",)),   # +dice on one of DICE_ROLLS
    "remove_disadvantage": (("source",), ()),     # cancels a named Disadvantage
    "absorb": _AMOUNT,                      # soaks damage after Defense, until used up (S7)
    "summon": (("creature",), ("armor_per_mentality", "bonuses")),   # on its side (S21)
    "extra_targets": (("targets",), ()),    # also targets a group (all_engaged_enemies)
    "range_bands": _AMOUNT,                 # +amount bands of max range
    "engage": ((), ()),                     # the user engages the target (Step Up)
    "disengage": ((), ()),                  # the user leaves its engagement (Retreat)
}
EFFECT_FIELDS = {
    "type": Field(choice(tuple(EFFECT_SHAPES)), required=True),
    "amount": Field(integer()),
    "dice": Field(dice),
    "roll": Field(choice(DICE_ROLLS)),
    "per": Field(choice(SCALES)),
    "when": Field(choice(EFFECT_CONDITIONS)),
    "source": Field(choice(DISADVANTAGE_SOURCES)),
    "creature": Field(ident),
    "targets": Field(choice(TARGET_GROUPS)),
    "armor_per_mentality": Field(ident),
    "bonuses": Field(mapping_of(choice(SUMMON_BONUSES), integer(1))),
}


# --- the kinds' own rules (a kind's `check`: the good values, the numbers, the item as
# written; it returns (key, problem) pairs) ----------------------------------------------

Problems = list[tuple[str | None, str]]


def check_weapon(values: dict[str, Any], numbers: Any, written: Any) -> Problems:
    """A weapon or a focus of content/shaper/weapons: kind and damage (S19a, S13)."""
    if "kind" not in written:
        return [("kind", f"missing (required): one of {', '.join(WEAPON_KINDS)}")]
    if values.get("kind") == "spell":
        return [("kind", "offensive spells belong in content/shaper/spells, not with the "
                         "weapons")]
    return _hand_item(values, written)


def check_spell(values: dict[str, Any], numbers: Any, written: Any) -> Problems:
    """An offensive spell of content/shaper/spells: its kind is 'spell'."""
    kind = values.setdefault("kind", "spell") if "kind" not in written else values.get("kind")
    if kind not in (None, "spell"):
        return [("kind", f"an offensive spell has kind 'spell', got {kind!r}")]
    return _hand_item(values, written)


def _hand_item(values: dict[str, Any], written: Any) -> Problems:
    kind = values.get("kind")
    problems: Problems = []
    if kind == "focus":
        if "damage" in values:
            problems.append(("damage", "a focus does not deal damage; remove the key"))
        values["damage"] = FOCUS_DAMAGE
    elif "damage" not in written:
        problems.append(("damage", "missing (required)"))
    if kind == "ranged" and values.get("range", 0) < 1:
        problems.append(("range", "a ranged weapon needs a max range of at least 1 band"))
    return problems


def check_skill(values: dict[str, Any], numbers: Any, written: Any) -> Problems:
    """Each effect is one of the vocabulary's, with the keys its type needs and only
    those it may have (EFFECT_SHAPES)."""
    effects = values.get("effects", [])
    if not isinstance(effects, list):
        values["effects"] = ()
        return [("effects", f"expected a list of effects, got {show(effects)}")]
    problems, made = _Problems(), []
    for index, raw in enumerate(effects):
        made.append(_effect(problems, f"effects[{index}].", raw))
    values["effects"] = tuple(effect for effect in made if effect is not None)
    return problems.found


def _effect(problems: _Problems, prefix: str, raw: Any) -> Effect | None:
    start = len(problems.found)
    values = check_fields(problems, raw, EFFECT_FIELDS, prefix, what="an effect mapping")
    if values is None or "type" not in values:
        return None
    needs, may = EFFECT_SHAPES[values["type"]]
    for key in needs:
        if key not in raw:
            problems.error(prefix + key, f"missing ({values['type']} effects need it)")
    for key in raw:
        if key in EFFECT_FIELDS and key not in needs + may + ("type", "when"):
            problems.error(prefix + key, f"does not apply to {values['type']} effects")
    return None if len(problems.found) > start else Effect(**values)


def check_sheet(values: dict[str, Any], numbers: Any, written: Any = None) -> Problems:
    """A sheet's side, unless it names one: a character's is the party, a creature's the
    enemies, a summon's its summoner's (S21)."""
    if "side" not in values:
        summoned = values.get("summoned", False)
        values["side"] = ("party" if values.get("kind") == "character"
                          else None if summoned else "enemies")
    return []
