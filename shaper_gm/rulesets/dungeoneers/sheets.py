"""Creature sheets from `add` (the rulings' "Creature sheet"; D10, D12, D19-D22, D28): a
content template or the default sheet, with the GM's numbers (`--stat NAME=N`) and the
Dungeoneers flags of `add` on top: `--prof`, `--vulnerable`, `--resist`, `--speed`
(NAME=VALUE pairs), `--immune`, `--weapon`, `--holding` and `--spell`. `add_word`
reads one flag value as the log keeps it; `make_actor` checks every value against the
rules and the content.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shaper_gm.engine import gear, resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.names import match_one
from shaper_gm.engine.state import Actor
from shaper_gm.rulesets.dungeoneers.models import RANKS, ActorData
from shaper_gm.rulesets.dungeoneers.rules import data_of, hands_used, with_data

PAIRS = ("prof", "vulnerable", "resist", "speed")
ADD_FLAGS = (*PAIRS, "immune", "weapon", "holding", "spell")
PAIR_EXAMPLES = {"prof": "striking=expert", "vulnerable": "B=1", "resist": "physical=1",
                 "speed": "fly=2"}
def add_word(rs, flag: str, word: str) -> str:
    """One value of `add`'s flag `flag`: an item of the content by unique prefix, a
    damage type lowercased, or `name=value` with a whole number for all but `--prof`."""
    if flag in ("weapon", "holding", "spell"):
        table = rs.library.spells if flag == "spell" else rs.library.weapons
        return match_one(word, sorted(table), "spell" if flag == "spell" else "weapon")
    if flag not in PAIRS:
        return word.strip().lower()
    name, sep, value = word.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise RuleViolation(f"--{flag} {word!r} is not NAME=VALUE",
                            f"e.g. --{flag} {PAIR_EXAMPLES[flag]}")
    name, value = name.strip().lower(), value.strip().lower()
    if flag != "prof":
        digits = value.removeprefix("-").removeprefix("+")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
            raise RuleViolation(f"--{flag} {name} needs a whole number, got {value!r}",
                                f"e.g. --{flag} {PAIR_EXAMPLES[flag]}")
        value = str(int(value))
    return f"{name}={value}"


def make_actor(rs, spec, zone: str | None) -> Actor:
    """A creature from `spec` (encounter.setup.NewActor): its template or the default
    sheet, the GM's numbers and flags, full AP and arca, no wounds or stress."""
    base = spec.template if spec.template is not None else rs.library.default_sheet
    if isinstance(base, str):
        raise RuleViolation(f"no Dungeoneers creature {base!r}",
                            f"known: {', '.join(sorted(rs.library.creatures))}")
    numbers = dict(spec.numbers)
    if "hp" in numbers:
        raise RuleViolation("--hp: Dungeoneers counts wounds up to a wound limit, not hit "
                            "points (D19)", "give the limit with --stat wound_limit=N")
    name = spec.name or (base.name if spec.template is not None
                         else spec.id.replace("-", " ").title())
    sheet = with_extra(rs, with_numbers(rs, base, numbers), dict(spec.extra)).with_(name=name)
    values = resources.starting(rs.resources, sheet, rs.stat)
    return Actor(id=spec.id, name=name, side=spec.side or sheet.group or "enemies",
                 sheet=sheet, zone=zone, resources=values,
                 system=ActorData(holding=sheet.holding),
                 template=spec.template.id if spec.template is not None else None)


def with_numbers(rs, sheet: Any, numbers: Mapping[str, int]) -> Any:
    """`--stat NAME=N` for any sheet number (scores, armor value, wound limit, ...)."""
    given = {key.lower(): value for key, value in numbers.items()}
    return sheet.with_(**rs.sheet_ranges.typed(given, what="Dungeoneers"))


