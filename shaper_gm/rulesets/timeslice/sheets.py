"""Combatants joining a fight: a sheet from a template (or the default sheet), the GM's
numbers and choices over it, and the actor with full HP and TS (T3, T12, T13).

`add` hands the ruleset a `NewActor`: `template` is a content `Template` (or its id),
`numbers` the `--stat NAME=N` and `--hp N` values, `extra` the ruleset's own `add`
flags by name, resolved (`weapon`, `armor`, `gear`, `player`, `npc`, `holding`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

from shaper_gm.engine import gear, resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor
from shaper_gm.rulesets.timeslice.models import ActorData

EXTRA_KEYS = ("weapon", "armor", "gear", "player", "npc", "holding")
NOTHING = "none"                     # `--holding none`: empty hands at the start


def template_of(library, template: Any) -> Any:
    """The template itself, or the one an id names (refused when unknown)."""
    if template is None or isinstance(template, library.kinds.record("Template")):
        return template
    found = library.templates.get(template)
    if found is None:
        raise RuleViolation(f"no time-slice template {template!r}",
                            f"known: {', '.join(sorted(library.templates))}")
    return found


def new_actor(rs, spec, zone: str | None) -> Actor:
    """The actor `add` asked for: named, sided, with full HP and its TS maximum (T3)."""
    template = template_of(rs.library, spec.template)
    numbers, extra = dict(spec.numbers), dict(spec.extra)
    sheet = build_sheet(rs, template, numbers, extra)
    name = spec.name or (template.name if template else spec.id.replace("-", " ").title())
    side = spec.side or ("party" if sheet.player else "enemies")
    held = _held(sheet, extra.get("holding"))
    return Actor(id=spec.id, name=name, side=side, sheet=sheet, hp=sheet.hp, max_hp=sheet.hp,
                 zone=zone, system=ActorData(held=held),
                 template=template.id if template else None,
                 resources=resources.starting(rs.resources, sheet, rs.stat))


def _held(sheet: Any, wanted: str | None) -> str | None:
    """What is in hand when the fight starts: the first weapon, unless `--holding` says."""
    if wanted is None:
        return sheet.weapons[0] if sheet.weapons else None
    if wanted == NOTHING:
        return None
    if wanted not in sheet.weapons:
        raise RuleViolation(f"--holding {wanted}: the sheet carries no such weapon",
                            f"it carries: {', '.join(sheet.weapons) or 'nothing'} "
                            f"(or --holding {NOTHING})")
    return wanted


def build_sheet(rs, template: Any, numbers: Mapping[str, int],
                extra: Mapping[str, Any]) -> Any:
    """The sheet of a template or the default sheet, with the `add` flags and then the
    `--stat` numbers (and `hp`) over it; every name checked against the content."""
    unknown = sorted(set(extra) - set(EXTRA_KEYS))
    if unknown:
        raise RuleViolation(f"time-slice actors have no {', '.join(unknown)}",
                            f"flags: {', '.join(EXTRA_KEYS)}")
    if extra.get("player") and extra.get("npc"):
        raise RuleViolation("--player and --npc contradict each other (T13)", "give one of them")
    lib = rs.library
    values = dict(rs.numbers.default_sheet) if template is None else \
        {f.name: getattr(template, f.name) for f in fields(rs.sheet_type)}
    if values.get("ts_max") is None:
        values["ts_max"] = rs.numbers.ts_default
    values.update({key: extra[flag] for flag, key in (("weapon", "weapons"), ("armor", "armor"),
                                                      ("gear", "gear")) if flag in extra})
    if extra.get("player") or extra.get("npc"):
        values["player"] = bool(extra.get("player"))
    for weapon in values.get("weapons", ()):
        rs.weapon(weapon)
    armor = values.get("armor")
    if armor is not None and armor not in lib.armor:
        raise RuleViolation(f"no armor {armor!r} (T12)", f"known: {', '.join(sorted(lib.armor))}")
    for item in values.get("gear", ()):
        if item not in lib.gear:
            raise RuleViolation(f"no gear {item!r}", f"known: {', '.join(sorted(lib.gear))}")
    numbers = rs.sheet_ranges.typed(numbers, what="time-slice")
    values["dr"] = values.get("dr", 0) + (lib.armor[armor].dr if armor else 0)   # T12
    return rs.sheet_type(**{**values, "weapons": tuple(values.get("weapons", ())),
                    "gear": tuple(values.get("gear", ())), **numbers})


def carried(rs, actor: Actor) -> tuple[str, ...]:
    """Its weapons and gear, less the weapons knocked out of its hands (T11)."""
    sheet = actor.sheet
    return gear.without((*sheet.weapons, *sheet.gear), _own(actor).dropped)


def carrying(rs, actor: Actor, lacks: Sequence[str], carries: Sequence[str]) -> Actor:
    """Without `lacks` (out of its hands too), with `carries`: weapons and gear (T7)."""
    sheet = actor.sheet
    gear.lacking(actor.name, (*sheet.weapons, *sheet.gear), lacks)
    for item in carries:
        if item not in rs.library.gear:
            rs.weapon(item)
    weapons = (*gear.without(sheet.weapons, lacks),
               *(i for i in carries if i not in rs.library.gear))
    kit = (*gear.without(sheet.gear, lacks), *(i for i in carries if i in rs.library.gear))
    own = _own(actor)
    return actor.with_(sheet=replace(sheet, weapons=weapons, gear=kit),
                       system=own.with_(held=own.held if own.held in weapons else None))


def _own(actor: Actor) -> ActorData:
    return actor.system if isinstance(actor.system, ActorData) else ActorData()
