"""Actors of a dice-pool fight: sheets with the GM's overrides, the pool they start with
(P2), and the GM's damage and heal tools (P8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine import limits, resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.harm import damage_note, healed_note
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.dicepool.models import ActorState, Sheet, Weapon

EXTRA_KEYS = ("prof", "weapons", "holding", "abilities")


def default_sheet(rs) -> Sheet:
    return rs.numbers.default_sheet or Sheet(id="default", name="Default", kind="default",
                                             stats=tuple((s, 1) for s in rs.numbers.stats),
                                             ac=0, hp=10)


def template_sheet(rs, template: str | None) -> Sheet:
    if template is None:
        return default_sheet(rs)
    found = rs.library.templates.get(template)
    if found is None:
        known = ", ".join(sorted(rs.library.templates)) or "none"
        raise RuleViolation(f"no dice-pool character or creature {template!r}",
                            f"known templates: {known}; or leave out --as for the default sheet")
    return found


def number_low(key: str) -> int:
    """The least a sheet number may be (hit points start at 1); the most is
    engine.limits.MAX_NUMBER (the range `add --stat`, `set` and a save share)."""
    return 1 if key == "hp" else 0


def _whole(name: str, value: Any, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not limits.within(value, low):
        raise RuleViolation(f"{name} must be a whole number of at least {low} and at most "
                            f"{limits.MAX_NUMBER:,}, got {value!r}", f"e.g. {name}={max(low, 2)}")
    return value


def _weapon(rs, weapon_id: str) -> Weapon:
    found = rs.library.weapons.get(weapon_id)
    if found is None:
        raise RuleViolation(f"no dice-pool weapon {weapon_id!r}",
                            f"known weapons: {', '.join(sorted(rs.library.weapons))}")
    return found


def build_sheet(rs, sheet: Sheet, numbers: Mapping[str, int], extra: Mapping[str, Any]) -> Sheet:
    """A template with `--stat NAME=N` numbers and the add flags in `extra` applied."""
    allowed = (*rs.sheet_numbers, "hp")
    checked = {}
    for key, value in numbers.items():
        if key not in allowed:
            raise RuleViolation(f"{key!r} is not a dice-pool sheet number",
                                f"--stat takes {', '.join(rs.sheet_numbers)}; --hp N for HP")
        checked[key] = _whole(key, value, number_low(key))
    sheet = sheet.with_numbers(checked)
    unknown = [k for k in extra if k not in EXTRA_KEYS]
    if unknown:
        raise RuleViolation(f"dice-pool actors take no {', '.join(map(repr, unknown))}",
                            f"their own flags: {', '.join(EXTRA_KEYS)}")
    weapons = list(sheet.weapons)
    for weapon_id in extra.get("weapons", ()):
        _weapon(rs, weapon_id)
        if weapon_id not in weapons:
            weapons.append(weapon_id)
    profs = dict(sheet.proficiencies)
    for weapon_id, rank in dict(extra.get("prof", {})).items():
        _weapon(rs, weapon_id)
        profs[weapon_id] = _whole(f"--prof {weapon_id}", rank, 0)
    abilities = list(sheet.abilities)
    for ability_id in extra.get("abilities", ()):
        if ability_id not in rs.library.abilities:
            raise RuleViolation(f"no dice-pool ability {ability_id!r} (P12)",
                                f"known: {', '.join(sorted(rs.library.abilities))}")
        if ability_id not in abilities:
            abilities.append(ability_id)
    holding = sheet.holding
    if "holding" in extra:
        holding = _one_held(extra["holding"])
        if holding is not None:
            _weapon(rs, holding)
            if holding not in weapons:
                weapons.append(holding)
    return replace(sheet, weapons=tuple(weapons), proficiencies=tuple(profs.items()),
                   abilities=tuple(abilities), holding=holding)


def _one_held(value: Any) -> str | None:
    """`--holding` names one weapon (P7: the basic attack uses the weapon in hand)."""
    if isinstance(value, list | tuple):
        if len(value) > 1:
            raise RuleViolation(f"a dice-pool character holds one weapon, not {len(value)} (P7)",
                                "name the one it attacks with; the others it carries")
        return value[0] if value else None
    return value


def held_weapon(rs, holding: str | None) -> Weapon | None:
    """The weapon in hand, or the unarmed one when the hand is empty."""
    weapon_id = holding or rs.numbers.unarmed
    return rs.library.weapons.get(weapon_id) if weapon_id else None


def pool_build(rs, sheet: Sheet, holding: str | None) -> int:
    """P2: the held weapon's stat plus the proficiency with it (0 if not proficient),
    within the content's cap when it sets one (P4)."""
    weapon = held_weapon(rs, holding)
    if weapon is None:
        return 0
    built = rs.stat(sheet, weapon.stat) + sheet.proficiency(weapon.id)
    cap = rs.numbers.pool_max
    return built if cap is None else min(built, cap)


