"""Compiling an action a ruleset declares as data (`engine.declared`) from its mapping:
every key checked, every expression parsed, every name a step reads known; a mistake is
a `VocabError` naming where."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from shaper_gm.engine import changes
from shaper_gm.engine.action_word import compile_second, compile_self_when, compile_word
from shaper_gm.engine.actions import TIMINGS
from shaper_gm.engine.all_targets import compile_spread, placed_slots
from shaper_gm.engine.declared import Declared
from shaper_gm.engine.declared_records import (
    Flag,
    Help,
    Spare,
    Wording,
)
from shaper_gm.engine.declaring_keys import truth, worded_target
from shaper_gm.engine.declaring_needs import (
    check_flags_read,
    given_facts,
    requirements,
    tests_of,
)
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.later_steps import made_steps
from shaper_gm.engine.moments import compile_at
from shaper_gm.engine.odds_limits import limits_read
from shaper_gm.engine.odds_spec import compile_odds, requires_read
from shaper_gm.engine.provoked import compile_provokes
from shaper_gm.engine.step_scans import has_asks, once_rolls, unrolled
from shaper_gm.engine.stepkit import FIELD, VocabError, checked_name, expression

KEYS = {"what", "timing", "cost", "target", "targets", "item", "to", "requires", "given",
        "steps", "apply", "line", "words", "summary", "examples", "rules", "aliases", "flags",
        "odds", "while_down", "provokes", "spare", "refusals", "at", "heading",
        "recap_aside", "offer", "held", "bare", "target_from", "word", "item_word",
        "target_flag", "checks", "target_optional", "cost_word", "paid", "spread",
        "second_word",
        "paid_last",
        "self_when",
        "after_fight", "actor_named"}
TARGETS = ("foe", "ally", "other", "any")
FLAG_KINDS = ("bool", "int", "text")
LINE_KEYS = {"when", "text", "aside", "rule"}
FLAG_KEYS = {"kind", "choices", "help", "metavar", "repeat", "completes", "marks"}
REFUSALS = ("itself", "no_item", "none_carried", "lacks", "unknown", "stays", "others",
            "unrolled", "unsourced")                                 # shared checks
ITEMLESS = ("itself", "stays", "others", "unrolled",     # not about the action's item
            "unsourced")


def compile_action(name: str, raw: Any, where: str = "", *, checked: bool = False) -> Declared:
    """A declared action from its mapping; `VocabError` naming where when it is wrong
    (`checked`: compiled whole before, what its expressions make is made when first used:
    `engine.later_steps`)."""
    at = where or name
    if not isinstance(raw, Mapping):
        raise VocabError(at, "expected an action: a mapping with steps")
    unknown = sorted(set(raw) - KEYS)
    if unknown:
        raise VocabError(f"{at}.{unknown[0]}", f"an action has no such key (keys: "
                                               f"{', '.join(sorted(KEYS))})")
    timing = _one_of(raw.get("timing", "turn"), TIMINGS, f"{at}.timing")
    target = _one_of(raw["target"], TARGETS, f"{at}.target") if "target" in raw else None
    to_cell = "to" in raw and _one_of(raw["to"], ("cell",), f"{at}.to") == "cell"
    count = raw.get("targets", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 100:
        raise VocabError(f"{at}.targets", f"expected a whole number from 1 to 100, got "
                                          f"{count!r}")
    item = checked_name(raw["item"], f"{at}.item") if "item" in raw else None
    held = checked_name(raw["held"], f"{at}.held") if "held" in raw else None
    if held is not None and item is None:
        raise VocabError(f"{at}.held", "only an action with an item: names the sheet key "
                                       "holding the one it uses without --with")
    item_word, target_flag, target_optional = worded_target(raw, at, item, target, count,
                                                            to_cell)
    target_from = checked_name(raw["target_from"], f"{at}.target_from") \
        if "target_from" in raw else None
    if target_from is not None and target is None:
        raise VocabError(f"{at}.target_from", "only an action with a target: names the "
                                              "effect whose giver is its target")
    bare = raw.get("bare")
    if bare is not None and (held is None or not isinstance(bare, str)):
        raise VocabError(f"{at}.bare", "an item's id, on an action with held: the item it "
                                       f"uses when the hands hold nothing, got {bare!r}")
    requires = requirements(_listed(raw, "requires", at), f"{at}.requires", later=checked)
    given, given_names = given_facts(raw.get("given", {}), at, requires, later=checked)
    roles = ("actor", *(("target",) if target is not None else ()),   # a push: both
             *(("destination",) if to_cell else ()))
    apply = tuple(changes.compile_entry(entry, f"{at}.apply[{i}]", roles)
                  for i, entry in enumerate(_listed(raw, "apply", at)))
    line = _wording(raw, at)
    said = line.fields()
    worded = FIELD.findall(str(raw.get("words", "")))    # words: "{travel_word}" (flies)
    raw_steps = _listed(raw, "steps", at)
    keep = {*said, *worded, *roles}.union(*(entry.reads for entry in apply))
    once = once_rolls(raw_steps)      # shared between targets in play, where nothing
                                      # is forgotten; odds weigh each target alone
    odds = compile_odds(raw["odds"], f"{at}.odds") if "odds" in raw else None
    if odds is not None:
        keep |= set().union(*(expr.names for _, expr in (*odds.chances, *odds.spreads,
                                                         *odds.facts)))
        keep |= odds.start.names if odds.start is not None else set()
    spare = _spare(raw["spare"], f"{at}.spare") if "spare" in raw else None
    keep |= spare.test.names if spare is not None else set()
    read_after: dict[str, Iterable[str]] = {
        f"{at}.apply[{index}]": entry.reads for index, entry in enumerate(apply)}
    read_after[f"{at}.line"] = said
    read_after[f"{at}.words"] = worded
    if odds is not None:
        read_after.update((f"{at}.odds.{part}.{key}", expr.names) for part, pairs in
                          (("chances", odds.chances), ("spreads", odds.spreads),
                           ("facts", odds.facts))
                          for key, expr in pairs)
    if spare is not None:
        read_after[f"{at}.spare.when"] = spare.test.names
    moment = compile_at(raw["at"], f"{at}.at") if "at" in raw else None
    steps = made_steps(raw_steps, (*roles, *given_names, *(moment.facts if moment else ())),
                       keep=frozenset(keep), where=f"{at}.steps", read_after=read_after,
                       later=checked)
    flags = _flags(raw.get("flags", {}), f"{at}.flags")
    checks = requirements(_listed(raw, "checks", at), f"{at}.checks", later=checked)
    spread = compile_spread(raw["spread"], f"{at}.spread", target) if "spread" in raw \
        else None
    if not checked:                     # (a file compiled whole before read no other)
        check_flags_read(at, flags, target_flag, (expr for _, expr in given),
                         tests_of(requires), tests_of(checks),
                         (spread.when, spread.to) if spread is not None else ())
    word = compile_word(raw["word"], f"{at}.word", item, flags) if "word" in raw else None
    second = compile_second(raw["second_word"], f"{at}.second_word", word, flags) \
        if "second_word" in raw else None
    self_when = compile_self_when(raw["self_when"], f"{at}.self_when", target, word) \
        if "self_when" in raw else None
    facts = frozenset((*roles, *given_names))
    for i, text in enumerate(odds.assumes if odds is not None else ()):
        unknown = sorted(set(FIELD.findall(text)) - facts)
        if unknown:
            raise VocabError(f"{at}.odds.assumes[{i}]", f"reads {unknown[0]!r}, which is no "
                                                        "fact of the action (give it under "
                                                        "given:)")
    limits_read(odds.limits if odds is not None else (), facts, f"{at}.odds.limits")
    requires_read(odds, facts, f"{at}.odds.requires")
    return Declared(name, str(raw.get("what", name)), timing,
                    _cost(raw.get("cost", {}), f"{at}.cost", facts), target, count, item,
                    requires, given, steps, once, apply, line, _slots(raw_steps, count),
                    flags, odds, _help(raw, at), to_cell, truth(raw, "while_down", at),
                    has_asks(raw_steps) or "provokes" in raw,
                    compile_provokes(raw["provokes"], f"{at}.provokes")
                    if "provokes" in raw else (), spare,
                    _refusals(raw.get("refusals", {}), f"{at}.refusals", item),
                    _ask_answers(raw_steps), moment,
                    _offer(raw["offer"], f"{at}.offer", to_cell or "target" in raw)
                    if "offer" in raw else None,
                    held=held, bare=bare, target_from=target_from, word=word,
                    item_word=item_word, target_flag=target_flag, checks=checks,
                    target_optional=target_optional, cost_word=truth(raw, "cost_word", at),
                    spread=spread, second_word=second, placed=placed_slots(raw_steps),
                    self_when=self_when, after_fight=truth(raw, "after_fight", at),
                    actor_named=truth(raw, "actor_named", at))


def _ask_answers(raw_steps: list[Any]) -> tuple[str, ...]:
    """The answers its ask steps offer, in order (what `--react ID=` completes)."""
    out: list[str] = []
    for step in unrolled(raw_steps):
        asked = step.get("ask") if isinstance(step, Mapping) else None
        listed = [asked] if isinstance(asked, str) else list(asked or ()) \
            if isinstance(asked, (list, Mapping)) else []
        out += [str(answer) for answer in listed if str(answer) not in out]
    return tuple(out)


def _refusals(raw: Any, at: str, item: str | None) -> tuple[tuple[str, str, str], ...]:
    """``refusals: {CHECK: {refuse, hint}}``: the action's own words for a shared check
    it fails (its ruling cited): targeting itself, no item, an item it lacks, an unknown
    item word, a worked-out move told to stay on its own cell (`{cell}`), a `--react`
    for an actor other than its target (`{word}`: ID=ANSWER), faces given for rolls it
    never made (`unrolled`: `{slot}`, `{given}`, `{made}`, `{given_s}`, `{made_s}`, and
    the last target's final facts)."""
    if not isinstance(raw, Mapping):
        raise VocabError(at, f"expected CHECK: {{refuse, hint}} pairs ({', '.join(REFUSALS)})")
    out = []
    for check, body in raw.items():
        here = f"{at}.{check}"
        _one_of(check, REFUSALS, here)
        if check not in ITEMLESS and item is None:
            raise VocabError(here, "only an action with an item: refuses about its item")
        if not isinstance(body, Mapping) or "refuse" not in body or \
                set(body) - {"refuse", "hint"} or \
                not all(isinstance(text, str) for text in body.values()):
            raise VocabError(here, "expected {refuse: TEXT, hint: TEXT} (refuse required)")
        out.append((str(check), body["refuse"], body.get("hint", "")))
    return tuple(out)


def _spare(raw: Any, at: str) -> Spare:
    """``spare: {when, rule, note}``: when the steps end with `when` holding, what was
    declared for what they never reached is left out of the log, with a note (R2): one
    per answer, or the action's own `note` once (``{unasked}`` answers, ``{unasked_s}``
    "s" unless 1, and the final facts filled in); `unused`: a slot's own note for its
    faces left unused (``{extra}``, ``{extra_s}`` and the final facts)."""
    if not isinstance(raw, Mapping) or "when" not in raw or \
            set(raw) - {"when", "rule", "note", "unused"} or \
            not isinstance(raw.get("note", ""), str):
        raise VocabError(at, "expected {when: EXPR, rule: TEXT, note: TEXT, unused: "
                             "{SLOT: TEXT}} (when required)")
    unused = raw.get("unused", {})
    if not isinstance(unused, Mapping) or \
            not all(isinstance(text, str) for text in unused.values()):
        raise VocabError(f"{at}.unused", "expected SLOT: TEXT pairs, the note for faces "
                                         "given for a slot the steps never reached")
    return Spare(expression(raw["when"], f"{at}.when"), str(raw.get("rule", "")),
                 str(raw.get("note", "")), tuple((str(k), v) for k, v in unused.items()))


def _slots(raw_steps: list[Any], targets: int) -> tuple[tuple[str, bool], ...]:
    """The dice slots the steps roll, in order; one rolled per target (or per step
    that names it twice) repeats."""
    seen: dict[str, int] = {}
    once: set[str] = set()
    for step in unrolled(raw_steps):       # a repeat's roll counts once per round
        if isinstance(step, Mapping) and "roll" in step and isinstance(step.get("slot"), str):
            follows = step.get("follows") is True and step["slot"] in seen   # the same
            seen[step["slot"]] = seen.get(step["slot"], 0) + (0 if follows else 1)  # faces
            if step.get("once") is True:
                once.add(step["slot"])
    return tuple((slot, count > 1 or (targets > 1 and slot not in once))
                 for slot, count in seen.items())


def _flags(raw: Any, at: str) -> tuple[Flag, ...]:
    if not isinstance(raw, Mapping):
        raise VocabError(at, "expected NAME: {kind, choices, help, metavar} pairs")
    out = []
    for name, body in raw.items():
        here = f"{at}.{name}"
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9-]*", name):
            raise VocabError(here, "a flag's name is lowercase letters, digits and '-'")
        body = body if body is not None else {}
        if not isinstance(body, Mapping) or set(body) - FLAG_KEYS:
            raise VocabError(here, f"expected a mapping of {', '.join(sorted(FLAG_KEYS))}")
        kind = _one_of(body.get("kind", "bool"), FLAG_KINDS, f"{here}.kind")
        choices = body.get("choices", [])
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise VocabError(f"{here}.choices", "expected a list of words")
        repeat = body.get("repeat", False)
        if repeat not in (True, False):
            raise VocabError(f"{here}.repeat", f"expected true or false, got {repeat!r}")
        if repeat and kind != "text":
            raise VocabError(f"{here}.repeat", "only a text flag repeats (given again and "
                             f"again it reads as a list of its words); this one is {kind}")
        completes = checked_name(body["completes"], f"{here}.completes") \
            if "completes" in body else ""
        marks = body.get("marks", [])              # --trick feint:free (flag_marks)
        if not isinstance(marks, list) or not all(
                isinstance(m, str) and re.fullmatch(r"[a-z][a-z0-9]*", m) for m in marks) or \
                (marks and not repeat):
            raise VocabError(f"{here}.marks", "expected a list of words (lowercase letters "
                                              f"and digits) on a repeated text flag, got {marks!r}")
        out.append(Flag(name, kind, tuple(choices), str(body.get("help", "")),
                        str(body.get("metavar", "")), repeat, completes, tuple(marks)))
    return tuple(out)


