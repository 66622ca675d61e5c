"""An action a ruleset declares as data, run by the engine's one pipeline like any other.

A declaration is a mapping (as a ruleset's YAML gives it, already parsed):

- ``what``: how refusals name the action ("an attack"); ``timing``: turn | reaction |
  either; ``cost``: resource → amount;
- ``target``: whom the verb's target words may name: ``foe`` (another side), ``ally``
  (its own side, not itself), ``other`` (anyone but itself), ``any``; omitted: nobody;
  ``targets``: how many it may name (1 by default): the steps run once per target;
- ``item``: the actor's sheet list the ``--with`` flag picks from (``weapons``); the
  first is taken when none is named, and ``item.X`` reads the item's fields;
- ``requires``: ``{test, refuse, hint}`` entries: a test that must hold, else the
  action is refused with that text (``{name}`` fields filled in) before anything is paid;
- ``given``: ``{NAME: EXPR}``, the facts the steps start from, read from the situation
  (`engine.situation`: ``actor.X``, ``target.X``, ``item.X``, ``distance``, ``flag.X``,
  ``rules.X``);
- ``steps``: the resolution (`engine.vocab`); ``apply``: what the facts change
  (`engine.changes`); ``line``: the outcome for one target in words, ``{NAME}`` fields
  from the facts.

A mistake in a declaration is a `VocabError` naming where, when the ruleset loads; what
the encounter holds (a sheet key, an item's field) is read as the action is taken, and a
miss refuses it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from shaper_gm.engine import changes
from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import TIMINGS, Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import Compiled, ExprError
from shaper_gm.engine.situation import Situation, check_target, chosen_item
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import Note, PlayTape, Step, play
from shaper_gm.engine.vocab import (
    Facts,
    VocabError,
    checked_name,
    compile_steps,
    expression,
    once_rolls,
)
from shaper_gm.records import record

if TYPE_CHECKING:
    from shaper_gm.engine.request import Request

KEYS = {"what", "timing", "cost", "target", "targets", "item", "requires", "given", "steps",
        "apply", "line"}
TARGETS = ("foe", "ally", "other", "any")
_FIELD = re.compile(r"\{([a-z_][a-z0-9_.]*)\}")


@record
class Result:
    """What the action found for one target (or for itself, with none)."""

    target: str | None
    facts: Facts
    line: str = ""


@record
class Outcome:
    """A declared action played: each target's result, and the breakdown's notes."""

    action: str
    actor: str
    results: tuple[Result, ...]
    notes: tuple[Note, ...] = ()


@record
class Resolved(ev.Event):
    actor: str
    action: str
    outcome: Outcome


@record
class Requirement:
    test: Compiled
    refuse: str
    hint: str = ""


@record
class Declared:
    """A declared action, checked and compiled."""

    name: str
    what: str
    timing: str
    cost: tuple[tuple[str, int], ...]
    target: str | None
    targets: int
    item: str | None
    requires: tuple[Requirement, ...]
    given: tuple[tuple[str, Compiled], ...]
    steps: tuple[Step, ...]
    once: tuple[str, ...]
    apply: tuple[changes.Entry, ...]
    line: str

    def action(self) -> Action:
        """The engine's action: `prepare` refuses, `resolve` plays and applies."""
        return Action(self.name, self._resolve, cost=dict(self.cost), prepare=self._prepare,
                      timing=self.timing, what=self.what)

    def _prepare(self, acting: Acting) -> tuple[Facts, ...]:
        return self.facts(acting.state, acting.rs, acting.request)

    def facts(self, state: Encounter, rs: Any, request: Request) -> tuple[Facts, ...]:
        """Every refusal checked, then the facts the steps start from, one per target."""
        actor = state.actors[request.acting]
        targets: Sequence[str | None] = (None,)
        if self.target is not None:
            targets = request.targets
            if not targets:
                raise RuleViolation(f"{self.name} needs a target", f"{self.name} TARGET")
            if len(targets) > self.targets:
                raise RuleViolation(f"{self.name} takes at most {self.targets} target"
                                    f"{'s' if self.targets > 1 else ''}, not {len(targets)}",
                                    f"name {self.targets} or fewer")
            for target in targets:
                check_target(state, actor, str(target), self.target, self.name)
        item = chosen_item(rs, actor, request, self.item) if self.item else None
        return tuple(self._facts(Situation(state, rs, request, target, item))
                     for target in targets)

    def _facts(self, situation: Situation) -> Facts:
        for need in self.requires:
            if not _run(need.test, situation, f"{self.name}: requires"):
                raise RuleViolation(_fill(need.refuse, situation),
                                    _fill(need.hint, situation) or f"see help {self.name}")
        values: dict[str, Any] = dict(situation.ids)
        for name, expr in self.given:
            values[name] = _run(expr, situation, f"{self.name}: given.{name}")
        return Facts(values)

    def _resolve(self, acting: Acting) -> Done:
        state, tape = acting.state, acting.tape
        if not isinstance(tape, PlayTape):
            raise TypeError(f"{self.name}: a declared action is played on a PlayTape")
        why = f"{state.actors[acting.actor].name}'s {self.name}"
        results: list[Result] = []
        events: list[ev.Event] = []
        shared: dict[str, Any] = {}
        for facts in acting.plan:
            played = play(self.steps, facts.with_values(**shared), tape)
            shared = {name: played[name] for name in self.once if name in played}
            for entry in self.apply:
                state, changed = changes.apply(state, acting.rs, entry, played, why)
                events += changed
            results.append(Result(played.get("target"), played,
                                  _fill(self.line, played) if self.line else ""))
        outcome = Outcome(self.name, acting.actor, tuple(results), tuple(tape.notes))
        return Done(state, (Resolved(acting.actor, self.name, outcome), *events), outcome)


