"""Creature sheets from `add`: a content template (or the default sheet) with the GM's
numbers and flags on top (the rulings' "Creature sheet"; D10, D12, D19-D22, D28).

`add` hands the ruleset a NewActor: `numbers` from `--stat NAME=N` (and `--hp`, which
Dungeoneers refuses: it counts wounds, D19), `extra` from the Dungeoneers flags
`--prof`, `--vulnerable`, `--resist`, `--immune`, `--weapon`, `--holding`, `--spell`
and `--speed`. Every value is checked here and refused with its ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine import limits, resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor
from shaper_gm.rulesets.dungeoneers.models import RANKS, SHEET_NUMBERS, ActorData, Library, Sheet

# The Dungeoneers flags of `add`, as the keys of NewActor.extra.
EXTRA = ("prof", "vulnerable", "resist", "immune", "weapon", "holding", "spell", "speed")
# Sheet numbers that start at 1: a creature with no wound limit would start down (D19),
# and a critical threshold of 0 would make every success a critical (D18).
AT_LEAST_ONE = ("wound_limit", "critical_threshold")


def number_low(name: str) -> int:
    """The least a sheet number may be; the most is engine.limits.MAX_NUMBER (the
    range `add --stat` and a save share)."""
    return 1 if name in AT_LEAST_ONE else 0


def template(library: Library, name: str) -> Sheet:
    """The content creature `name` (an exact id)."""
    found = library.creatures.get(name)
    if found is None:
        known = ", ".join(sorted(library.creatures)) or "none"
        raise RuleViolation(f"no Dungeoneers creature {name!r}", f"known: {known}")
    return found


def make_actor(rs, spec, zone: str | None) -> Actor:
    """A creature from `spec` (encounter.setup.NewActor): its template or the default
    sheet, the GM's numbers and flags, full AP and arca, no wounds or stress."""
    base = spec.template if spec.template is not None else rs.library.default_sheet
    numbers = dict(spec.numbers)
    if "hp" in numbers:
        raise RuleViolation("--hp: Dungeoneers counts wounds up to a wound limit, not hit "
                            "points (D19)", "give the limit with --stat wound_limit=N")
    sheet = with_extra(rs, with_numbers(base, numbers), dict(spec.extra))
    name = spec.name or (base.name if spec.template is not None
                         else spec.id.replace("-", " ").title())
    sheet = sheet.with_(name=name)
    values = resources.starting(rs.resources, sheet, rs.stat)
    return Actor(id=spec.id, name=name, side=spec.side or sheet.group or "enemies",
                 sheet=sheet, zone=zone, resources=values,
                 system=ActorData(holding=sheet.holding),
                 template=spec.template.id if spec.template is not None else None)


def with_numbers(sheet: Sheet, numbers: Mapping[str, int]) -> Sheet:
    """`--stat NAME=N` for any sheet number (scores, armor value, wound limit, ...)."""
    changes = {}
    for key, value in numbers.items():
        name = key.lower()
        if name not in SHEET_NUMBERS:
            raise RuleViolation(f"--stat {key}: not a Dungeoneers sheet number",
                                f"sheet numbers: {', '.join(SHEET_NUMBERS)}")
        low = number_low(name)
        if isinstance(value, bool) or not isinstance(value, int) or \
                not limits.within(value, low):
            raise RuleViolation(f"--stat {name}={value}: expected a whole number of at "
                                f"least {low} and at most {limits.MAX_NUMBER:,}",
                                f"e.g. --stat {name}={max(low, 2)}")
        changes[name] = value
    return sheet.with_(**changes)


def with_extra(rs, sheet: Sheet, extra: Mapping[str, Any]) -> Sheet:
    """The Dungeoneers flags of `add` (D12, D20, D21, D22, D28)."""
    for key in extra:
        if key not in EXTRA:
            raise RuleViolation(f"--{key} is not a Dungeoneers flag",
                                f"flags: {', '.join('--' + k for k in EXTRA)}")
    prof = dict(sheet.proficiencies)
    for skill, rank in dict(extra.get("prof", {})).items():
        if rank not in RANKS:
            raise RuleViolation(f"--prof {skill}={rank}: not a proficiency rank (D12)",
                                f"ranks: {', '.join(RANKS)}")
        prof[skill.lower()] = rank
    vulnerable, resist = dict(sheet.vulnerable), dict(sheet.resist)
    for table, given, flag in ((vulnerable, extra.get("vulnerable", {}), "vulnerable"),
                               (resist, extra.get("resist", {}), "resist")):
        for kind, amount in dict(given).items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise RuleViolation(f"--{flag} {kind}={amount}: expected N of 0 or more "
                                    "(D20)", f"e.g. --{flag} {kind}=1")
            table[damage_entry(rs, kind, flag)] = amount
    immune = list(sheet.immune)
    for kind in extra.get("immune", ()):
        entry = damage_entry(rs, kind, "immune")
        if entry not in immune:
            immune.append(entry)
    sheet = sheet.with_(
        proficiencies=tuple(prof.items()),
        vulnerable=tuple((k, n) for k, n in vulnerable.items() if n),
        resist=tuple((k, n) for k, n in resist.items() if n), immune=tuple(immune))
    return _with_gear(rs, sheet, extra)


def damage_entry(rs, text: str, flag: str) -> str:
    """A damage type code ("B", "bludgeoning") or a category ("physical", "damage")."""
    types = rs.numbers.damage_types
    code = types.code_of(text)
    if code is not None:
        return code
    if text.lower() in types.known():
        return text.lower()
    raise RuleViolation(f"--{flag} {text}: not a damage type or category (D20)",
                        f"types: {', '.join(types.known())}")


def _with_gear(rs, sheet: Sheet, extra: Mapping[str, Any]) -> Sheet:
    """Weapons carried and in hand (D16, D22), spells (D28), travel speeds (D21)."""
    library = rs.library
    changes: dict[str, Any] = {}
    weapons = _known(extra.get("weapon", ()), library.weapons, "weapon", "D16")
    if weapons:
        changes["weapons"] = weapons
    carried = weapons or sheet.weapons
    holding = _known(extra.get("holding", ()), library.weapons, "weapon", "D22")
    for item in holding:
        if item not in carried:
            raise RuleViolation(f"--holding {item}: not among its weapons (D22)",
                                f"carry it too: --weapon {item}")
    if not holding:
        holding = tuple(w for w in sheet.holding if w in carried)
    used = sum(library.weapons[w].hands for w in holding)
    if used > rs.numbers.hands:
        raise RuleViolation(f"--holding {', '.join(holding)} takes {used} hands; a creature "
                            f"has {rs.numbers.hands} (D22)", "hold fewer weapons")
    changes["holding"] = holding
    spells = _known(extra.get("spell", ()), library.spells, "spell", "D28")
    if spells:
        changes["spells"] = spells
    speeds = dict(extra.get("speed", ()))
    for speed, tiles in speeds.items():
        if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles < 0:
            raise RuleViolation(f"--speed {speed}={tiles}: expected tiles of 0 or more (D21)",
                                f"e.g. --speed {speed}=2")
    if speeds:
        changes["speeds"] = tuple((k.lower(), n) for k, n in speeds.items())
    return sheet.with_(**changes)


def _known(ids, table: Mapping[str, Any], what: str, rule: str) -> tuple[str, ...]:
    out = []
    for item in ids:
        key = str(item).lower()
        if key not in table:
            raise RuleViolation(f"no Dungeoneers {what} {item!r} ({rule})",
                                f"known: {', '.join(sorted(table))}")
        if key not in out:
            out.append(key)
    return tuple(out)