def _help(raw: Mapping[str, Any], at: str) -> Help:
    def words(key: str) -> tuple[str, ...]:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise VocabError(f"{at}.{key}", "expected a list of words")
        return tuple(value)
    return Help(str(raw.get("summary", "")), words("examples"), str(raw.get("rules", "")),
                words("aliases"), str(raw.get("words", "")))


def _wording(raw: Mapping[str, Any], at: str) -> Wording:
    """``line``: the outcome's words, or ``{when, text, aside, rule}`` alternatives, the
    first whose `when` holds (none: always); ``heading``: words after the target's."""
    line, heading = raw.get("line", ""), raw.get("heading", "")
    recap_aside, paid = raw.get("recap_aside", ""), raw.get("paid", "")
    for key, text, what in (("heading", heading, "after the target's name"),
                            ("recap_aside", recap_aside, "in the recap's brackets"),
                            ("paid", paid, "for what it cost")):
        if not isinstance(text, str):
            raise VocabError(f"{at}.{key}", f"expected words {what}, got {text!r}")
    last = raw.get("paid_last", False)
    if not isinstance(last, bool):
        raise VocabError(f"{at}.paid_last", f"expected true or false, got {last!r}")
    if isinstance(line, str):
        return Wording(((None, line, "", ""),) if line else (), heading, recap_aside, paid,
                       last)
    if not isinstance(line, list) or not line:
        raise VocabError(f"{at}.line", "expected the outcome's words, or a list of "
                                       f"{{when, text, aside, rule}}, got {line!r}")
    return Wording(_alternatives(line, f"{at}.line"), heading, recap_aside, paid, last)


