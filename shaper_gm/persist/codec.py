"""Encounter state to plain data and back, for save files (format version 1).

Writing puts every field of the state in the file, so loading restores it exactly
without re-running the log. Reading checks the type of every key and says which key
of which actor is wrong; it never guesses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from shaper_gm.commands.args import MAX_SEED
from shaper_gm.content.models import ActionPool
from shaper_gm.encounter.state import ActiveEffect, ActorState, EncounterState
from shaper_gm.errors import GmError
from shaper_gm.rules.shaper.creation import ActorStats

VERSION = 1


class SaveFormatError(GmError):
    """A save that cannot be read as written; the file is left as it is."""


# --- writing ---------------------------------------------------------------------------

def state_to_data(state: EncounterState) -> dict:
    return {
        "version": VERSION,
        "ruleset": state.ruleset,
        "seed": state.seed,
        "dice_position": state.dice_position,
        "grid": {"cols": state.cols, "rows": state.rows},
        "round": state.round,
        "turn": state.turn,
        "order": list(state.order),
        "actors": {a.id: _actor_to_data(state, a) for a in state.actors.values()},
    }


def _actor_to_data(state: EncounterState, actor: ActorState) -> dict:
    return {
        "name": actor.name,
        "side": actor.side,
        "hp": actor.hp,
        "max_hp": actor.max_hp,
        "sp": actor.sp,
        "max_sp": actor.max_sp,
        "zone": actor.zone,
        "engaged_with": state.engaged_with(actor.id),
        "down": actor.down,
        "template": actor.template,
        "summoner": actor.summoner,
        "initiative": actor.initiative,
        "pool": dict(actor.pool),
        "holding": list(actor.holding),
        "unloaded": list(actor.unloaded),
        "skill_uses": dict(actor.skill_uses),
        "effects": [{f.name: getattr(e, f.name) for f in fields(ActiveEffect)}
                    for e in actor.effects],
        "stats": _stats_to_data(actor.stats),
    }


def _stats_to_data(stats: ActorStats) -> dict:
    out: dict[str, Any] = {}
    for f in fields(ActorStats):
        value = getattr(stats, f.name)
        if f.name in ("attack_bonus", "damage_bonus", "skills"):
            value = dict(value)
        elif f.name == "pool":
            value = value.as_dict() if value is not None else None
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


# --- reading ---------------------------------------------------------------------------

class _Reader:
    """Typed access to one mapping of the file, naming the key path in every error."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise SaveFormatError(f"{where}: expected a mapping, got {_kind(data)}",
                                  "the save is damaged; open a good copy")
        self.data = data
        self.where = where

    def get(self, key: str, kind: type | tuple, *, optional: bool = False,
            default: Any = None) -> Any:
        if key not in self.data:
            if optional:
                return default
            raise SaveFormatError(f"{self.where}: key '{key}' is missing",
                                  "the save is damaged; open a good copy")
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if value is None and type(None) in kinds:
            return None
        if isinstance(value, bool) and bool not in kinds:
            ok = False
        else:
            ok = isinstance(value, tuple(k for k in kinds if k is not type(None)))
        if not ok:
            want = " or ".join(_name(k) for k in kinds)
            raise SaveFormatError(f"{self.where}: key '{key}' should be {want}, "
                                  f"got {_kind(value)}", "the save is damaged; open a good copy")
        return value

    def child(self, key: str, *, optional: bool = False) -> _Reader | None:
        value = self.get(key, dict, optional=optional)
        return None if value is None else _Reader(value, f"{self.where}.{key}")

    def items(self, key: str, kind: type | tuple, *, optional: bool = False) -> list:
        values = self.get(key, list, optional=optional, default=[])
        kinds = kind if isinstance(kind, tuple) else (kind,)
        for i, v in enumerate(values):
            if isinstance(v, bool) and bool not in kinds or not isinstance(v, kinds):
                raise SaveFormatError(f"{self.where}.{key}[{i}]: expected "
                                      f"{' or '.join(_name(k) for k in kinds)}, got {_kind(v)}",
                                      "the save is damaged; open a good copy")
        return values

    def counts(self, key: str) -> dict[str, int]:
        raw = self.get(key, dict)
        sub = _Reader(raw, f"{self.where}.{key}")
        return {str(k): sub.get(k, int) for k in raw}


