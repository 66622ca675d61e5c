"""The dice-pool ruleset's words, the code its declared records name, its `Library`,
and what an actor keeps in a fight (`ActorState`, `Preparation`).

Its numbers, weapons, abilities and sheets are records declared in
`content/dicepool/kinds.yaml` (importable from here by name), built from
`content/dicepool/`; every number a ruling names is a field of `Numbers`, so a GM
changes the rules by editing the YAML, never the code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from typing import Any

from shaper_gm.content.schema import Bad
from shaper_gm.content.sheetnumbers import Number, SheetNumbers
from shaper_gm.records import record

# What an ability is (P12): an action on one's turn, a reaction to someone else's action,
# or passive (always on).
ABILITY_KINDS = ("action", "reaction", "passive")
POOL, ACTIONS, REACTIONS = "pool", "actions", "reactions"   # an actor's resources (P3, P6, P12)
REQUIRED_COSTS = ("attack", "move", "prepare", "wield", "act")     # P6
# Every stat the content names is a sheet number of this range; the sheet's own numbers
# (ac, speed, hp) are declared in kinds.yaml.
STAT = Number("stat")
SHEET_OWN = ("ac", "speed", "hp")

# Declared in content/dicepool/kinds.yaml, made on first use (`__getattr__`).
RECORDS = ("Sheet", "Weapon", "Ability", "Numbers")


def sheet_numbers(kinds: Any, stats: tuple[str, ...]) -> SheetNumbers:
    """The sheet numbers of a dice-pool whose content names `stats`."""
    own = kinds.sheet_numbers("Sheet", {})
    return SheetNumbers(*(replace(STAT, name=stat) for stat in stats), *own.values())


def number_name(value: Any) -> str:
    if not isinstance(value, str) or not value.isalpha() or not value.islower():
        raise Bad(f"expected a name in lowercase letters, got {value!r}")
    return value


def stat_name(value: Any) -> str:
    if number_name(value) in SHEET_OWN:
        raise Bad(f"{value!r} is a sheet number of its own, not a stat")
    return value


def weapon_bonus_stat(weapon: Any) -> str | None:
    """The stat added to damage (P8), or None when the weapon adds none."""
    if not weapon.adds_damage_stat:
        return None
    return weapon.damage_stat or weapon.stat


def sheet_number(sheet: Any, key: str) -> int:
    """A sheet number by name (stats, ac, hp, speed); 0 for a stat it lacks."""
    if key == "ac":
        return sheet.ac
    if key == "hp":
        return sheet.hp
    if key == "speed":
        return sheet.speed or 0
    return dict(sheet.stats).get(key, 0)


def sheet_proficiency(sheet: Any, weapon: str | None) -> int:
    """P2: the weapon proficiency, 0 when not proficient with that weapon."""
    return dict(sheet.proficiencies).get(weapon, 0) if weapon else 0


def sheet_with_numbers(sheet: Any, numbers: Mapping[str, int]) -> Any:
    """The sheet with these numbers (stats, ac, hp, speed) over its own."""
    stats = dict(sheet.stats)
    changes: dict = {}
    for key, value in numbers.items():
        if key in SHEET_OWN:
            changes[key] = value
        else:
            stats[key] = value
    return replace(sheet, stats=tuple(stats.items()), **changes)


def check_ability(values: dict[str, Any], numbers: Any) -> list[tuple[str, str]]:
    """P12: what each kind of ability may have (its cost, unwritten, is 1 for an action
    and 0 otherwise); the problems by key."""
    kind = values.get("kind", "action")
    values.setdefault("cost", 1 if kind == "action" else 0)
    problems = []
    if kind != "action" and values["cost"]:
        problems.append(("cost", f"a {kind} ability takes no actions (P12): actions are "
                                 "spent only on one's own turn"))
    if kind == "passive":
        problems += [(key, "a passive ability is always on; it cannot roll or attack")
                     for key in ("test", "attack") if values.get(key)]
    elif values.get("mods"):
        problems.append(("mods", "only a passive ability changes sheet numbers"))
    if not values.get("attack"):
        problems += [(key, "only an ability that augments an attack (attack: true) has it")
                     for key in ("damage_dice", "dt_change") if values.get(key)]
    elif values.get("test"):
        problems.append(("test", "an attack ability rolls the attack's test; drop test: true"))
    return problems


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
    numbers: Any                                                   # the Numbers record
    weapons: Mapping[str, Any] = field(default_factory=dict)
    abilities: Mapping[str, Any] = field(default_factory=dict)
    templates: Mapping[str, Any] = field(default_factory=dict)     # characters, creatures
    kinds: Any = None                                              # the compiled kinds.yaml


def system(actor) -> ActorState:
    """The dice-pool part of an actor (empty for one that has none yet)."""
    return actor.system if isinstance(actor.system, ActorState) else ActorState()


def with_prepared(actor, prepared):
    """The actor with `prepared` as what it has prepared (P11)."""
    return actor.with_(system=replace(system(actor), prepared=tuple(prepared)))


def __getattr__(name: str) -> Any:
    """A record class of `kinds.yaml` (the shipped content's), or `SHEET` (the sheet's
    own numbers), on first use."""
    if name in RECORDS or name == "SHEET":
        from shaper_gm.rulesets.dicepool.content import kinds
        declared = kinds()
        return declared.sheet_numbers("Sheet", {}) if name == "SHEET" \
            else declared.record(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