def _offer(raw: Any, at: str, to_cell: bool) -> Wording:
    """``offer``: how completion describes each cell an action to a cell may go to, the
    first of `{when, text}` alternatives that holds there (`occupied`, `travel`...)."""
    if not to_cell:
        raise VocabError(at, "only an action to a cell (to: cell) or with a target offers "
                             "them")
    if not isinstance(raw, list) or not raw:
        raise VocabError(at, f"expected a list of {{when, text}}, got {raw!r}")
    return Wording(_alternatives(raw, at))


def _alternatives(line: list[Any], where: str
                  ) -> tuple[tuple[Compiled | None, str, str, str], ...]:
    out = []
    for i, entry in enumerate(line):
        here = f"{where}[{i}]"
        if not isinstance(entry, Mapping) or "text" not in entry or set(entry) - LINE_KEYS:
            raise VocabError(here, "expected {when: EXPR, text: TEXT, aside: TEXT, rule: "
                                   f"TEXT}} (text required), got {entry!r}")
        texts = [entry.get(key, "") for key in ("text", "aside", "rule")]
        if not all(isinstance(text, str) for text in texts):
            raise VocabError(here, "expected text, aside and rule to be words")
        when = expression(entry["when"], f"{here}.when") if "when" in entry else None
        out.append((when, *texts))
    return tuple(out)


