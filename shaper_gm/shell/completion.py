"""Tab completion as a pure function of the text before the cursor and the session.

The verb's metadata drives it: `Verb.positionals` says what each word is (an optional
leading actor, targets, a zone, an item, ...) and `FlagSpec.completes` what a flag's
value is. What fills a slot comes from the encounter's ruleset (`Ruleset.offers`: the
targets the actor the command is about can take on now, first, with their bands; its
items and skills with what they cost), else from shared defaults: actor ids (never the
actor itself as a target, the Down last), tiles by distance, the ruleset's templates,
the moments an effect can last until. No prompt_toolkit here; `completer.py` adapts
this to it.
"""

from __future__ import annotations

import itertools
import shlex
from typing import Any

from shaper_gm.commands import resolve
from shaper_gm.commands.args import FlagSpec
from shaper_gm.commands.registry import Verb
from shaper_gm.engine import registry as rulesets
from shaper_gm.engine.offers import Offer, checked_targets, tile_offers
from shaper_gm.errors import CommandError
from shaper_gm.records import record
from shaper_gm.shell.readings import first_offered, in_order

ACTOR_SLOTS = {"actor", "target", "targets", "actors"}
TARGET_SLOTS = {"target", "targets"}     # someone the subject acts on: never itself
LIST_SLOTS = {"targets"}                 # one word holding a comma-separated list
SKILL_SLOTS = {"skill", "spell", "spell-id"}
# the ruleset's own words, which its `offers` completes
RULESET_SLOTS = {"item", "held-item", "lying-item", "weapon", "ability", *SKILL_SLOTS}
USUAL_SIDES = ("party", "enemies")


@record
class Candidate:
    text: str           # what replaces the word being completed
    start: int          # where that word begins, relative to the cursor (0 or negative)
    display: str = ""
    meta: str = ""


@record
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


def _fits(session: Any, verb: Verb, slot: str, word: str, subject: str | None = None) -> bool:
    """Could `word` be what `slot` holds? Decides between readings of a line."""
    if slot in ACTOR_SLOTS:
        return all(resolve.is_actor(session.state, w) for w in word.split(",") if w)
    if slot != "zone":          # a word the ruleset offers a list for: one of them
        known = _offers(session, slot, subject, verb)
        return known is None or any(_starts(o.text, word) for o in known)
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
            if all(_slot_at(r, i) is not None and _fits(session, verb, _slot_at(r, i), w,
                                                        _subject(session, r, words))
                   for i, w in enumerate(words))]


def _whole_reading(session: Any, verb: Verb, words: tuple[str, ...]) -> list[str]:
    """The reading the words make as they stand, for a flag's value: the one they fill
    exactly if any (`attack raider --skill` is the acting actor's attack)."""
    fitting = _fitting(session, verb, words)
    exact = [r for r in fitting if len(r) == len(words)]
    return (exact or fitting or [[]])[0]


def _positional(session: Any, verb: Verb, line: _Words, current: str) -> list[Candidate]:
    words = line.positional

    def offered(reading: list[str]) -> list[Candidate]:
        slot = _slot_at(reading, len(words))
        return [] if slot is None else _slot_values(
            session, verb, slot, _subject(session, reading, words), current, words)
    return _unique(first_offered(in_order(verb.positionals, _fitting(session, verb, words),
                                          len(words)), offered))


def _slot_values(session: Any, verb: Verb, slot: str, subject: str | None, current: str,
                 words: tuple[str, ...]) -> list[Candidate]:
    if slot in LIST_SLOTS:
        head, _, last = current.rpartition(",")
        named = set(head.split(",")) if head else set()
        return [c for c in _targets(session, verb, slot, subject, last) if c.text not in named]
    if slot in TARGET_SLOTS:
        return [c for c in _targets(session, verb, slot, subject, current)
                if c.text not in words]
    if slot in ACTOR_SLOTS:
        # The acting actor is the subject anyway: a leading optional actor that more
        # words follow (`attack [ACTOR] TARGET`) names another one.
        leading = not words and len(verb.positionals) > 1 and verb.positionals[0] == "actor?"
        return [c for c in _actors(session, current) if c.text not in words
                and not (leading and c.text == session.state.turn)]
    if slot == "zone":
        return _zones(session, verb, subject, current)
    if slot in RULESET_SLOTS:
        return _as_candidates(_offers(session, slot, subject, verb) or [], current)
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
    # a slot of the ruleset's own (a data action's item word: wield WEAPON)
    return _as_candidates(_offers(session, slot, subject, verb) or [], current)


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
    what = spec.completes
    if what == "actor":
        return _actors(session, current)
    if what == "zone":
        return _zones(session, verb, subject, current)
    if what == "template":
        templates = session.ruleset_for(session.state).templates()
        return _as_candidates(
            [Offer(key, getattr(item, "name", "")) for key, item in sorted(templates.items())],
            current)
    if what == "ruleset":
        return _as_candidates(
            [Offer(key, description) for key, (_, description) in sorted(rulesets.known().items())],
            current)
    if what == "side":
        sides = {a.side for a in session.state.actors.values()} | set(USUAL_SIDES)
        return _choices(sorted(sides), current, "side")
    if spec.name == "until":
        return _as_candidates(_moments(session), current)
    if what:
        slot = "weapon+spell" if what == "weapon" and "spell" in spec.metavar else what
        offered = _offers(session, slot, subject, verb)
        if offered is not None:
            return _as_candidates(offered, current)
    if spec.choices:
        return _choices(spec.choices, current, "")
    if "=" in spec.metavar:
        return _decisions(session, line.positional, subject, spec.metavar, current)
    if "|" in spec.metavar:
        return _choices(spec.metavar.split("|"), current, "")
    return []