def with_extra(rs, sheet: Any, extra: Mapping[str, Any]) -> Any:
    """Proficiencies (D12), damage types (D20), weapons carried and in hand (D16,
    D22), spells (D28), travel speeds (D21)."""
    for key in extra:
        if key not in ADD_FLAGS:
            raise RuleViolation(f"--{key} is not a Dungeoneers flag",
                                f"flags: {', '.join('--' + k for k in ADD_FLAGS)}")
    pairs = {key: dict(entry.split("=", 1) for entry in extra.get(key, ())) for key in PAIRS}
    prof = dict(sheet.proficiencies)
    for skill, rank in pairs["prof"].items():
        if rank not in RANKS:
            raise RuleViolation(f"--prof {skill}={rank}: not a proficiency rank (D12)",
                                f"ranks: {', '.join(RANKS)}")
        prof[skill] = rank
    tables = {"vulnerable": dict(sheet.vulnerable), "resist": dict(sheet.resist)}
    for flag, table in tables.items():
        for kind, amount in pairs[flag].items():
            if int(amount) < 0:
                raise RuleViolation(f"--{flag} {kind}={amount}: expected N of 0 or more (D20)",
                                    f"e.g. --{flag} {kind}=1")
            table[damage_entry(rs, kind, flag)] = int(amount)
    immune = list(sheet.immune)
    immune += [e for e in (damage_entry(rs, k, "immune") for k in extra.get("immune", ()))
               if e not in immune]
    weapons = known(extra.get("weapon", ()), rs.library.weapons, "weapon", "D16")
    carried = weapons or sheet.weapons
    holding = known(extra.get("holding", ()), rs.library.weapons, "weapon", "D22")
    for item in holding:
        if item not in carried:
            raise RuleViolation(f"--holding {item}: not among its weapons (D22)",
                                f"carry it too: --weapon {item}")
    holding = holding or tuple(w for w in sheet.holding if w in carried)
    used = hands_used(rs, holding)
    if used > rs.numbers.hands:
        raise RuleViolation(f"--holding {', '.join(holding)} takes {used} hands; a creature "
                            f"has {rs.numbers.hands} (D22)", "hold fewer weapons")
    speeds = {speed: int(tiles) for speed, tiles in pairs["speed"].items()}
    for speed, tiles in speeds.items():
        if tiles < 0:
            raise RuleViolation(f"--speed {speed}={tiles}: expected tiles of 0 or more (D21)",
                                f"e.g. --speed {speed}=2")
    spells = known(extra.get("spell", ()), rs.library.spells, "spell", "D28")
    return sheet.with_(
        proficiencies=tuple(prof.items()), immune=tuple(immune), weapons=carried,
        vulnerable=tuple((k, n) for k, n in tables["vulnerable"].items() if n),
        resist=tuple((k, n) for k, n in tables["resist"].items() if n), holding=holding,
        spells=spells or sheet.spells, speeds=tuple(speeds.items()) or sheet.speeds)


def damage_entry(rs, text: str, flag: str) -> str:
    """A damage type code ("B", "bludgeoning") or a category ("physical", "damage")."""
    types = rs.numbers.damage_types
    code = types.code_of(text)
    if code is not None or text.lower() in types.known():
        return code or text.lower()
    raise RuleViolation(f"--{flag} {text}: not a damage type or category (D20)",
                        f"types: {', '.join(types.known())}")


def known(ids, table: Mapping[str, Any], what: str, rule: str) -> tuple[str, ...]:
    """Content ids, each once, refused when the content lacks one."""
    out: list[str] = []
    for item in ids:
        key = str(item).lower()
        if key not in table:
            raise RuleViolation(f"no Dungeoneers {what} {item!r} ({rule})",
                                f"known: {', '.join(sorted(table))}")
        out += [key] if key not in out else []
    return tuple(out)


def carried(rs, actor: Actor) -> tuple[str, ...]:
    """Its weapons: a thrown one leaves the sheet, one picked up joins it (D16, D22)."""
    return tuple(actor.sheet.weapons)


def carrying(rs, actor: Actor, lacks: Sequence[str], carries: Sequence[str]) -> Actor:
    """Without `lacks` (out of its hands too), with `carries` stowed (D22)."""
    gear.lacking(actor.name, actor.sheet.weapons, lacks)
    weapons = list(dict.fromkeys((*gear.without(actor.sheet.weapons, lacks),
                                  *known(carries, rs.library.weapons, "weapon", "D22"))))
    holding = tuple(w for w in data_of(actor).holding if w in weapons)
    return with_data(actor.with_(sheet=actor.sheet.with_(weapons=tuple(weapons))),
                     holding=holding)