def make_actor(rs, actor_id: str, name: str | None, side: str | None, zone: str | None,
               template: Sheet | None, numbers: Mapping[str, int],
               extra: Mapping[str, Any]) -> Actor:
    """`template` is a content sheet (`rs.templates()`), or None for the default sheet."""
    sheet = build_sheet(rs, template or default_sheet(rs), numbers, extra)
    values = resources.starting(rs.resources, sheet, rs.stat)
    return Actor(id=actor_id, name=name or (sheet.name if template else actor_id.title()),
                 side=side or sheet.side or "party", sheet=sheet, hp=sheet.hp,
                 max_hp=sheet.hp, zone=zone, resources=values,
                 system=ActorState(holding=sheet.holding),
                 template=template.id if template else None)


def set_number(rs, state: Encounter, actor_id: str, key: str, value: int):
    """`set ACTOR KEY=N` for a sheet number (a stat, AC or speed)."""
    actor = _actor(state, actor_id)
    if key not in rs.sheet_numbers:
        raise RuleViolation(f"{key!r} is not a dice-pool sheet number",
                            f"sheet numbers: {', '.join(rs.sheet_numbers)}")
    before = rs.stat(actor.sheet, key)
    sheet = actor.sheet.with_numbers({key: _whole(key, value, number_low(key))})
    state = state.with_actor(actor.with_(sheet=sheet))
    return state, [ev.FieldSet(actor_id, key, before, rs.stat(sheet, key))]


def _actor(state: Encounter, actor_id: str) -> Actor:
    actor = state.actors.get(actor_id)
    if actor is None:
        raise RuleViolation(f"no actor {actor_id!r}",
                            f"actors: {', '.join(state.actors) or 'none yet'}")
    return actor


def damage(rs, state: Encounter, target_id: str, amount: int, options: Mapping[str, Any]):
    """The GM's damage tool: dice-pool has no armor roll, so damage comes straight off HP
    (P8); at 0 HP the target is down."""
    target = _actor(state, target_id)
    amount = _whole("damage", amount, 0)
    used = [k for k, v in options.items() if v]
    if used:
        raise RuleViolation(f"dice-pool damage has no {', '.join(used)}: AC only sets the "
                            "attack's DT (P7) and damage comes straight off HP (P8)",
                            f"damage {target_id} N")
    after = max(0, target.hp - amount)
    events: list = [ev.HpChanged(target_id, target.hp, after,
                                 damage_note(amount, target.hp, after, "GM damage") + " (P8)")]
    target = target.with_(hp=after)
    if after == 0 and not target.down:
        target = target.with_(down=True)
        events.append(ev.WentDown(target_id))
    return state.with_actor(target), events


def heal(rs, state: Encounter, target_id: str, amount: int):
    """The GM's heal tool: HP back up to the maximum; a down actor above 0 HP is up again."""
    target = _actor(state, target_id)
    amount = _whole("heal", amount, 0)
    after = min(target.max_hp, target.hp + amount)
    events: list = [ev.HpChanged(target_id, target.hp, after,
                                 healed_note(amount, target.hp, after))]
    target = target.with_(hp=after)
    if target.down and after > 0:
        target = target.with_(down=False)
        events.append(ev.Revived(target_id))
    return state.with_actor(target), events