def _name(kind: type) -> str:
    return {int: "a whole number", str: "text", bool: "true or false", list: "a list",
            dict: "a mapping", type(None): "null"}.get(kind, kind.__name__)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "true/false", int: "a number", float: "a decimal number", str: "text",
            list: "a list", dict: "a mapping"}.get(type(value), type(value).__name__)


def check_version(data: Any, where: str) -> None:
    top = _Reader(data, where)
    version = top.get("version", int)
    if version != VERSION:
        newer = version > VERSION
        raise SaveFormatError(
            f"{where}: save format version {version}; this shaper-gm reads version {VERSION}",
            "upgrade shaper-gm to open it" if newer else "this version is too old to read")


def state_from_data(data: Any, where: str) -> EncounterState:
    check_version(data, where)
    top = _Reader(data, where)
    grid = top.child("grid")
    cols, rows = grid.get("cols", int), grid.get("rows", int)
    if not (1 <= cols <= 26 and 1 <= rows <= 99):
        raise SaveFormatError(f"{where}.grid: {cols}x{rows} is out of range",
                              "the save is damaged; open a good copy")
    actors_data = top.get("actors", dict)
    actors = {}
    for actor_id, raw in actors_data.items():
        if not isinstance(actor_id, str):
            raise SaveFormatError(f"{where}.actors: an actor id is {_kind(actor_id)}",
                                  "ids are text")
        actors[actor_id] = _actor_from_data(actor_id, _Reader(raw, f"{where}.actors.{actor_id}"))
    order = tuple(top.items("order", str))
    turn = top.get("turn", (str, type(None)))
    for ref, label in [*((a, "order") for a in order), *(((turn, "turn"),) if turn else ())]:
        if ref not in actors:
            raise SaveFormatError(f"{where}.{label}: unknown actor {ref!r}",
                                  "the save is damaged; open a good copy")
    if len(set(order)) != len(order):
        _impossible(where, "order", "names an actor twice")
    if turn is not None and turn not in order:
        _impossible(where, "turn", f"{turn!r} is not in the order")
    for actor in actors.values():
        if actor.zone is not None and not _in_grid(actor.zone, cols, rows):
            _impossible(f"{where}.actors.{actor.id}", "zone",
                        f"{actor.zone!r} is not a zone of the {cols}x{rows} grid")
    round_ = top.get("round", int)
    if round_ < 0:
        _impossible(where, "round", f"{round_} is negative")
    seed = top.get("seed", int)
    if not 0 <= seed <= MAX_SEED:
        _impossible(where, "seed", f"{seed} is outside 0 to {MAX_SEED}")
    position = top.get("dice_position", int, optional=True, default=0)
    if not 0 <= position <= MAX_DICE_POSITION:
        _impossible(where, "dice_position", f"{position} is outside 0 to {MAX_DICE_POSITION}")
    groups = _engagements(actors_data, actors, where)
    return EncounterState(
        ruleset=top.get("ruleset", str), seed=seed, dice_position=position,
        cols=cols, rows=rows, actors=actors, order=order, round=round_,
        turn=turn, engagements=groups)


_ZONE = re.compile(r"([A-Z])([1-9][0-9]?)")
MAX_DICE_POSITION = 10**12


def _in_grid(zone: str, cols: int, rows: int) -> bool:
    m = _ZONE.fullmatch(zone)
    return m is not None and ord(m.group(1)) - ord("A") < cols and int(m.group(2)) <= rows


def _impossible(where: str, key: str, why: str) -> None:
    """A value of the right type that no play could have produced."""
    raise SaveFormatError(f"{where}.{key}: {why}", "the save is damaged; open a good copy")


