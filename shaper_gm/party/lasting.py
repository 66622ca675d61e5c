"""A member's lasting state read off an encounter, the lines that bring it into another,
and a rest applied to it."""

from __future__ import annotations

from shaper_gm.commands.args import dashed, quote, split_line
from shaper_gm.errors import GmError
from shaper_gm.party.member import Member
from shaper_gm.party.rules import PartyRules, Rest, changed

PLACING = {"--at": 2, "--count": 2, "--spread": 1, "--hidden": 1}   # flags a join sets anew


def member_of(session, actor_id: str, rules: PartyRules) -> Member:
    """The actor as the party keeps it: its `add` line (where it stood left out), HP,
    lasting resources and the effects the GM put on it until removed (a curse; a
    spell's effects end with the fight)."""
    actor = session.state.actors[actor_id]
    return Member(actor_id, actor.name, add_line(session.log, actor_id), actor.hp,
                  {name: actor.resource(name) for name in rules.lasting},
                  [_effect(e) for e in actor.effects
                   if e.until == "never" and e.source == "gm"])


def add_line(log: list[str], actor_id: str) -> str:
    for line in reversed(log):
        words = split_line(line)
        if words[:2] == ["add", actor_id]:
            if "--count" in words:
                break
            return " ".join(quote(w) for w in _unplaced(words))
    raise GmError(f"{actor_id} did not join this fight by its own `add` line, so the party "
                  "cannot bring it into another", f"add {actor_id} by itself first")


def _unplaced(words: list[str]) -> list[str]:
    out, i = [], 0
    while i < len(words):
        skip = PLACING.get(words[i].split("=", 1)[0])
        if skip is None:
            out.append(words[i])
            i += 1
        else:
            i += skip if "=" not in words[i] else 1
    return out


def join_lines(member: Member, zone: str | None) -> list[str]:
    """Its `add` line placed at `zone`; `set` and `effect` lines follow once it is in
    (`settings`), as the log then holds them."""
    return [member.add + (f" --at {zone}" if zone else "")]


def settings(member: Member, actor) -> list[str]:
    """The `set` and `effect` lines that give a just-added actor its lasting state."""
    values = []
    if member.hp is not None and actor.hp is not None and member.hp != actor.hp:
        values.append(f"hp={member.hp}")
    values += [f"{name}={value}" for name, value in member.resources.items()
               if actor.resource(name) != value]
    lines = [f"set {member.id} {' '.join(values)}"] if values else []
    for effect in member.effects:
        mods = "".join(f" --{dashed(k)} {v}" for k, v in effect.get("mods", {}).items())
        lines.append(f"effect {member.id} {quote(effect['name'])}{mods}")
    return lines


def rested(member: Member, rest: Rest, max_hp: int | None,
           maxima: dict[str, int | None]) -> Member:
    hp = member.hp
    resources = dict(member.resources)
    for key, change in rest.changes:
        if key == "hp":
            hp = changed(hp if hp is not None else max_hp or 0, change, max_hp)
        else:
            resources[key] = changed(resources.get(key, 0), change, maxima.get(key))
    return Member(member.id, member.name, member.add, hp, resources, list(member.effects))


def _effect(effect) -> dict:
    return {"name": effect.name, "mods": dict(effect.mods)}
