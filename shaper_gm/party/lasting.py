"""A member's lasting state read off an encounter, the lines that bring it into another,
and a rest applied to it."""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.commands.args import dashed, quote, split_line
from shaper_gm.engine import gear
from shaper_gm.errors import GmError
from shaper_gm.party.member import Member
from shaper_gm.party.rules import PartyRules, Rest, changed

# Flags a join sets anew: where it stands, and what it carries beyond or short of its sheet.
PLACING = {"--at": 2, "--count": 2, "--spread": 1, "--hidden": 1, "--lacks": 2,
           "--carries": 2}


def member_of(session, actor_id: str, rules: PartyRules) -> Member:
    """The actor as the party keeps it: its `add` line (where it stood and what it
    carried left out), HP, lasting resources, the effects the GM put on it until
    removed (a curse; a spell's effects end with the fight) and, where its ruleset's
    items last, what it carries compared with the sheet its add line gives it."""
    actor = session.state.actors[actor_id]
    line = add_line(session.log, actor_id)
    lacks: tuple[str, ...] = ()
    carries: tuple[str, ...] = ()
    if rules.items:
        rs, fresh = as_added(session, line)
        lacks, carries = gear.compared(rs.carried(fresh), rs.carried(actor))
    return Member(actor_id, actor.name, line, actor.hp,
                  {name: actor.resource(name) for name in rules.lasting},
                  [_effect(e) for e in actor.effects
                   if e.until == "never" and e.source == "gm"], list(lacks), list(carries))


def as_added(session, line: str):
    """(its ruleset, the actor) that an `add` line makes in a fight of its own."""
    from shaper_gm.commands import new_session
    scratch = new_session(library=session.content, ruleset=session.state.ruleset)
    scratch.execute(line)
    return scratch.ruleset_for(scratch.state), scratch.state.actors[split_line(line)[1]]


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
    """Its `add` line placed at `zone`, without the items it lost and with those it
    picked up; `set` and `effect` lines follow once it is in (`settings`), as the log
    then holds them."""
    items = [f" --lacks {quote(i)}" for i in member.lacks] + \
        [f" --carries {quote(i)}" for i in member.carries]
    return [member.add + (f" --at {zone}" if zone else "") + "".join(items)]


def settings(member: Member, actor, settable: tuple[str, ...] = ("hp",)) -> list[str]:
    """The `set` and `effect` lines that give a just-added actor its lasting state; its
    hit points only where `set` takes them (a ruleset whose kept harm tally is set in
    their place sets them with it)."""
    values = []
    if member.hp is not None and actor.hp is not None and member.hp != actor.hp and \
            "hp" in settable:
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
    return replace(member, hp=hp, resources=resources, effects=list(member.effects))


def _effect(effect) -> dict:
    return {"name": effect.name, "mods": dict(effect.mods)}
