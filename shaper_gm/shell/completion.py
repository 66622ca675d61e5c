"""Tab completion as a pure function of the text before the cursor and the session.

The verb's metadata drives it: `Verb.positionals` says what each word is (an optional
leading actor, targets, a zone, an item, ...) and `FlagSpec.completes` what a flag's
value is. Offers come from the live encounter: actor ids, the grid's zones, and the
items and skills of the actor the command is about (the one named, else the acting one).
No prompt_toolkit here; `completer.py` adapts this to it.
"""

from __future__ import annotations

import itertools
import shlex
from dataclasses import dataclass
from typing import Any

from shaper_gm.commands import resolve
from shaper_gm.commands.args import FlagSpec
from shaper_gm.commands.registry import Verb
from shaper_gm.errors import CommandError

ACTOR_SLOTS = {"actor", "target", "targets", "actors"}
LIST_SLOTS = {"targets"}                 # one word holding a comma-separated list
SKILL_SLOTS = {"skill", "spell"}
USUAL_SIDES = ("party", "enemies")


@dataclass(frozen=True)
class Candidate:
    text: str           # what replaces the word being completed
    start: int          # where that word begins, relative to the cursor (0 or negative)
    display: str = ""
    meta: str = ""


@dataclass(frozen=True)
class _Words:
    """A command line read up to the cursor."""

    positional: tuple[str, ...]          # the positional words before the current one
    given: frozenset[str]                # flags already on the line
    pending: FlagSpec | None             # a flag still waiting for its value


def complete(text_before_cursor: str, session: Any) -> list[Candidate]:
    """Everything that may continue the word at the cursor, best first."""
    split = _split(text_before_cursor)
    if split is None:
        return []
    words, current = split
    registry = session.registry
    if not words:
        return _verbs(session, current, aliases=True)
    name = registry.by_alias.get(words[0].lower())
    if name is None:
        return []
    verb = registry.verbs[name]
    line = _read(verb, words[1:])
    if line.pending is not None:
        return _flag_values(session, verb, line, line.pending, current)
    if current.startswith("--") and "=" in current:
        flag_name, _, value = current[2:].partition("=")
        spec = verb.flag(flag_name)
        return _flag_values(session, verb, line, spec, value) if spec else []
    if current.startswith("-"):
        return _flags(verb, line, current)
    return _positional(session, verb, line, current)


# --- reading the line ----------------------------------------------------------------
def _split(text: str) -> tuple[list[str], str] | None:
    """Words before the cursor and the (unquoted) word being typed; None inside a quote."""
    try:
        words = shlex.split(text)
    except ValueError:
        return None
    if not text or text[-1].isspace():
        return words, ""
    raw = text.split()[-1]
    if not words or words[-1] != raw:
        return None                      # a quoted word: nothing sensible to offer
    return words[:-1], raw


def _read(verb: Verb, words: list[str]) -> _Words:
    positional: list[str] = []
    given: set[str] = set()
    pending: FlagSpec | None = None
    for word in words:
        if pending is not None:
            pending = None
            continue
        if word.startswith("--") and len(word) > 2:
            name, eq, _ = word[2:].partition("=")
            given.add(name)
            spec = verb.flag(name)
            if spec is not None and spec.kind != "bool" and not eq:
                pending = spec
            continue
        positional.append(word)
    return _Words(tuple(positional), frozenset(given), pending)


# --- which slot the word fills ---------------------------------------------------------
def _readings(slots: tuple[str, ...]) -> list[list[str]]:
    """Every way the optional slots can be present or absent; absent first, since the
    acting actor is the usual subject (`draw ` offers items before actor ids)."""
    optional = [i for i, s in enumerate(slots) if s.endswith("?")]
    out = []
    for present in itertools.product((False, True), repeat=len(optional)):
        keep = dict(zip(optional, present, strict=True))
        out.append([s.rstrip("?") for i, s in enumerate(slots) if keep.get(i, True)])
    return out


def _slot_at(reading: list[str], index: int) -> str | None:
    for i, slot in enumerate(reading):
        if slot.endswith("*") and index >= i:
            return slot.rstrip("*")
        if i == index:
            return slot
    return None


def _fits(session: Any, slot: str, word: str) -> bool:
    """Could `word` be what `slot` holds? Decides between readings of a line."""
    if slot in ACTOR_SLOTS:
        return all(resolve.is_actor(session.state, w) for w in word.split(",") if w)
    if slot in SKILL_SLOTS:
        lib = session.library
        known = [*lib.skills, *(lib.spells if slot == "spell" else ())]
        return any(k.startswith(word.lower()) for k in known)
    return True


