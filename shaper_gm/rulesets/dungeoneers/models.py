"""The Dungeoneers ruleset's words, its damage types (D20), the code its declared records
name, its `Library`, and what it keeps on an actor and an encounter.

Its numbers, weapons, spells and creature sheets are records declared in
`content/dungeoneers/kinds.yaml` (importable from here by name), built from
`content/dungeoneers/`; the rules read them and never write them back. Mappings are
kept as tuples of pairs so every value hashes.
"""

from __future__ import annotations

from dataclasses import field, replace
from typing import Any

from shaper_gm.content.schema import Bad, ident, list_of, mapping_of, show, text
from shaper_gm.records import record

SCORES = ("body", "finesse", "mind", "spirit", "wisdom", "dexterity", "endurance")
# Sheet numbers `add --stat NAME=N` accepts (commands.md); their ranges: kinds.yaml.
SHEET_NUMBERS = (*SCORES, "armor", "wound_limit", "critical_threshold", "threat_range")
RANKS = ("untrained", "trained", "expert", "master")                  # D12
TEST_TIES = ("actor", "defender")                                     # D11
SPELL_GAINS = ("boon", "wounds")      # what each point of extra arca buys (D28)
# Every action the costs table must price (D2, D9, D16-D29).
ACTIONS = ("strike", "power-strike", "move", "sprint", "interact", "defend", "ready",
           "grapple", "push", "deep-breath", "focus", "grab-ledge", "break-free", "let-go")
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


# Declared in content/dungeoneers/kinds.yaml, made on first use (`__getattr__`).
RECORDS = ("Sheet", "Weapon", "Spell", "Numbers")


# --- what the declared records' checks and methods name ----------------------------------

def die(value: Any) -> int:
    """A single die, ``d6`` or ``1d6``: its number of sides."""
    if isinstance(value, str):
        body = value.strip().lower().removeprefix("1")
        if body.startswith("d") and body[1:].isdigit() and 2 <= int(body[1:]) <= 1000:
            return int(body[1:])
    raise Bad(f"expected one die like d6, got {show(value)}")


def marks(value: Any) -> tuple[str, ...]:
    """`provisional: true` (the whole item) or a list of the keys that are invented."""
    if isinstance(value, bool):
        return ("all",) if value else ()
    return list_of(text)(value)


def spell_range(value: Any) -> str:
    if value in ("self", "reach"):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return str(value)
    raise Bad(f"expected self, reach or a number of tiles, got {show(value)}")


def damage_types(value: Any) -> DamageTypes:
    """D20: `{category: {CODE: name}}` under the root category `damage`."""
    categories, names = [], []
    for category, codes in mapping_of(ident, mapping_of(text, text))(value):
        for code, _ in codes:
            if not (code.isalpha() and code.isupper()):
                raise Bad("a type code is capital letters", f".{category}.{code}")
        categories.append((category, tuple(code for code, _ in codes)))
        names += [(code, name.lower()) for code, name in codes]
    return DamageTypes("damage", tuple(categories), tuple(names))


def _types(numbers: Any) -> DamageTypes:
    return numbers.damage_types or DamageTypes()


def _type_code(value: str | None, types: DamageTypes, problems: list) -> str | None:
    code = types.code_of(value) if value is not None else None
    if value is not None and code is None:
        problems.append(("type", f"unknown damage type {value!r} "
                                 f"(known: {', '.join(types.codes())})"))
    return code


def check_weapon(values: dict[str, Any], numbers: Any) -> list[tuple[str, str]]:
    """A weapon's `type` as its code (D20) and `pierce` as its die (D16)."""
    problems: list = []
    values["damage_type"] = _type_code(values.get("type"), _types(numbers), problems)
    values["pierce_die"] = values.get("pierce")
    return problems


def check_spell(values: dict[str, Any], numbers: Any) -> list[tuple[str, str]]:
    """A spell's `type` as its code (D20), its cost within an action's (D2), and what
    wounds and extra arca need (D20, D28)."""
    problems: list = []
    code = values["damage_type"] = _type_code(values.get("type"), _types(numbers), problems)
    if values.get("cost", 1) > numbers.max_action_cost:
        problems.append(("cost", f"an action costs 1 to {numbers.max_action_cost} AP (D2)"))
    if values.get("wounds") and code is None:
        problems.append(("type", "a spell that deals wounds needs their damage type (D20)"))
    if values.get("extra_arca") and not values.get("attack"):
        problems.append(("extra_arca", "extra arca overcomes a defender: the spell needs an "
                                       "attack"))
    return problems


def check_sheet(values: dict[str, Any], numbers: Any) -> list[tuple[str, str]]:
    """A creature sheet: its damage types by code (D20), what it holds among its weapons,
    the content's defaults filled in (D16, D18, D21)."""
    types = _types(numbers)
    problems = []
    entries = [(f"{key}.{name}", name) for key in ("vulnerable", "resist")
               for name, _ in values.get(key, ())] + \
        [("immune", n) for n in values.get("immune", ())]
    for where, name in entries:
        if name not in types.known() and types.code_of(name) is None:
            problems.append((where, f"unknown damage type or category {name!r} "
                                    f"(known: {', '.join(types.known())})"))
    problems += [("holding", f"holds {ref!r}, which is not among its weapons")
                 for ref in values.get("holding", ()) if ref not in values.get("weapons", ())]
    if problems:
        return problems
    for key in ("vulnerable", "resist"):
        values[key] = tuple((types.code_of(k) or k, n) for k, n in values.get(key, ()))
    values["immune"] = tuple(types.code_of(k) or k for k in values.get("immune", ()))
    values["speeds"] = values.get("speeds") or (("ground", 1),)
    values.setdefault("critical_threshold", numbers.critical_threshold)
    values.setdefault("threat_range", numbers.threat_range)
    return []


def weapon_reach(weapon: Any) -> int | None:
    """The farthest a ranged strike with it goes (None: melee only)."""
    found = [n for n in (weapon.range, weapon.toss) if n is not None]
    return max(found) if found else None


def weapon_damage(weapon: Any) -> str:
    """``1 B, pierce d6``: what completion and the sheet show of it."""
    return f"{weapon.wounds} {weapon.damage_type}, pierce d{weapon.pierce_die}"


def spell_tiles(spell: Any) -> int | None:
    return int(spell.range) if spell.range.isdigit() else None


def sheet_score(sheet: Any, name: str) -> int:
    return int(getattr(sheet, name))


def sheet_rank(sheet: Any, skill: str) -> str:
    return dict(sheet.proficiencies).get(skill, "untrained")


def sheet_with(sheet: Any, **changes: Any) -> Any:
    return replace(sheet, **changes)


@record
class Library:
    numbers: Any                                   # the Numbers record
    weapons: dict[str, Any] = field(default_factory=dict)
    spells: dict[str, Any] = field(default_factory=dict)
    creatures: dict[str, Any] = field(default_factory=dict)
    default_sheet: Any = None                      # the sheet of `add` without a template
    kinds: Any = None                              # the compiled kinds.yaml

    # What a session reads of any content library.
    @property
    def rulesets(self) -> dict[str, Any]:
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
    # Weapons thrown, lying on the map (engine.ground): (item, tile, whom it hit) (D16, D22)
    lying: tuple[tuple[str, str, str], ...] = ()

    def with_(self, **changes) -> EncounterData:
        return replace(self, **changes)


def __getattr__(name: str) -> Any:
    """A record class of `kinds.yaml` (the shipped content's), made on first use."""
    if name in RECORDS:
        from shaper_gm.rulesets.dungeoneers.content import kinds
        return kinds().record(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
