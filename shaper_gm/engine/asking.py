"""The ask step: an interrupt point where someone else decides (`--react ID=ANSWER`, the
shell asking, else none), with one answer or several, each offered while its tests hold
and refused in its own words when it is not (see `engine.vocab` for the vocabulary)."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any, cast

from shaper_gm.engine.decisions import ANY
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.stepkit import (
    FIELD,
    NO,
    Facts,
    Made,
    VocabError,
    _guard,
    _reads,
    _required_names,
    expression,
    fill,
)
from shaper_gm.engine.steps import Step

ANSWER_KEYS = {"when", "refuse", "hint", "requires"}    # an ask's answer written out


def _ask_step(declared: Mapping[str, Any], at: str, known: frozenset[str]) -> Made:
    answers = _answers(declared["ask"], f"{at}.ask")
    who, into = _required_names(declared, at, "who", "into")
    prompt, rule = str(declared.get("prompt", "")), str(declared.get("rule", ""))
    fields = tuple(FIELD.findall(prompt))
    said = declared.get("unknown", {})      # an answer it never has, in its words
    if not isinstance(said, Mapping) or (said and "refuse" not in said) or "when" in said:
        raise VocabError(f"{at}.unknown", "expected {refuse: TEXT, hint: TEXT}")
    unknown = _offer(said, f"{at}.unknown")[0][1] if said else ("", "")
    guard = _guard(declared, at)
    standing = expression(declared["settled"], f"{at}.settled") if "settled" in declared \
        else None                           # a standing choice: the shell does not ask
    picked = expression(declared["default"], f"{at}.default") if "default" in declared \
        else None                           # one of the answers, never none (`picks`)
    point, logs = _word(declared, "point", at) or "react", _word(declared, "logs", at)
    counted = f"asks.{who}"                 # this actor's decisions so far in the action
    taken = f"answers.{who}"                # the answers it took so far, as words
    offered = guard.run if guard is not None else None
    several = picked is not None or not isinstance(declared["ask"], str)   # into: the answer
    tests = tuple((answer, tuple((test.run if test is not None else None, refuse)
                                 for test, refuse in checks))
                  for answer, checks in answers)    # refuse: (text, hint)

    def failed(checks: Any, facts: Facts) -> tuple[str, str] | None:
        """The words of the first check that does not hold (("", "") without words)."""
        return next((refuse for test, refuse in checks
                     if test is not None and not test(facts)), None)

    def body(facts: Facts, tape: Any) -> Facts:
        from shaper_gm.engine.decisions import Ask
        closed = offered is not None and not offered(facts)
        if closed:                          # the step's `when`: nobody asked, none taken
            return facts.with_values(**{into: NO if several else False})
        why = {answer: failed(checks, facts) for answer, checks in tests}
        choices = tuple(answer for answer, _ in tests if why[answer] is None)
        index = facts.get(counted, 0)
        why_not = tuple(                    # every answer not offered, and why if said
            (answer, fill(said[0], facts), fill(said[1], facts))
            for answer, said in why.items() if said is not None)
        if unknown[0]:                      # {answer}: the answer given, filled when given
            kept = ChainMap({"answer": "{answer}"}, cast("MutableMapping[str, Any]", facts))
            why_not += ((ANY, fill(unknown[0], kept), fill(unknown[1], kept)),)
        if not choices:                     # no answer offered: nobody asked, but one
            tape.unoffered(Ask(facts[who], "react", (NO,), NO, "", rule,   # declared is
                               index=index, refused=why_not))      # refused in its words
            return facts.with_values(**{into: NO if several else False})
        said = fill(prompt, facts) if not tape.exact else ""
        options, default = (NO, *choices), NO
        if picked is not None:              # T10-like: one of them, the default unless said
            wanted = picked.run(facts)
            options, default = choices, wanted if wanted in choices else choices[0]
        choice = tape.decide(Ask(facts[who], point, options, default, said, rule,
                                 index=index, refused=why_not, logs=logs,
                                 settled=standing is not None and bool(standing.run(facts))))
        so_far = facts.get(taken, "")
        said = so_far if choice == NO else f"{so_far}, {choice}" if so_far else choice
        return facts.with_values(**{into: choice if several else choice == choices[0],
                                    counted: index + 1, taken: said})
    refusals = frozenset().union(*(FIELD.findall(" ".join(refuse)) for _, checks in answers
                                   for _, refuse in checks)) | \
        (frozenset(FIELD.findall(" ".join(unknown))) - {"answer"})
    decided_by = frozenset({who, counted}) | _reads(guard, standing, picked) | \
        _reads(*(test for _, checks in answers for test, _ in checks)) | frozenset(refusals)
    prompt_only = frozenset(fields) - decided_by       # odds never ask: they keep none
    return Step(body, "ask", words_read=prompt_only), decided_by | prompt_only, \
        frozenset({into, counted, taken})


def _word(declared: Mapping[str, Any], key: str, at: str) -> str:
    """`point` (what is decided, as the shell asks it) or `logs` (the flag of the action
    its answer is logged as, instead of `--react ID=ANSWER`): a word, or ''."""
    if key not in declared:
        return ""
    try:
        return _answer_word(declared[key], f"{at}.{key}")
    except VocabError:
        raise VocabError(f"{at}.{key}", f"expected a word of lowercase letters, digits, '_' "
                                        f"and '-', got {declared[key]!r}") from None


Check = tuple["Compiled | None", tuple[str, str]]    # a test, and the words if it fails


def _answers(raw: Any, at: str) -> tuple[tuple[str, tuple[Check, ...]], ...]:
    """An ask's answers, each with the tests that offer it (None: always offered) and
    what a declared answer not offered is refused with and the hint ("" says it
    generally)."""
    if isinstance(raw, str):
        pairs: list[tuple[Any, Any]] = [(raw, None)]
    elif isinstance(raw, Mapping):
        pairs = list(raw.items())
    elif isinstance(raw, Sequence) and not isinstance(raw, bytes):
        pairs = [(answer, None) for answer in raw]
    else:
        raise VocabError(at, f"expected an answer, a list of answers or answer: EXPR "
                             f"pairs, got {raw!r}")
    if not pairs:
        raise VocabError(at, "expected at least one answer")
    out: list[tuple[str, tuple[Check, ...]]] = []
    for answer, offer in pairs:
        name = _answer_word(answer, at)
        if name == NO or name in {known for known, _ in out}:
            raise VocabError(at, f"{name!r} is {'every ask' if name == NO else 'there'}"
                                 f"{chr(39)}s answer already: name each answer once, "
                                 f"never {NO!r}")
        out.append((name, _offer(offer, f"{at}.{name}")))
    return tuple(out)


def _offer(raw: Any, at: str) -> tuple[Check, ...]:
    """When an answer is offered: an expression, ``{when: EXPR, refuse: TEXT,
    hint: TEXT}``, or ``{requires: [{when, refuse, hint}, ...]}``: offered when every
    test holds, refused in the words of the first that does not."""
    if raw is None or raw is True:
        return ((None, ("", "")),)
    if not isinstance(raw, Mapping):
        return ((expression(raw, at), ("", "")),)
    extra = sorted(set(raw) - ANSWER_KEYS)
    if extra:
        raise VocabError(f"{at}.{extra[0]}", "an answer has no such key (keys: "
                                             f"{', '.join(sorted(ANSWER_KEYS))})")
    if "requires" in raw:
        listed = raw["requires"]
        if set(raw) != {"requires"} or not isinstance(listed, list) or not listed or \
                not all(isinstance(one, Mapping) and "when" in one for one in listed):
            raise VocabError(f"{at}.requires", "expected a list of {when, refuse, hint}, "
                                               "alone in the answer")
        return tuple(check for i, one in enumerate(listed)
                     for check in _offer(one, f"{at}.requires[{i}]"))
    words = {key: raw.get(key, "") for key in ("refuse", "hint")}
    for key, text in words.items():
        if not isinstance(text, str):
            raise VocabError(f"{at}.{key}", f"expected the {key}'s words, got {text!r}")
    return ((expression(raw["when"], f"{at}.when") if "when" in raw else None),
            (words["refuse"], words["hint"])),


def _answer_word(value: Any, at: str) -> str:
    """An answer: a word of lowercase letters, digits, '_' and '-', as verbs are
    (Dungeoneers' grab-ledge)."""
    if isinstance(value, str) and value[:1].isalpha() and value.islower() and \
            all(c.isalnum() or c in "_-" for c in value) and value.isascii():
        return value
    raise VocabError(at, f"expected an answer: a word of lowercase letters, digits, '_' "
                         f"and '-', got {value!r}")