def _run(expr: Compiled, env: Mapping[str, Any], where: str) -> Any:
    try:
        return expr.run(env)
    except ExprError as exc:
        raise RuleViolation(f"{where}: {exc}", "the ruleset's declaration needs a fix") \
            from None


def _fill(text: str, env: Mapping[str, Any]) -> str:
    def value(found: re.Match[str]) -> str:
        try:
            return str(env[found.group(1)])
        except (KeyError, ExprError):
            return found.group(0)
    return _FIELD.sub(value, text)


# -- compiling a declaration ------------------------------------------------------------

def compile_action(name: str, raw: Any, where: str = "") -> Declared:
    """A declared action from its mapping; `VocabError` naming where when it is wrong."""
    at = where or name
    if not isinstance(raw, Mapping):
        raise VocabError(at, "expected an action: a mapping with steps")
    unknown = sorted(set(raw) - KEYS)
    if unknown:
        raise VocabError(f"{at}.{unknown[0]}", f"an action has no such key (keys: "
                                               f"{', '.join(sorted(KEYS))})")
    timing = _one_of(raw.get("timing", "turn"), TIMINGS, f"{at}.timing")
    target = _one_of(raw["target"], TARGETS, f"{at}.target") if "target" in raw else None
    count = raw.get("targets", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 100:
        raise VocabError(f"{at}.targets", f"expected a whole number from 1 to 100, got "
                                          f"{count!r}")
    item = checked_name(raw["item"], f"{at}.item") if "item" in raw else None
    requires = tuple(_requirement(need, f"{at}.requires[{i}]")
                     for i, need in enumerate(_listed(raw, "requires", at)))
    given_raw = raw.get("given", {})
    if not isinstance(given_raw, Mapping):
        raise VocabError(f"{at}.given", "expected a mapping of names to expressions")
    given = tuple((checked_name(key, f"{at}.given"), expression(text, f"{at}.given.{key}"))
                  for key, text in given_raw.items())
    roles = ("actor", "target") if target is not None else ("actor",)
    apply = tuple(changes.compile_entry(entry, f"{at}.apply[{i}]", roles)
                  for i, entry in enumerate(_listed(raw, "apply", at)))
    line = raw.get("line", "")
    if not isinstance(line, str):
        raise VocabError(f"{at}.line", f"expected the outcome's words, got {line!r}")
    raw_steps = _listed(raw, "steps", at)
    keep = {*_FIELD.findall(line), *roles}.union(*(entry.reads for entry in apply))
    once = once_rolls(raw_steps)
    steps = compile_steps(raw_steps, (*roles, *(key for key, _ in given)),
                          keep=keep | set(once), where=f"{at}.steps")
    return Declared(name, str(raw.get("what", name)), timing, _cost(raw.get("cost", {}),
                    f"{at}.cost"), target, count, item, requires, given, steps, once, apply,
                    line)


def _one_of(value: Any, options: tuple[str, ...], at: str) -> str:
    if value not in options:
        raise VocabError(at, f"expected one of {', '.join(options)}, got {value!r}")
    return str(value)


def _listed(raw: Mapping[str, Any], key: str, at: str) -> list[Any]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        raise VocabError(f"{at}.{key}", f"expected a list, got {type(value).__name__}")
    return value


def _cost(value: Any, at: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping):
        raise VocabError(at, "expected resource: amount pairs, e.g. {action: 1}")
    out = []
    for key, amount in value.items():
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise VocabError(f"{at}.{key}", f"expected a whole number 0 or more, got "
                                            f"{amount!r}")
        out.append((checked_name(key, at), amount))
    return tuple(out)


def _requirement(raw: Any, at: str) -> Requirement:
    if not isinstance(raw, Mapping) or "test" not in raw or "refuse" not in raw:
        raise VocabError(at, "expected {test: EXPR, refuse: TEXT, hint: TEXT}")
    extra = sorted(set(raw) - {"test", "refuse", "hint"})
    if extra:
        raise VocabError(f"{at}.{extra[0]}", "a requirement has test, refuse and hint")
    return Requirement(expression(raw["test"], f"{at}.test"), str(raw["refuse"]),
                       str(raw.get("hint", "")))
