"""Actors of a dice-pool fight: sheets with the GM's overrides and `add` flags, the pool
they start with (P2), and the GM's damage tool (P8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine import harm, limits, resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.dicepool.models import ActorState

# `add`'s own flags (`--prof W=N`, `--weapon W`, `--holding W`, `--ability A`), by the
# names a flag or a caller gives them.
EXTRA_KEYS = {"prof": "prof", "weapon": "weapons", "weapons": "weapons", "holding": "holding",
              "ability": "abilities", "abilities": "abilities"}


def actor_named(state: Encounter, actor_id: str | None, role: str) -> Actor:
    actor = state.actors.get(actor_id)
    if actor is None:
        raise RuleViolation(f"no {role} {actor_id!r}",
                            f"actors: {', '.join(state.actors) or 'none yet'}")
    return actor


def default_sheet(rs) -> Any:
    return rs.numbers.default_sheet or rs.sheet_type(
        id="default", name="Default", kind="default",
        stats=tuple((s, 1) for s in rs.numbers.stats), ac=0, hp=10)


def template_sheet(rs, template: str) -> Any:
    found = rs.library.templates.get(template)
    if found is None:
        known = ", ".join(sorted(rs.library.templates)) or "none"
        raise RuleViolation(f"no dice-pool character or creature {template!r}",
                            f"known templates: {known}; or leave out --as for the default sheet")
    return found


def whole(name: str, value: Any, low: int) -> int:
    """A whole number from `low` to MAX_NUMBER, given as a number or as typed."""
    text = value.strip() if isinstance(value, str) else None
    if text is not None and text.lstrip("+-").isascii() and text.lstrip("+-").isdigit():
        value = int(text)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RuleViolation(f"{name} must be a whole number of at least {low}, got {value!r}",
                            f"e.g. {name}={max(low, 2)}")
    if not limits.within(value, low):
        raise RuleViolation(f"{name}={value} is out of range: a sheet number is "
                            f"{limits.span(low, None)}", f"e.g. {name}={max(low, 2)}")
    return value


def _weapon(rs, weapon_id: str) -> str:
    if weapon_id not in rs.library.weapons:
        raise RuleViolation(f"no dice-pool weapon {weapon_id!r}",
                            f"known weapons: {', '.join(sorted(rs.library.weapons))}")
    return weapon_id


def _extras(extra: Mapping[str, Any]) -> dict[str, Any]:
    """The add flags by one name each, ids in lowercase: `--prof W=N` entries become
    a mapping, `--holding` one weapon (P7: the basic attack uses the weapon in hand)."""
    unknown = [k for k in extra if k not in EXTRA_KEYS]
    if unknown:
        raise RuleViolation(f"dice-pool actors take no {', '.join(map(repr, unknown))}",
                            f"their own flags: {', '.join(dict.fromkeys(EXTRA_KEYS.values()))}")
    out = {EXTRA_KEYS[k]: v for k, v in extra.items()}
    profs = out.get("prof", {})
    if not isinstance(profs, Mapping):
        entries = [entry.partition("=") for entry in profs]
        for (weapon, sep, _), entry in zip(entries, profs, strict=True):
            if not sep or not weapon.strip():
                raise RuleViolation(f"--prof {entry!r} is not WEAPON=N", "e.g. --prof halberd=1")
        profs = {weapon.strip(): rank for weapon, _, rank in entries}
    out["prof"] = {k.lower(): v for k, v in profs.items()}
    held = out.get("holding")
    if isinstance(held, list | tuple):
        if len(held) > 1:
            raise RuleViolation(f"a dice-pool character holds one weapon, not {len(held)} (P7)",
                                "name the one it attacks with; the others it carries")
        out["holding"] = held[0] if held else None
    for key in ("weapons", "abilities"):
        out[key] = [v.lower() for v in out.get(key, ())]
    return out


def build_sheet(rs, sheet: Any, numbers: Mapping[str, int], extra: Mapping[str, Any]) -> Any:
    """A template with `--stat NAME=N` numbers and the add flags in `extra` applied."""
    sheet = sheet.with_numbers(rs.sheet_ranges.typed(numbers, what="dice-pool"))
    extra = _extras(extra)
    weapons = list(dict.fromkeys((*sheet.weapons, *(_weapon(rs, w) for w in extra["weapons"]))))
    profs = dict(sheet.proficiencies)
    for weapon_id, rank in extra["prof"].items():
        profs[_weapon(rs, weapon_id)] = whole(f"--prof {weapon_id}", rank, 0)
    for ability_id in extra["abilities"]:
        if ability_id not in rs.library.abilities:
            raise RuleViolation(f"no dice-pool ability {ability_id!r} (P12)",
                                f"known: {', '.join(sorted(rs.library.abilities))}")
    abilities = tuple(dict.fromkeys((*sheet.abilities, *extra["abilities"])))
    holding = sheet.holding
    if "holding" in extra:
        holding = extra["holding"] and _weapon(rs, extra["holding"].lower())
        if holding and holding not in weapons:
            weapons.append(holding)
    return replace(sheet, weapons=tuple(weapons), proficiencies=tuple(profs.items()),
                   abilities=abilities, holding=holding)


def held_weapon(rs, holding: str | None) -> Any | None:
    """The weapon in hand, or the unarmed one when the hand is empty."""
    weapon_id = holding or rs.numbers.unarmed
    return rs.library.weapons.get(weapon_id) if weapon_id else None


def pool_build(rs, sheet: Any, holding: str | None) -> int:
    """P2: the held weapon's stat plus the proficiency with it (0 if not proficient),
    within the content's cap when it sets one (P4)."""
    weapon = held_weapon(rs, holding)
    if weapon is None:
        return 0
    built = rs.stat(sheet, weapon.stat) + sheet.proficiency(weapon.id)
    cap = rs.numbers.pool_max
    return built if cap is None else min(built, cap)


