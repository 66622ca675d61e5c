"""From a parsed command to a resolved `Request`, and from a request to a played action.

`read_request` reads the words a GM typed by the verb's declaration: each positional
slot (`actor?`, `target`, `targets`, `zone`, `number`, `text`, or a kind only the
ruleset knows, such as `weapon` or `skill`) and each flag is resolved (unique prefixes
to ids, zones to their canonical names, choices checked). `action_handler` is the
handler of every play action: it reads the request, hands the engine's pipeline the
dice slots and interrupt answers (`commands.slots.SlotDice`), and writes the log line's
flags from what the action rolled and decided.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

from shaper_gm.commands import resolve
from shaper_gm.commands.args import ascii_digits
from shaper_gm.commands.slots import REACT, SlotDice
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.request import Request
from shaper_gm.errors import CommandError

MAX_AMOUNT = 100_000              # what a GM's number (damage, heal) may be
ACTOR_ROLES = {"actor", "target"}
LIST_ROLES = {"targets"}
REST = "text"                         # takes every word left, possibly none


def action_handler(action, parse=None, logs=None, pick=None):
    """The handler of a play action declared with `VerbTable.action`; `logs`, when
    given, turns the request played into the one the log writes; `pick(request)`, when
    given, may name another action its words pick, with the request it plays (a
    ruleset's `cast ACTOR spell TARGET`, an attack): (None, request) plays its own."""
    def handle(ctx):
        from shaper_gm.commands.session import Outcome
        from shaper_gm.engine.play import perform

        request = (parse or read_request)(ctx)
        dice = SlotDice(ctx, ctx.verb.slot_map())
        chosen, played = pick(request) if pick is not None else (None, request)
        chosen = chosen or action
        done = perform(ctx.state, ctx.ruleset, chosen, played, dice.tape())
        worded = chosen.worded
        logged = {**dice.logged(None if worded is None else
                                lambda check, fields: worded(check, fields, done.outcome)),
                  **dict(done.logged)}
        request = request.with_flags(logged)
        if logs is not None:
            request = logs(request)
        return Outcome(done.state, done.events, request=request)
    return handle


# --- positionals ------------------------------------------------------------------------

def read_request(ctx, positionals: tuple[str, ...] | None = None) -> Request:
    """The command's words and flags, resolved by the verb's declaration."""
    verb = ctx.verb
    slots = verb.positionals if positionals is None else positionals
    args = read_words(ctx, slots, list(ctx.parsed.words))
    return Request(verb.name, args, read_flags(ctx, dict(args).get("actor")))


def read_words(ctx, slots: tuple[str, ...], words: list[str]) -> tuple[tuple[str, Any], ...]:
    """Every way the optional slots may be present is tried, absent first (the acting
    actor is the usual subject); the first reading whose words all resolve wins. When
    none does, the refusal is the one of the reading that got furthest."""
    best: tuple[int, Exception] | None = None
    for reading in _readings(tuple(slots)):
        if not _fits(reading, len(words)):
            continue
        progress = [0]
        try:
            return _resolve(ctx, reading, words, progress)
        except (CommandError, RuleViolation) as exc:
            if best is None or progress[0] > best[0]:
                best = (progress[0], exc)
    if best is not None:
        raise best[1]
    usage = ctx.verb.usage
    raise CommandError(f"{ctx.verb.name}: expected {usage}", f"type help {ctx.verb.name} "
                       "for examples")


@functools.cache
def _readings(slots: tuple[str, ...]) -> tuple[tuple[tuple[str, bool], ...], ...]:
    """(role, present) for each slot, for every choice of the optional ones."""
    optional = [i for i, s in enumerate(slots) if s.endswith("?")]
    out = []
    for present in itertools.product((False, True), repeat=len(optional)):
        keep = dict(zip(optional, present, strict=True))
        out.append(tuple((s.rstrip("?*"), s.endswith("*")) for i, s in enumerate(slots)
                         if keep.get(i, True)))
    return tuple(out)


def _fits(reading: tuple[tuple[str, bool], ...], count: int) -> bool:
    fixed = sum(1 for role, many in reading if role != REST and not many)
    open_ended = any(role == REST or many for role, many in reading)
    return count == fixed or (open_ended and count >= fixed)


def _resolve(ctx, reading, words: list[str], progress: list[int]) -> tuple[tuple[str, Any], ...]:
    out: list[tuple[str, Any]] = []
    fixed_after = [sum(1 for r, m in reading[i + 1:] if r != REST and not m)
                   for i in range(len(reading))]
    at = 0
    for i, (role, many) in enumerate(reading):
        if role == REST or many:
            take = len(words) - at - fixed_after[i]
            chunk = words[at:at + take]
            at += take
            if role == REST:
                out.append((role, " ".join(chunk)))
            else:
                out.append((role, [resolve_word(ctx, role, w, out) for w in chunk]))
            progress[0] = at
            continue
        out.append((role, resolve_word(ctx, role, words[at], out)))
        at += 1
        progress[0] = at
    if "actor?" in ctx.verb.positionals and not any(role == "actor" for role, _ in out):
        out.insert(0, ("actor", resolve.acting(ctx.state)))       # the acting actor acts
    return tuple(out)


def resolve_word(ctx, role: str, word: str, before) -> Any:
    """One positional word as the command means it."""
    state = ctx.state
    if role in ACTOR_ROLES or role == "actors":
        if "," in word:
            raise CommandError(f"{ctx.verb.name}: one {role} here, got {word!r}",
                               f"name one, e.g. {word.split(',')[0]}")
        return resolve.actor(state, word)
    if role in LIST_ROLES:
        return tuple(resolve.actors(state, word))
    if role == "zone":
        return ctx.ruleset.canonical_zone(word, state.cols, state.rows)
    if role == "number":
        if not ascii_digits(word) or len(word) > 6 or int(word) > MAX_AMOUNT:
            example = ctx.verb.examples[0] if ctx.verb.examples else f"help {ctx.verb.name}"
            raise CommandError(f"{ctx.verb.name}: the amount must be a whole number from 0 "
                               f"to {MAX_AMOUNT}, got {word!r}", f"e.g. {example}")
        return int(word)
    actor = dict(before).get("actor") or state.turn
    return ctx.ruleset.resolve_word(state, role, word, actor)


# --- flags -----------------------------------------------------------------------------

def read_flags(ctx, actor: str | None = None) -> tuple[tuple[str, Any], ...]:
    """The typed flags, resolved, in the order typed (the log keeps it). Dice slots and
    `--react` answers keep their place as typed; the action's own dice and decisions
    replace them (`action_handler`)."""
    verb = ctx.verb
    raw = {*verb.slot_map(), REACT}
    out = []
    for name, value in ctx.parsed.flags.items():
        spec = verb.flag(name)
        if spec is not None and name not in raw:
            if spec.repeat:
                value = [resolve_flag(ctx, spec, v, actor) for v in value]
            else:
                value = resolve_flag(ctx, spec, value, actor)
        out.append((name, value))
    return tuple(out)


def resolve_flag(ctx, spec, value: Any, actor: str | None = None) -> Any:
    if not isinstance(value, str):
        return value
    if spec.choices:
        # A unique prefix of a choice is that choice; anything else goes on as typed, for
        # the rules to refuse in their own words.
        lowered = value.lower()
        found = [c for c in spec.choices if c.startswith(lowered)]
        return lowered if lowered in spec.choices or len(found) != 1 else found[0]
    if spec.completes == "actor":
        return resolve.actor(ctx.state, value)
    if spec.completes == "zone":
        return ctx.ruleset.canonical_zone(value, ctx.state.cols, ctx.state.rows)
    if spec.completes == "side":
        return value.strip().lower()            # `--side Party` joins `party`
    if spec.completes in ("", "template", "ruleset"):
        return value
    return ctx.ruleset.resolve_word(ctx.state, spec.completes, value, actor or ctx.state.turn)