def _subject(session: Any, reading: list[str], words: tuple[str, ...]) -> str | None:
    """The actor the command is about: the one it names first, else the acting one."""
    if reading and reading[0].rstrip("*") == "new-id":
        return None
    if reading and reading[0] == "actor" and words:
        try:
            return resolve.actor(session.state, words[0])
        except CommandError:
            return None
    return session.state.turn


def _fitting(session: Any, verb: Verb, words: tuple[str, ...]) -> list[list[str]]:
    """The readings of the verb's positionals that the words typed so far fit."""
    return [r for r in _readings(verb.positionals)
            if all(_slot_at(r, i) is not None and _fits(session, _slot_at(r, i), w)
                   for i, w in enumerate(words))]


def _whole_reading(session: Any, verb: Verb, words: tuple[str, ...]) -> list[str]:
    """The reading the words make as they stand, for a flag's value: the one they fill
    exactly if any (`attack raider --skill` is the acting actor's attack)."""
    fitting = _fitting(session, verb, words)
    exact = [r for r in fitting if len(r) == len(words)]
    return (exact or fitting or [[]])[0]


def _positional(session: Any, verb: Verb, line: _Words, current: str) -> list[Candidate]:
    words = line.positional
    out: list[Candidate] = []
    for reading in _fitting(session, verb, words):
        slot = _slot_at(reading, len(words))
        if slot is None:
            continue
        subject = _subject(session, reading, words)
        out += _slot_values(session, verb, slot, subject, current, words)
    return _unique(out)


def _slot_values(session: Any, verb: Verb, slot: str, subject: str | None, current: str,
                 words: tuple[str, ...]) -> list[Candidate]:
    if slot in LIST_SLOTS:
        head, _, last = current.rpartition(",")
        named = set(head.split(",")) if head else set()
        return [c for c in _actors(session, last) if c.text not in named]
    if slot in ACTOR_SLOTS:
        return [c for c in _actors(session, current) if c.text not in words]
    if slot == "zone":
        return _zones(session, current)
    if slot in ("item", "held-item"):
        return _items(session, subject, current, "held" if slot == "held-item" else "stowed")
    if slot == "skill":
        return _skills(session, subject, current)
    if slot == "spell":
        return _skills(session, subject, current, spells=True)
    if slot == "cost":
        rs = session.ruleset_for(session.state)
        return _choices(list(rs.cost_words()), current, "cost")
    if slot == "verb":
        return _verbs(session, current, aliases=False)
    if slot == "field=value":
        rs = session.ruleset_for(session.state)
        return _choices([f"{f}=" for f in rs.settable_fields()], current, "field")
    if "|" in slot:
        return _choices(slot.split("|"), current, "")
    return []


# --- flags -----------------------------------------------------------------------------
def _flags(verb: Verb, line: _Words, current: str) -> list[Candidate]:
    out = []
    for spec in verb.flags:
        if spec.name in line.given and not spec.repeat:
            continue
        if _starts(spec.flag, current):
            meta = spec.help or ("" if spec.kind == "bool" else spec.metavar)
            out.append(Candidate(spec.flag, -len(current), spec.flag, meta))
    return out


def _flag_values(session: Any, verb: Verb, line: _Words, spec: FlagSpec,
                 current: str) -> list[Candidate]:
    subject = _subject(session, _whole_reading(session, verb, line.positional),
                       line.positional)
    lib = session.library
    what = spec.completes
    if what == "actor":
        return _actors(session, current)
    if what == "zone":
        return _zones(session, current)
    if what == "weapon":
        if subject is None:
            return _library_items(lib.weapons, current)
        extra = list(lib.spells) if "spell" in spec.metavar else []
        return _items(session, subject, current, "all", extra)
    if what == "skill":
        if subject is None:
            return _library_items(lib.skills, current)
        return _skills(session, subject, current, spells=False,
                       only_spells=verb.name == "cast")
    if what == "template":
        return _library_items({**lib.characters, **lib.creatures}, current)
    if what == "armor":
        return _library_items(lib.armor, current)
    if what == "ruleset":
        return _library_items(lib.rulesets, current)
    if what == "side":
        sides = {a.side for a in session.state.actors.values()} | set(USUAL_SIDES)
        return _choices(sorted(sides), current, "side")
    if spec.choices:
        return _choices(spec.choices, current, "")
    if "|" in spec.metavar:
        return _choices(spec.metavar.split("|"), current, "")
    return []


