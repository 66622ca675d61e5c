"""Shaper numbers and items as the source and the rulings give them (built directly, so
these tests do not depend on the YAML loader), and the source battle through commands.

The Python ruleset is imported only by the fixtures that build its objects (`numbers`,
`library`, `shaper`), so the files that play through commands alone (`battle`, `given`,
`tape`) need nothing of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from shaper_gm.dice import GivenFaces
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.steps import PlayTape
from tests.replaying import replayed  # noqa: F401  (the tests import it from here)

if TYPE_CHECKING:
    from shaper_gm.rulesets.shaper.content.models import Library, RulesetNumbers
    from shaper_gm.rulesets.shaper.ruleset import ShaperRuleset


def make_numbers(**changes) -> RulesetNumbers:
    from shaper_gm.rulesets.shaper.content.models import ActionPool, LevelRow, RulesetNumbers
    values = dict(
        id="shaper", name="Shaper", basic_roll="3d6", critical_threshold=9,
        critical_dice="1d6",
        pool=ActionPool((("major", 3), ("minor", 1), ("free", 1))),
        substitutions=(("minor", ("major",)), ("free", ("minor", "major"))),
        costs=(("attack", "major"), ("move", "major"), ("skill", "major"), ("cast", "major"),
               ("switch_weapons", "major"), ("draw", "minor"), ("sheathe", "minor"),
               ("reload", "minor"), ("raise", "minor"), ("engage", "minor"),
               ("disengage", "minor"), ("say", "free"), ("drop", "free")),
        skill_sp_cost=1, skill_max_level=4, hands=2, base_hp=10,
        ability_bonuses=(
            ("vigor", (("melee_attack", 1), ("melee_damage", 1), ("hp", 3))),
            ("finesse", (("ranged_attack", 1), ("evasion", 1))),
            ("mentality", (("spell_cost_reduction", 1), ("spell_bonus", 1))),
        ),
        levels=(LevelRow(1, 1, 1, 1, 1), LevelRow(2, 2, 2, 2, 1, provisional=True),
                LevelRow(3, 3, 3, 2, 2, provisional=True)),
        diagonal="shaper", band_names=("Close", "Short", "Medium", "Long"),
        beyond_max_range_bands=1, base_spell_range=0, spell_min_mentality=1,
        grid=(5, 5), outnumbered=True, firing_into_melee=True,
        turn_order_ability="finesse",
    )
    values.update(changes)
    return RulesetNumbers(**values)


def make_library() -> Library:
    from shaper_gm.rulesets.shaper.content.models import (
        Armor,
        Effect,
        Library,
        Shield,
        Skill,
        Weapon,
    )
    weapons = {w.id: w for w in (
        Weapon("longsword", "Longsword", "melee", "1d6+3"),
        Weapon("longbow", "Longbow", "ranged", "1d6+3", hands=2, pierce=2, range=3,
               ammo="arrows"),
        Weapon("crossbow", "Crossbow", "ranged", "1d6+3", hands=2, pierce=4, range=3,
               reload=True, provisional=True),
        Weapon("greatsword", "Greatsword", "melee", "2d6", hands=2, provisional=True),
        Weapon("wand", "Wand", "melee", "1d4", spell_range_bonus=1, provisional=True),
    )}
    spells = {"spell": Weapon("spell", "Offensive Spell", "spell", "2d6", magic=True,
                              provisional=True)}
    armor = {"armor-1": Armor("armor-1", "Armor (tier 1)", "1d6", tier=1),
             "armor-2": Armor("armor-2", "Armor (tier 2)", "1d6+3", tier=2)}
    shields = {"shield": Shield("shield", "Shield", evasion=1)}
    skills = {s.id: s for s in (
        Skill("piercing-strike", "Piercing Strike", "finesse", ("on_attack",), ("ranged",),
              (Effect("extra_dice", dice="1d6", roll="pierce", per="finesse"),)),
        Skill("thread-the-needle", "Thread the Needle", "finesse", ("on_attack",),
              ("ranged",),
              (Effect("remove_disadvantage", source="firing_into_melee"),)),
        Skill("longshot", "Longshot", "finesse", ("on_attack",), ("ranged",),
              (Effect("range_bands", amount=1),
               Effect("damage_bonus", amount=1, when="at_max_range"))),
        Skill("overswing", "Overswing", "vigor", ("on_attack",), ("melee",),
              (Effect("extra_targets", targets="all_engaged_enemies"),
               Effect("damage_bonus", amount=1))),
        Skill("shield-bash", "Shield Bash", "general", ("on_attack",), ("melee", "block"),
              (Effect("damage_bonus", amount=1),), provisional=True),
        Skill("energy-shield", "Energy Shield", "mentality", ("anytime",), ("spell",),
              (Effect("absorb", amount=2),), duration="used_up"),
        Skill("charm", "Charm", "mentality", ("anytime",), ("spell",),
              (Effect("attack_bonus", amount=1), Effect("damage_bonus", amount=1)),
              target="ally", duration="start_of_caster_turn", range="spell"),
        Skill("spell-power", "Spell Power", "mentality", ("on_attack",), ("spell",),
              (Effect("damage_bonus", amount=1, per="mentality"),), provisional=True),
        Skill("retreat", "Retreat", "general", ("reaction",), (),
              (Effect("disengage"),)),
    )}
    return Library(weapons=weapons, spells=spells, armor=armor, shields=shields,
                   skills=skills)


@pytest.fixture
def numbers() -> RulesetNumbers:
    return make_numbers()


@pytest.fixture
def library() -> Library:
    return make_library()


@pytest.fixture
def shaper(numbers, library) -> ShaperRuleset:
    from shaper_gm.rulesets.shaper.ruleset import ShaperRuleset
    return ShaperRuleset(numbers, library)


def given(*faces: int) -> GivenFaces:
    return GivenFaces(faces)


class NoDice:
    """A dice source that must not be asked: the rule says nothing is rolled here."""

    def faces(self, count: int, sides: int, what: str = "roll") -> tuple[int, ...]:
        raise AssertionError(f"unexpected roll: {what} ({count}d{sides})")


def tape(attack, evasion=(), damage=None, defense=(), decisions=None) -> PlayTape:
    """The attack's dice as its slots take them, one source a roll: `--roll`, `--evade`
    and `--defense` by target, `--damage`; a Defense given for no target has no source
    (no flat Defense either)."""
    slots = {"roll": (attack,), "evade": tuple(evasion), "damage": (damage,),
             "defense": tuple(defense)}

    def source(slot, index, who):
        given = slots[slot]
        if index < len(given):
            return given[index] if given[index] is not None else NoDice()
        if slot == "defense":
            return None
        raise AssertionError(f"no dice source for {slot} of target {index + 1}")
    return PlayTape(source, decisions or Decisions())


# The source's 3-vs-3 battle, started: Josh to act.
SETUP = ("add josh --as josh --side party --at B4",
         "add monica --as monica --side party --at C5",
         "add taylor --as taylor --side party --at C5",
         "add raider --as raider --side enemies --at B1",
         "add crossbowman --as crossbowman --side enemies --at E2",
         "add reaver --as reaver --side enemies --at B2",
         "init josh monica raider taylor crossbowman reaver", "start")


def battle(*lines: str):
    """The source's battle with the content library, then `lines`."""
    from shaper_gm.app import new_session
    s = new_session(seed=1234)
    for line in (*SETUP, *lines):
        s.execute(line)
    return s