def _one_of(value: Any, options: tuple[str, ...], at: str) -> str:
    if value not in options:
        raise VocabError(at, f"expected one of {', '.join(options)}, got {value!r}")
    return str(value)


def _listed(raw: Mapping[str, Any], key: str, at: str) -> list[Any]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        raise VocabError(f"{at}.{key}", f"expected a list, got {type(value).__name__}")
    return value


def _cost(value: Any, at: str, known: frozenset[str]) -> tuple[tuple[str, int | Compiled], ...]:
    """Resource: amount pairs; an amount is a whole number, or an expression over the
    action's facts (`known`)."""
    if not isinstance(value, Mapping):
        raise VocabError(at, "expected resource: amount pairs, e.g. {action: 1}")
    out: list[tuple[str, int | Compiled]] = []
    for key, amount in value.items():
        if isinstance(amount, str):
            compiled = expression(amount, f"{at}.{key}")
            unknown = sorted(compiled.names - known)
            if unknown:
                raise VocabError(f"{at}.{key}", f"reads {unknown[0]!r}, which is no fact "
                                                "of the action (give it under given:)")
            out.append((checked_name(key, at), compiled))
            continue
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise VocabError(f"{at}.{key}", f"expected a whole number 0 or more, or an "
                                            f"expression, got {amount!r}")
        out.append((checked_name(key, at), amount))
    return tuple(out)