def _decisions(session: Any, typed: tuple[str, ...], subject: str | None, metavar: str,
               current: str) -> list[Candidate]:
    """`ID=ANSWER` values (`--react bo=block`): by the actors the line names (the one
    attacked decides), else by anyone but the one acting (a foe it moves past); the
    answers the flag's metavar lists (`TARGET=block|dodge`), else `ID=` to finish."""
    state = session.state
    named = []
    for word in typed:
        try:
            named.append(resolve.actor(state, word))
        except CommandError:
            continue
    deciders = [a for a in dict.fromkeys(named) if a != subject] or [
        a for a in state.actors if a != subject]
    answers = metavar.split("=", 1)[1].split("|")
    if not all(a.islower() for a in answers):          # `ID=NAME`: no list to offer
        answers = [""]
    offered = [f"{who}={answer}" for who in deciders for answer in answers]
    return [Candidate(o, -len(current), o, state.actors[o.split("=")[0]].name)
            for o in offered if _starts(o, current)]


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
            notes = [a.name, a.side, a.zone or "unplaced"]
            if a.max_hp is not None:
                notes.append(f"HP {a.hp}/{a.max_hp}")
            if a.down:
                notes.append("down")
            out.append(Candidate(actor_id, -len(current), actor_id, " · ".join(notes)))
    return out


def _zones(session: Any, verb: Verb, subject: str | None, current: str) -> list[Candidate]:
    """The ruleset's tiles if it offers them (with band and cost), else every tile by
    distance from the subject, with who stands there."""
    offered = _offers(session, "zone", subject, verb)
    if offered is not None:
        return _as_candidates(offered, current)
    state = session.state
    rs = session.ruleset_for(state)
    actor = state.actors.get(subject) if subject else None
    # A setup verb puts someone anywhere: how far from the acting actor says nothing.
    moving = verb.group not in ("setup", "gm") and actor is not None and actor.zone
    if not moving:
        return _as_candidates(tile_offers(state, lambda zone: (0, "")), current)

    def note(zone: str) -> tuple[int, str]:
        steps = rs.distance(actor.zone, zone)
        return steps, "here" if steps == 0 else rs.how_far(steps)
    return _as_candidates(tile_offers(state, note), current)


def _targets(session: Any, verb: Verb, slot: str, subject: str | None,
             current: str) -> list[Candidate]:
    """Whom the subject may act on: the ruleset's offers (in reach first), else everyone
    but the subject, standing before Down, nearest first."""
    offered = _offers(session, slot, subject, verb)
    if offered is None:
        offered = _default_targets(session, subject)
    return _as_candidates([o for o in offered if o.text != subject], current)


def _default_targets(session: Any, subject: str | None) -> list[Offer]:
    """Everyone but the subject, foes first, nearest first, the Down last (with no
    rule of the ruleset's to check them against); everyone when nobody is acting."""
    state = session.state
    me = state.actors.get(subject) if subject else None
    if me is None:
        return [Offer(c.text, c.meta) for c in _actors(session, "")]
    return checked_targets(state, session.ruleset_for(state), me, lambda target: None)


def _moments(session: Any) -> list[Offer]:
    """The moments an effect can last until, with the encounter's real ids."""
    state = session.state
    out = []
    for actor_id in state.order or sorted(state.actors):
        name = state.actors[actor_id].name if actor_id in state.actors else actor_id
        out.append(Offer(f"start:{actor_id}", f"the start of {name}'s next turn"))
        out.append(Offer(f"end:{actor_id}", f"the end of {name}'s next turn"))
    out += [Offer("round", "the end of this round"), Offer("rounds:2", "two rounds (any N)"),
            Offer("used_up", "until its amount is used up"), Offer("never", "until removed")]
    return out


def _offers(session: Any, slot: str, subject: str | None, verb: Verb) -> list[Offer] | None:
    """What the encounter's ruleset offers for `slot`, or None for the shared default."""
    rs = session.ruleset_for(session.state)
    return rs.offers(session.state, slot, subject, verb.name)


def _as_candidates(offers: list[Offer], current: str) -> list[Candidate]:
    return [Candidate(o.text, -len(current), o.text, o.meta)
            for o in offers if _starts(o.text, current)]


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