def _engagements(actors_data: dict, actors: dict, where: str) -> frozenset:
    groups: list[set[str]] = []
    for actor_id, raw in actors_data.items():
        others = _Reader(raw, f"{where}.actors.{actor_id}").items("engaged_with", str)
        if not others:
            continue
        members = {actor_id, *others}
        unknown = members - set(actors)
        if unknown:
            raise SaveFormatError(f"{where}.actors.{actor_id}.engaged_with: unknown actor "
                                  f"{sorted(unknown)[0]!r}", "the save is damaged")
        groups.append(members)
    merged: list[set[str]] = []
    for group in groups:
        for existing in merged:
            if existing & group:
                existing |= group
                break
        else:
            merged.append(set(group))
    for group in merged:
        for member in group:
            listed = set(_Reader(actors_data[member], "").items("engaged_with", str))
            if listed != group - {member}:
                raise SaveFormatError(f"{where}.actors.{member}.engaged_with does not match "
                                      f"its engagement {sorted(group)}",
                                      "the save is damaged; open a good copy")
    return frozenset(frozenset(g) for g in merged)


def _actor_from_data(actor_id: str, r: _Reader) -> ActorState:
    stats = _stats_from_data(actor_id, r.child("stats"))
    effects = tuple(_effect(_Reader(e, f"{r.where}.effects[{i}]"))
                    for i, e in enumerate(r.get("effects", list)))
    hp, max_hp = r.get("hp", int), r.get("max_hp", int)
    sp, max_sp = r.get("sp", int), r.get("max_sp", int)
    if max_hp != stats.max_hp or max_sp != stats.max_sp:
        raise SaveFormatError(f"{r.where}: max_hp/max_sp disagree with its stats",
                              "the save is damaged; open a good copy")
    if not (0 <= hp <= max_hp and 0 <= sp <= max_sp):
        raise SaveFormatError(f"{r.where}: hp {hp}/{max_hp} or sp {sp}/{max_sp} is out of range",
                              "the save is damaged; open a good copy")
    pool = r.counts("pool")
    if any(v < 0 for v in pool.values()):
        raise SaveFormatError(f"{r.where}.pool: a negative action count",
                              "the save is damaged; open a good copy")
    return ActorState(
        id=actor_id, name=r.get("name", str), side=r.get("side", str), stats=stats, hp=hp,
        sp=sp, zone=r.get("zone", (str, type(None))), down=r.get("down", bool),
        pool=tuple(pool.items()), holding=tuple(r.items("holding", str)),
        unloaded=tuple(r.items("unloaded", str)),
        skill_uses=tuple(r.counts("skill_uses").items()), effects=effects,
        summoner=r.get("summoner", (str, type(None))),
        template=r.get("template", (str, type(None))),
        initiative=r.get("initiative", (int, type(None))))


def _effect(r: _Reader) -> ActiveEffect:
    return ActiveEffect(name=r.get("name", str), source=r.get("source", str),
                        caster=r.get("caster", (str, type(None))), attack=r.get("attack", int),
                        damage=r.get("damage", int), evasion=r.get("evasion", int),
                        absorb=r.get("absorb", int), until=r.get("until", str))


_STATS_FIELDS: dict[str, Callable[[_Reader, str], Any]] = {
    "attack_bonus": lambda r, k: tuple(r.counts(k).items()),
    "damage_bonus": lambda r, k: tuple(r.counts(k).items()),
    "skills": lambda r, k: tuple(r.counts(k).items()),
    "weapons": lambda r, k: tuple(r.items(k, str)),
    "holding": lambda r, k: tuple(r.items(k, str)),
    "pool": lambda r, k: (None if r.get(k, (dict, type(None))) is None
                          else ActionPool(tuple(r.counts(k).items()))),
    "shield": lambda r, k: r.get(k, (str, type(None))),
    "armor": lambda r, k: r.get(k, (str, type(None))),
    "defense": lambda r, k: r.get(k, (str, type(None))),
    "summoned": lambda r, k: r.get(k, bool),
    "id": lambda r, k: r.get(k, str),
    "name": lambda r, k: r.get(k, str),
}


def _stats_from_data(actor_id: str, r: _Reader) -> ActorStats:
    values = {f.name: _STATS_FIELDS.get(f.name, lambda rr, k: rr.get(k, int))(r, f.name)
              for f in fields(ActorStats)}
    return ActorStats(**values)
