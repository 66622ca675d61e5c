"""The party file: read checked, written whole and atomically, one writer at a time.

`saves/NAME.party.yaml` (the saves folder, as saves are): its version, name, ruleset,
members (each its `add` line and what lasts of it, `lasting`) and history. A file of
format 1 (each member's HP, resources and effects beside its add line, no items) opens
as it was written. A file that cannot be read, or that a newer shaper-gm wrote, is
refused in one line and never written over; every change re-reads the file under the
same kind of lock a save has, so two shells never write it at once and neither loses
the other's change.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import field
from pathlib import Path
from typing import Any

from shaper_gm.content.yamlio import YamlError, dump_yaml, load_yaml_file
from shaper_gm.errors import GmError
from shaper_gm.files import FileRefused, write_text_atomic
from shaper_gm.party.member import Member
from shaper_gm.persist.lock import SaveLock
from shaper_gm.persist.saves import saves_dir
from shaper_gm.records import record

VERSION = 2
NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
SUFFIX = ".party.yaml"


@record(frozen=False)
class Party:
    name: str
    ruleset: str
    members: dict[str, Member] = field(default_factory=dict)
    history: list[dict] = field(default_factory=list)


def party_path(name: str) -> Path:
    if not NAME.fullmatch(name):
        raise GmError(f"{name!r} is not a party name",
                      "use lowercase letters, digits and -, e.g. party new heroes")
    return saves_dir() / f"{name}{SUFFIX}"


def read_party(name: str) -> Party:
    path = party_path(name)
    if not path.exists():
        raise GmError(f"there is no party {name!r} ({path})",
                      f"party new {name} makes one")
    try:
        data = load_yaml_file(path)
    except (YamlError, FileRefused, OSError, UnicodeDecodeError) as exc:
        raise _unreadable(path, str(exc).splitlines()[0]) from None
    return _party(data, path)


def create_party(name: str, ruleset: str) -> Party:
    path = party_path(name)
    lock = SaveLock.acquire(path)
    try:
        if path.exists():
            raise GmError(f"a party {name!r} exists already ({path})",
                          f"party join {name} brings it in, or pick another name")
        party = Party(name, ruleset)
        write_text_atomic(path, dump_yaml(_data(party)))
        return party
    finally:
        lock.release()


def update_party(name: str, change: Callable[[Party], Any]) -> Party:
    """Read the party afresh under its lock, apply `change`, write it back; a change
    that raises writes nothing."""
    path = party_path(name)
    lock = SaveLock.acquire(path)
    try:
        party = read_party(name)
        change(party)
        write_text_atomic(path, dump_yaml(_data(party)))
        return party
    finally:
        lock.release()


def _unreadable(path: Path, why: str) -> GmError:
    return GmError(f"{path} cannot be read as a party ({why}); it is left as it is",
                   "restore it from a copy, or make a new party")


def _party(data: Any, path: Path) -> Party:
    if not isinstance(data, dict) or "shaper_gm_party" not in data:
        raise _unreadable(path, "it is not a party file")
    version = data.get("shaper_gm_party")
    if not isinstance(version, int) or version < 1:
        raise _unreadable(path, f"its version {version!r} is not a number")
    if version > VERSION:
        raise GmError(f"{path} was written by a newer shaper-gm (party format {version}; "
                      f"this one reads up to {VERSION}); it is left as it is",
                      "open it with that version")
    try:
        members = {mid: _member(mid, m, version)
                   for mid, m in (data.get("members") or {}).items()}
        history = [dict(h) for h in data.get("history") or []]
        return Party(str(data["name"]), str(data["ruleset"]), members, history)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _unreadable(path, f"a field is missing or of the wrong kind: {exc}") from None


def _member(member_id: str, data: dict, version: int) -> Member:
    kept = data if version == 1 else data.get("lasting") or {}
    return Member(member_id, str(data["name"]), str(data["add"]), _count(kept.get("hp")),
                  {str(k): int(v) for k, v in (kept.get("resources") or {}).items()},
                  [dict(e) for e in kept.get("effects") or []],
                  [str(i) for i in kept.get("lacks") or []],
                  [str(i) for i in kept.get("carries") or []])


def _count(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"hp {value!r}")
    return value


def _data(party: Party) -> dict:
    return {"shaper_gm_party": VERSION, "name": party.name, "ruleset": party.ruleset,
            "members": {m.id: {"name": m.name, "add": m.add, "lasting": _lasting(m)}
                        for m in party.members.values()},
            "history": list(party.history)}


def _lasting(member: Member) -> dict:
    return {**({"hp": member.hp} if member.hp is not None else {}),
            "resources": dict(member.resources), "effects": list(member.effects),
            "lacks": list(member.lacks), "carries": list(member.carries)}
