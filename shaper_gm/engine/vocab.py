"""Resolution steps a ruleset writes as data, made into the engine's `Step`s.

A declared action's resolution is a list of steps from a fixed vocabulary, each over
`Facts` (an immutable mapping of names to numbers, words and truth values): what the
action starts from (`attacker.str_mod`, `target.ac`, `weapon.damage`) and what earlier
steps found. The same steps are played (`engine.steps.play`) and run over exact
distributions (`engine.steps.exact`), so odds and play cannot disagree.

The vocabulary (every key an expression of `engine.expr` unless said):

- ``set: {NAME: EXPR, ...}``: work out values in order, each seeing the ones before;
  comparisons, degrees, margins and natural-face rules are all sets
  (``hit: natural == 20 or (natural != 1 and total >= target.ac)``).
- ``roll: DICE`` with ``slot`` (a word: the dice slot the faces come from), ``into``
  (a name for the total), optional ``who`` (a name holding the roller's id),
  ``keep_higher`` / ``keep_lower`` (truth values: one die rolled twice, the higher or
  the lower kept; both together cancel, as the d20 rulings' G12 has it),
  ``double_dice`` (truth: every die rolled twice, the number added once, G11),
  ``what`` (words naming the roll) and ``once`` (true: rolled once for all the
  action's targets, G26's one damage roll; a later target starts from its result);
  ``quiet: true`` leaves the roll out of the breakdown (a later note gives its face).
- ``reduce: NAME`` with ``type`` (the damage type), ``resist``, ``vulnerable``,
  ``immune`` (lists of types) and ``rule``: immunity makes it 0, resistance halves it
  rounding down, vulnerability doubles it, in that order (`reduced`; the d20 rulings'
  G19).
- ``note: TEXT`` with optional ``value`` and ``rule``: a line of the breakdown;
  ``{NAME}`` in the text is replaced by that value.
- ``ask: ANSWER`` with ``who`` (a name holding the id of who decides), ``into`` (a name
  for the truth: they said ANSWER), ``prompt`` and ``rule``: an interrupt point. The
  actor named answers ANSWER or none: from the command's ``--react ID=ANSWER``, the shell
  asking, else none (odds take the declared answers, else none). With ``when``, it is
  offered only when that holds, and `into` is false otherwise.
  ``ask: [A, B]`` (a list of answers) or ``ask: {A: EXPR, B: EXPR}`` (each answer
  offered only while its expression holds) lets them pick one: `into` holds the answer
  given, or ``none``; when nothing is offered nobody is asked (`into` is ``none``).
  An answer may be ``{when: EXPR, refuse: TEXT, hint: TEXT}``: a declared answer not
  offered is refused with that text and hint (``{name}`` fields filled in) rather than
  in general words.
- ``repeat: {at_most: N, while: EXPR, steps: [...]}``: the steps again and again while
  `while` holds before each round, at most N times (1 to `MAX_REPEAT`). It is unrolled
  as the ruleset loads into N guarded copies, so exact odds run it like any steps; each
  round's rolls take the next dice of their slots. A repeat holds no repeat.
- ``together: [NAME, ...]``: the steps before it run for every target first; after it
  ``every.NAME`` holds each target's NAME in target order (`engine.all_targets`).
- ``when: EXPR`` on any step: the step does nothing unless it holds.

`compile_steps` checks every name a step reads against the names known at that point
and refuses a mistake (`VocabError`, naming the step and key) when the ruleset loads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from shaper_gm.engine.all_targets import together_step
from shaper_gm.engine.asking import _ask_step
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.faces import note_says, worded
from shaper_gm.engine.flat_step import FLAT_KEYS, flat_step
from shaper_gm.engine.harm import reduced
from shaper_gm.engine.mixing import Weighed
from shaper_gm.engine.pinning import PIN_KEYS
from shaper_gm.engine.pooling import POOL_KEYS
from shaper_gm.engine.rolling import _roll_step
from shaper_gm.engine.step_scans import MAX_REPEAT
from shaper_gm.engine.stepkit import (
    FIELD,
    Facts,
    Made,
    VocabError,
    _guard,
    _guarded,
    _reads,
    checked_name,
    expression,
    fill,
)
from shaper_gm.engine.steps import Step

KINDS = ("set", "roll", "reduce", "note", "recap", "ask", "repeat", "together", "flat")
_STEP_KEYS = {
    "set": {"set", "when", "words"},
    "roll": {"roll", "slot", "into", "who", "keep_higher", "keep_lower", "double_dice",
             "what", "once", "quiet", "when", "after", *POOL_KEYS, "zero_faces", *PIN_KEYS,
             "follows", "faces", "lead", "declare"},
    "reduce": {"reduce", "type", "resist", "vulnerable", "immune", "rule", "when"},
    "note": {"note", "value", "rule", "recap", "join", "when", "says"},
    "recap": {"recap", "join", "when"},
    "ask": {"ask", "who", "into", "prompt", "rule", "when", "unknown", "settled", "default",
            "point", "logs"},
    "repeat": {"repeat", "when"},
    "together": {"together"},
    "flat": FLAT_KEYS,
}
REPEAT_KEYS = {"at_most", "while", "steps"}


def compile_steps(raw: Sequence[Mapping[str, Any]], given: Iterable[str],
                  keep: Iterable[str] = (), where: str = "steps",
                  read_after: Mapping[str, Iterable[str]] | None = None) -> tuple[Step, ...]:
    """Steps from their declarations. `given` names the facts the action starts from;
    `keep` names what must outlive the steps (what the outcome is read for);
    `read_after` maps where each later reader is (its changes, its line) to the names it
    reads: each must be known once the steps are done."""
    made, known = _made_steps(raw, set(given), where, nested=False)
    for at, names in (read_after or {}).items():
        missing = sorted(name for name in names if name not in known
                         and name.partition(".")[0] not in known)
        if missing:
            raise VocabError(at, f"reads {missing[0]!r}, which no step or fact gives "
                                 f"(known after the steps: {', '.join(sorted(known))})")
    return _with_forgetting(made, frozenset(keep))


def _made_steps(raw: Any, known: set[str], where: str,
                nested: bool) -> tuple[list[Made], set[str]]:
    """Each declared step made, checked against what is known before it; and what is
    known after them all."""
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise VocabError(where, "expected a list of steps")
    known = set(known)
    made: list[Made] = []
    for index, declared in enumerate(raw):
        at = f"{where}[{index}]"
        if not isinstance(declared, Mapping):
            raise VocabError(at, "expected a step: a mapping with one of "
                                 f"{', '.join(KINDS)}")
        kinds = [kind for kind in KINDS if kind in declared]
        if kinds == ["note", "recap"]:          # a note with its words for the recap
            kinds = ["note"]
        if len(kinds) != 1:
            raise VocabError(at, f"a step has exactly one of {', '.join(KINDS)}, "
                                 f"found {', '.join(kinds) or 'none'}")
        kind = kinds[0]
        unknown = sorted(set(declared) - _STEP_KEYS[kind])
        if unknown:
            keys = ", ".join(sorted(_STEP_KEYS[kind]))
            raise VocabError(f"{at}.{unknown[0]}", f"a {kind} step has no such key "
                                                    f"(keys: {keys})")
        if kind == "together" and nested:
            raise VocabError(f"{at}.together", "a repeat holds no together: every target "
                                               "gathers its facts once, outside it")
        if kind == "repeat":
            if nested:
                raise VocabError(f"{at}.repeat", "a repeat holds no repeat: write the "
                                                 "inner one's steps out, or bound it once")
            rounds = _repeat_steps(declared, at, frozenset(known))
        else:
            rounds = [_MAKERS[kind](declared, at, frozenset(known))]
        for step, reads, writes in rounds:
            missing = sorted(name for name in reads - known
                             if not name.startswith("asks."))
            if missing:
                raise VocabError(at, f"reads {missing[0]!r}, which nothing before it gives "
                                     f"(known here: {', '.join(sorted(known)) or 'nothing'})")
            known |= writes
            made.append((step, reads, writes))
    return made, known


def _with_forgetting(made: list[Made], keep: frozenset[str]) -> tuple[Step, ...]:
    """Each step, told what later steps still read: in exact odds it drops the rest."""
    needed = keep
    after: list[frozenset[str]] = []       # what each step keeps, from the last one back
    for step, reads, _ in reversed(made):
        after.append(needed)
        if not step.words_only:             # odds skip it: what it reads is not kept
            needed = needed | (reads - step.words_read)
    after.reverse()
    out: list[Step] = []
    kept: frozenset[str] | None = None     # what the facts hold before the step, if known
    for (step, reads, writes), needed in zip(made, after, strict=True):
        dropped = None if kept is None else tuple(sorted((kept | writes) - needed))
        out.append(_trimming(step, needed, reads - step.words_read, writes, dropped))
        if not step.words_only:
            kept = needed
    return tuple(out)


def _trimming(inner: Step, needed: frozenset[str], reads: frozenset[str] = frozenset(),
              writes: frozenset[str] = frozenset(),
              dropped: tuple[str, ...] | None = None) -> Step:
    """The step, its facts trimmed to `needed` in exact odds: by dropping the few names
    `dropped` lists (the facts before it were trimmed to a known set), else by keeping
    what `needed` holds."""
    fn = inner.fn
    order = tuple(sorted(needed))          # walked in this order when fewer than the facts

    def run(facts: Facts, tape: Any) -> Facts:
        after: Facts = fn(facts, tape)
        if not tape.exact:
            return after
        if dropped is None:
            return after.only(needed, order)
        return after.without(dropped)
    return Weighed(run, inner.name, words_only=inner.words_only, words_read=inner.words_read,
                   together=inner.together, plain=inner.plain, reads=reads, writes=writes,
                   sums=getattr(inner, "sums", False))


# -- the step kinds ------------------------------------------------------------------

def _set_step(declared: Mapping[str, Any], at: str, known: frozenset[str]) -> Made:
    values = declared["set"]
    if not isinstance(values, Mapping) or not values:
        raise VocabError(f"{at}.set", "expected a mapping of names to expressions")
    compiled: list[tuple[str, Compiled]] = []
    reads: set[str] = set()
    written: set[str] = set()
    for key, text in values.items():
        name = checked_name(key, f"{at}.set")
        expr = expression(text, f"{at}.set.{name}")
        if expr.has_dice:
            raise VocabError(f"{at}.set.{name}", "dice are rolled by a roll step, not set")
        reads |= expr.names - written
        compiled.append((name, expr))
        written.add(name)
    guard = _guard(declared, at)
    pairs = tuple((name, expr.run) for name, expr in compiled)

    def body(facts: Facts, tape: Any) -> Facts:
        values = dict(facts._values)          # a copy at C speed: odds run it per outcome
        for name, run in pairs:
            values[name] = run(values)
        return Facts.owning(values)
    made = replace(_guarded("set", guard, body), plain=True)
    if declared.get("words", False) is not False:  # the breakdown's words: odds skip it
        if declared["words"] is not True:
            raise VocabError(f"{at}.words", f"expected true or false, got {declared['words']!r}")
        made = replace(made, words_only=True)
    return made, frozenset(reads) | _reads(guard), frozenset(written)


def _reduce_step(declared: Mapping[str, Any], at: str, known: frozenset[str]) -> Made:
    name = checked_name(declared["reduce"], f"{at}.reduce")
    if "type" not in declared:
        raise VocabError(f"{at}.type", "missing (required): the damage type the target's "
                                       "resistances are read against")
    kind = expression(declared["type"], f"{at}.type")
    lists = {key: expression(declared[key], f"{at}.{key}") for key in
             ("resist", "vulnerable", "immune") if key in declared}
    guard = _guard(declared, at)
    none: tuple[str, ...] = ()
    runs = {key: lists[key].run if key in lists else (lambda facts: none)
            for key in ("resist", "vulnerable", "immune")}

    rule = str(declared.get("rule", ""))

    def body(facts: Facts, tape: Any) -> Facts:
        after, why = reduced(facts[name], kind.run(facts), runs["resist"](facts),
                             runs["vulnerable"](facts), runs["immune"](facts))
        if why:
            tape.note(why, after, rule)
        return facts.with_values(**{name: after})
    reads = _reads(kind, guard, *lists.values()) | frozenset({name})
    return _guarded("reduce", guard, body), reads, frozenset({name})


def _note_step(declared: Mapping[str, Any], at: str, known: frozenset[str]) -> Made:
    """A line of the breakdown (`note`) and its words in the one-line recap (`recap`,
    after `join`); a `recap` step alone has no line in the breakdown."""
    texts = {key: declared.get(key, "") for key in ("note", "recap")}
    join = declared.get("join", "; ")
    says = note_says(declared, at)              # what the breakdown draws (says:)
    for key, text in (*texts.items(), ("join", join)):
        if not isinstance(text, str):
            raise VocabError(f"{at}.{key}", f"expected words, got {text!r}")
    fields = tuple(FIELD.findall(" ".join((texts["note"], texts["recap"], *(says or ())[:1]))))
    value = expression(declared["value"], f"{at}.value") if "value" in declared else None
    rule = str(declared.get("rule", ""))
    guard = _guard(declared, at)

    def body(facts: Facts, tape: Any) -> Facts:
        if not tape.exact:
            if texts["note"]:
                tape.note(fill(texts["note"], facts),
                          value.run(facts) if value is not None else None, rule)
                if says is not None:               # the words it draws (a played tape's)
                    tape.notes[-1] = worded(tape.notes[-1], fill(says[0], facts),
                                            says[1] or rule)
            if texts["recap"]:
                tape.recap(fill(texts["recap"], facts), join)
        return facts
    made = replace(_guarded("note", guard, body), words_only=True)
    return made, frozenset(fields) | _reads(value, guard), frozenset()


def _repeat_steps(declared: Mapping[str, Any], at: str,
                  known: frozenset[str]) -> list[Made]:
    """A repeat unrolled: each round runs its steps when `while` (and the step's `when`)
    holds. A round that does not run leaves the facts as they were, so every later one
    finds `while` false too: the rounds stop at the first that does not run."""
    body = declared["repeat"]
    where = f"{at}.repeat"
    if not isinstance(body, Mapping):
        raise VocabError(where, "expected {at_most: N, while: EXPR, steps: [...]}")
    extra = sorted(set(body) - REPEAT_KEYS)
    if extra:
        raise VocabError(f"{where}.{extra[0]}", "a repeat has no such key (keys: "
                                                f"{', '.join(sorted(REPEAT_KEYS))})")
    for key in ("at_most", "while", "steps"):
        if key not in body:
            raise VocabError(f"{where}.{key}", "missing (required): a repeat is bounded "
                                               "by at_most and stops once while fails")
    most = body["at_most"]
    if not isinstance(most, int) or isinstance(most, bool) or not 1 <= most <= MAX_REPEAT:
        raise VocabError(f"{where}.at_most", f"expected a whole number from 1 to "
                                             f"{MAX_REPEAT} (a repeat never loops), "
                                             f"got {most!r}")
    test = expression(body["while"], f"{where}.while")
    guard = _guard(declared, at)
    inner, _ = _made_steps(body["steps"], set(known), f"{where}.steps", nested=True)
    if not inner:
        raise VocabError(f"{where}.steps", "expected at least one step")
    fns = tuple(step.fn for step, _, _ in inner)
    weighed = tuple(step.fn for step, _, _ in inner if not step.words_only)  # odds' steps
    made_in_round: set[str] = set()
    read_first: set[str] = set()       # what a round reads that it has not made itself
    weighed_first: set[str] = set()    # ... for more than its words (a prompt's)
    for step, step_reads, step_writes in inner:
        read_first |= step_reads - made_in_round
        weighed_first |= step_reads - step.words_read - made_in_round
        made_in_round |= step_writes
    reads = frozenset(read_first) | _reads(test, guard)
    words_read = frozenset(read_first - weighed_first) - _reads(test, guard)
    writes = frozenset().union(*(w for _, _, w in inner))
    holds = test.run
    when = guard.run if guard is not None else None

    def round_of(k: int) -> Step:
        def run(facts: Facts, tape: Any) -> Facts:
            if not holds(facts) or (when is not None and not when(facts)):
                return facts
            for fn in weighed if tape.exact else fns:   # odds skip the words, as outside
                facts = fn(facts, tape)
            return facts
        return Step(run, f"repeat {k + 1}", words_read=words_read)
    return [(round_of(k), reads, writes) for k in range(most)]


_MAKERS = {"set": _set_step, "roll": _roll_step, "reduce": _reduce_step, "note": _note_step,
           "recap": _note_step,
           "ask": _ask_step,        # a repeat is made by `_repeat_steps`: several rounds
           "together": together_step, "flat": flat_step}