def make_actor(rs, spec, zone: str | None) -> Actor:
    """`spec.template` is a content sheet (`rs.templates()`), or None for the default."""
    template = spec.template
    sheet = build_sheet(rs, template or default_sheet(rs), dict(spec.numbers),
                        dict(spec.extra))
    values = resources.starting(rs.resources, sheet, rs.stat)
    return Actor(id=spec.id, name=spec.name or (sheet.name if template else spec.id.title()),
                 side=spec.side or sheet.side or "party", sheet=sheet, hp=sheet.hp,
                 max_hp=sheet.hp, zone=zone, resources=values,
                 system=ActorState(holding=sheet.holding),
                 template=template.id if template else None)


def set_number(rs, state: Encounter, actor_id: str, key: str, value: int):
    """`set ACTOR KEY=N` for a sheet number (a stat, AC or speed)."""
    actor = state.actors[actor_id]
    if key not in rs.sheet_numbers:     # hit points are set as every ruleset sets them
        raise RuleViolation(f"{key!r} is not a dice-pool sheet number",
                            f"sheet numbers: {', '.join(rs.sheet_numbers)}")
    before = rs.stat(actor.sheet, key)
    sheet = actor.sheet.with_numbers(rs.sheet_ranges.typed({key: value}, "", "dice-pool"))
    state = state.with_actor(actor.with_(sheet=sheet))
    return state, [ev.FieldSet(actor_id, key, before, rs.stat(sheet, key))]


def damage(rs, state: Encounter, target_id: str, amount: int, options: Mapping[str, Any]):
    """The GM's damage tool: dice-pool has no armor roll, so all damage is direct, off HP
    (P8); at 0 HP the target is down."""
    target = actor_named(state, target_id, "actor")
    amount = whole("damage", amount, 0)
    used = [k for k, v in options.items() if v and k != "direct"]
    if used:
        raise RuleViolation(f"dice-pool damage has no {', '.join(used)}: AC only sets the "
                            "attack's DT (P7) and damage comes straight off HP (P8)",
                            f"damage {target_id} N")
    after = max(0, target.hp - amount)
    why = harm.damage_note(amount, target.hp, after, "GM damage") + " (P8)"
    return harm.set_hp(state, rs, target_id, after, why)
