"""Frozen data for everything the content library holds.

These classes are what the YAML files in `content/shaper/` turn into after the loader has
checked them. The rules core and the encounter read them; nothing writes them back.
Dice expressions are kept as text (e.g. ``"1d6+3"``) and parsed where they are rolled.
"""

from __future__ import annotations

from dataclasses import field

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
class Weapon:
    id: str
    name: str
    kind: str                         # melee | ranged | spell | focus
    damage: str                       # dice expression, e.g. "1d6+3"
    hands: int = 1
    pierce: int = 0
    range: int = 0                    # max range in bands; 0 = same zone (melee/Close)
    magic: bool = False
    reload: bool = False              # must be reloaded (Minor) after each shot
    ammo: str | None = None
    spell_range_bonus: int = 0        # a wand: raises the holder's spell range (S13)
    thrown: bool = False              # leaves the hand and lies beside its target (S19)
    two_handed: str | None = None     # its damage gripped in both hands (switch grip, S19)
    provisional: bool = False
    description: str = ""


@record
class Armor:
    id: str
    name: str
    defense: str                      # dice expression, e.g. "1d6+3"
    tier: int = 1
    provisional: bool = False
    description: str = ""


@record
class Shield:
    id: str
    name: str
    evasion: int = 1                  # while raised (S20)
    hands: int = 1
    provisional: bool = False
    description: str = ""


@record
class Skill:
    """A skill or a utility spell (a skill with the `spell` secondary trigger)."""

    id: str
    name: str
    category: str                     # general | vigor | finesse | mentality
    primary: tuple[str, ...]          # primary triggers
    secondary: tuple[str, ...] = ()   # secondary triggers
    effects: tuple[Effect, ...] = ()
    target: str = "self"              # self | ally | enemy | any | none | attack_target
    duration: str = "instant"         # how long effects placed on a target last (S26)
    range: str | int | None = None    # "spell" = the caster's spell range; int = bands
    provisional: bool = False
    description: str = ""

    @property
    def is_spell(self) -> bool:
        return "spell" in self.secondary


@record
class ActionPool:
    """Actions per turn by kind, e.g. {"major": 3, "minor": 1, "free": 1}."""

    counts: tuple[tuple[str, int], ...]

    def as_dict(self) -> dict[str, int]:
        return dict(self.counts)


@record
class Sheet:
    """A creature or character template: what `add ID --as TEMPLATE` starts from.

    Unset numbers (None) are derived by the ruleset's creation rules.
    """

    id: str
    name: str
    kind: str                         # creature | character
    level: int = 1
    vigor: int = 0
    finesse: int = 0
    mentality: int = 0
    hp: int | None = None             # override of the derived max HP
    sp: int | None = None
    sp_regen: int | None = None
    weapons: tuple[str, ...] = ()
    shield: str | None = None
    armor: str | None = None
    skills: tuple[tuple[str, int], ...] = ()   # (skill id, level 1..4)
    holding: tuple[str, ...] = ()     # items in hand when the fight starts (S19a)
    side: str | None = None
    pool: ActionPool | None = None    # own action pool (a summon's, S21)
    summoned: bool = False
    provisional: bool = False
    description: str = ""


@record
class LevelRow:
    level: int
    ability_points: int               # total points available at this level
    skills: int                       # total skill levels available at this level
    sp: int                           # Total SP
    sp_regen: int
    provisional: bool = False


@record
class RulesetNumbers:
    """Every number and switch of a ruleset, from `content/shaper/ruleset.yaml`."""

    id: str
    name: str
    basic_roll: str                   # "3d6" (S1)
    critical_threshold: int           # 9 (S6)
    critical_dice: str                # "1d6" (S6)
    pool: ActionPool                  # 3 major / 1 minor / 1 free (S18)
    substitutions: tuple[tuple[str, tuple[str, ...]], ...]  # kind -> kinds that may pay it
    costs: tuple[tuple[str, str], ...]  # action name -> pool kind (S19)
    skill_sp_cost: int                # S23
    skill_max_level: int              # S24
    hands: int                        # S19a
    base_hp: int                      # S27
    # per-point ability bonuses (S28): ability -> ((bonus name, amount), ...)
    ability_bonuses: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    levels: tuple[LevelRow, ...]      # S29
    diagonal: str                     # "shaper" (S10) | "king"
    band_names: tuple[str, ...]       # ("Close", "Short", "Medium", "Long")
    beyond_max_range_bands: int       # 1 (S13)
    base_spell_range: int             # 0 = Close (S13)
    spell_min_mentality: int          # 1 (S25)
    grid_cols: int
    grid_rows: int
    outnumbered: bool                 # S16 on/off
    firing_into_melee: bool           # S15 on/off
    turn_order_ability: str           # "finesse" (S17)
    provisional_keys: tuple[str, ...] = ()
    starting_items: int = 2           # S27: a level-1 actor's weapons and shield
    spell_free_hands: int = 1         # S19a: free hands an offensive spell needs (a focus counts)
    terms: tuple[tuple[str, str], ...] = ()   # the ruleset's words (engine.ruleset_base.TERMS)

    def cost(self, action: str) -> str:
        return dict(self.costs)[action]

    def bonus(self, ability: str, name: str) -> int:
        """Per-point bonus `name` of `ability` (0 if the ruleset gives none)."""
        return dict(dict(self.ability_bonuses).get(ability, ())).get(name, 0)

    def level_row(self, level: int) -> LevelRow:
        for row in self.levels:
            if row.level == level:
                return row
        raise KeyError(level)


@record
class Library:
    """The loaded content: every item by id, per kind."""

    rulesets: dict[str, RulesetNumbers] = field(default_factory=dict)
    weapons: dict[str, Weapon] = field(default_factory=dict)
    armor: dict[str, Armor] = field(default_factory=dict)
    shields: dict[str, Shield] = field(default_factory=dict)
    skills: dict[str, Skill] = field(default_factory=dict)
    spells: dict[str, Weapon] = field(default_factory=dict)   # offensive spells (kind "spell")
    creatures: dict[str, Sheet] = field(default_factory=dict)
    characters: dict[str, Sheet] = field(default_factory=dict)

    def template(self, name: str) -> Sheet | None:
        return self.characters.get(name) or self.creatures.get(name)

    def item(self, name: str) -> Weapon | Shield | None:
        """A hand item by id: weapon, offensive spell focus or shield."""
        return self.weapons.get(name) or self.shields.get(name)