# --- what there is to offer ------------------------------------------------------------
def _verbs(session: Any, current: str, *, aliases: bool) -> list[Candidate]:
    registry = session.registry
    out = []
    for name in sorted(registry.verbs):
        if _starts(name, current):
            out.append(Candidate(name, -len(current), name, registry.verbs[name].summary))
    if aliases:
        for alias, name in sorted(registry.by_alias.items()):
            if alias != name and _starts(alias, current):
                out.append(Candidate(alias, -len(current), alias, f"= {name}"))
    return out


def _actors(session: Any, current: str) -> list[Candidate]:
    state = session.state
    ids = sorted(state.actors, key=lambda a: (a != state.turn, a))
    out = []
    for actor_id in ids:
        if _starts(actor_id, current):
            a = state.actors[actor_id]
            meta = f"{a.name} · {a.side} · {a.zone or 'unplaced'} · HP {a.hp}/{a.max_hp}"
            out.append(Candidate(actor_id, -len(current), actor_id,
                                 meta + (" · down" if a.down else "")))
    return out


def _zones(session: Any, current: str) -> list[Candidate]:
    state = session.state
    here: dict[str, list[str]] = {}
    for a in state.actors.values():
        if a.zone:
            here.setdefault(a.zone.upper(), []).append(a.id)
    out = []
    for col in range(min(state.cols, 26)):
        for row in range(1, state.rows + 1):
            zone = f"{chr(ord('A') + col)}{row}"
            if _starts(zone, current):
                out.append(Candidate(zone, -len(current), zone,
                                     ", ".join(sorted(here.get(zone, ())))))
    return out


def _items(session: Any, subject: str | None, current: str, which: str,
           extra: list[str] | None = None) -> list[Candidate]:
    """`which`: "held" (in hand), "stowed" (carried, not in hand) or "all" (in hand first)."""
    actor = session.state.actors.get(subject) if subject else None
    if actor is None:
        return []
    stats = actor.sheet
    held = getattr(actor.system, "holding", ())
    carried = [*stats.weapons, *([stats.shield] if stats.shield else [])]
    stowed = [i for i in carried if i not in held]
    pool = {"held": list(held), "stowed": stowed,
            "all": [*held, *stowed, *(extra or ())]}[which]
    lib = session.library
    out = []
    for item_id in dict.fromkeys(pool):
        if _starts(item_id, current):
            item = lib.item(item_id) or lib.spells.get(item_id)
            meta = item.name if item is not None else ""
            damage = getattr(item, "damage", None)
            if damage:
                meta += f" · {damage}"
            if item_id in held:
                meta += " · in hand"
            out.append(Candidate(item_id, -len(current), item_id, meta))
    return out


def _skills(session: Any, subject: str | None, current: str, *, spells: bool = False,
            only_spells: bool = False) -> list[Candidate]:
    actor = session.state.actors.get(subject) if subject else None
    if actor is None:
        return []
    lib = session.library
    out = []
    for skill_id, level in actor.sheet.skills:
        skill = lib.skills.get(skill_id)
        if (spells or only_spells) and not (skill is not None and skill.is_spell):
            continue
        if _starts(skill_id, current):
            name = skill.name if skill is not None else skill_id
            out.append(Candidate(skill_id, -len(current), skill_id, f"{name} · level {level}"))
    if spells:
        for spell_id, spell in lib.spells.items():
            if _starts(spell_id, current):
                out.append(Candidate(spell_id, -len(current), spell_id,
                                     f"{spell.name} · {spell.damage} (an attack)"))
    return out


def _library_items(items: dict[str, Any], current: str) -> list[Candidate]:
    return [Candidate(key, -len(current), key, getattr(item, "name", ""))
            for key, item in sorted(items.items()) if _starts(key, current)]


def _choices(options: list[str] | tuple[str, ...], current: str,
             meta: str) -> list[Candidate]:
    return [Candidate(o, -len(current), o, meta) for o in options if _starts(o, current)]


def _starts(option: str, typed: str) -> bool:
    return option.lower().startswith(typed.lower())


def _unique(candidates: list[Candidate]) -> list[Candidate]:
    seen: set[str] = set()
    out = []
    for c in candidates:
        if c.text not in seen:
            seen.add(c.text)
            out.append(c)
    return out
