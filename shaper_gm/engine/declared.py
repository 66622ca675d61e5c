"""An action a ruleset declares as data, run by the engine's one pipeline like any other.

A declaration is a mapping (as a ruleset's YAML gives it, already parsed):

- ``what``: how refusals name the action ("an attack"); ``timing``: turn | reaction |
  either; ``cost``: resource → amount;
- ``target``: who the verb's target word may name: ``foe`` (another side), ``ally``
  (its own side, not itself), ``other`` (anyone but itself), ``any``; omitted: none;
- ``item``: the actor's sheet list the ``--with`` flag picks from (``weapons``); the
  first is taken when none is named, and ``item.X`` reads the item's fields;
- ``requires``: a list of ``{test, refuse, hint}``: a test that must hold, else the
  action is refused with that text (``{name}`` fields filled in) before anything is paid;
- ``given``: ``{NAME: EXPR}``, the facts the steps start from, read from the situation;
- ``steps``: the resolution (`engine.vocab`);
- ``apply``: what the facts do to the encounter, in order: ``{hp: {who, change,
  through}}`` (a change of hit points; damage first comes off the resource
  ``through``, e.g. temporary hit points, G20) and ``{resource: {who, name, change}}``;
  each may have ``when``;
- ``line``: the outcome in one line, ``{NAME}`` fields from the facts.

The situation an expression reads: ``actor.X`` and ``target.X`` (``id``, ``name``,
``side``, ``hp``, ``max_hp``, ``down``, each resource, each sheet key, a number with
the actor's effects on it added), ``item.X``, ``distance`` (in the ruleset's units),
``flag.X`` (the request's flags; 0 when not given) and ``rules.X`` (the ruleset's
numbers, `rs.library.numbers`; its ``cell_size`` is what one cell of distance counts).
Items come from `rs.library.item(kind, id)`. A mistake in a declaration is a
`VocabError` naming where, when the ruleset loads; what the encounter holds (a sheet
key, an item's field) is looked up as the action is taken, and a miss refuses it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from shaper_gm.engine import events as ev
from shaper_gm.engine import harm
from shaper_gm.engine.actions import TIMINGS, Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import Compiled, ExprError
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.engine.steps import Note, PlayTape, Step, play
from shaper_gm.engine.vocab import Facts, VocabError, checked_name, compile_steps, expression
from shaper_gm.records import record

if TYPE_CHECKING:
    from shaper_gm.engine.request import Request

KEYS = {"what", "timing", "cost", "target", "item", "requires", "given", "steps", "apply",
        "line"}
TARGETS = ("foe", "ally", "other", "any")
ROLES = ("actor", "target")
_FIELD = re.compile(r"\{([a-z_][a-z0-9_.]*)\}")


@record
class Outcome:
    """What a declared action found: its facts as played, its breakdown notes, its line."""

    action: str
    actor: str
    target: str | None
    facts: Facts
    notes: tuple[Note, ...] = ()
    line: str = ""


@record
class Resolved(ev.Event):
    """A declared action's outcome, as its line says it."""

    actor: str
    action: str
    outcome: Outcome


@record
class Requirement:
    test: Compiled
    refuse: str
    hint: str = ""


@record
class Change_:
    """One `apply` entry: a change of hit points or of a resource."""

    kind: str                     # hp | resource
    who: str                      # actor | target
    change: Compiled
    name: str = ""                # the resource, for `resource`
    through: str = ""             # for `hp`: a resource damage takes first
    when: Compiled | None = None


@record
class Declared:
    """A declared action, checked and compiled."""

    name: str
    what: str
    timing: str
    cost: tuple[tuple[str, int], ...]
    target: str | None
    item: str | None
    requires: tuple[Requirement, ...]
    given: tuple[tuple[str, Compiled], ...]
    steps: tuple[Step, ...]
    apply: tuple[Change_, ...]
    line: str

    def action(self) -> Action:
        """The engine's action: `prepare` refuses, `resolve` plays and applies."""
        return Action(self.name, self._resolve, cost=dict(self.cost),
                      prepare=self._prepare, timing=self.timing, what=self.what)

    def _prepare(self, acting: Acting) -> Facts:
        return self.facts(acting.state, acting.rs, acting.request)

    def facts(self, state: Encounter, rs: Any, request: Request) -> Facts:
        """Every refusal checked, then the facts the steps start from."""
        situation = Situation(state, rs, request, self)
        for need in self.requires:
            if not _run(need.test, situation, f"{self.name}: requires"):
                raise RuleViolation(_fill(need.refuse, situation), _fill(need.hint, situation)
                                    or f"see help {self.name}")
        values = {role: situation.ids[role] for role in ROLES if role in situation.ids}
        for name, expr in self.given:
            values[name] = _run(expr, situation, f"{self.name}: given.{name}")
        return Facts(values)

    def _resolve(self, acting: Acting) -> Done:
        state, facts, tape = acting.state, acting.plan, acting.tape
        if not isinstance(tape, PlayTape):
            raise TypeError(f"{self.name}: a declared action is played on a PlayTape")
        played = play(self.steps, facts, tape)
        events: list[ev.Event] = []
        for change in self.apply:
            state, changed = self._apply(state, acting.rs, change, played)
            events += changed
        target = played.get("target")
        outcome = Outcome(self.name, acting.actor, target, played, tuple(tape.notes),
                          _fill(self.line, played) if self.line else "")
        return Done(state, (Resolved(acting.actor, self.name, outcome), *events), outcome)

    def _apply(self, state: Encounter, rs: Any, change: Change_, facts: Facts) -> Change:
        if change.when is not None and not _run(change.when, facts, f"{self.name}: apply"):
            return state, []
        who = facts[change.who]
        amount = int(_run(change.change, facts, f"{self.name}: apply"))
        actor = state.actors[who]
        why = f"{state.actors[facts['actor']].name}'s {self.name}"
        if change.kind == "resource":
            before = actor.resource(change.name)
            after = max(0, before + amount)
            state = state.with_actor(actor.with_resource(change.name, after))
            return state, [ev.ResourceChanged(who, change.name, before, after, why, "")]
        if amount == 0:
            return state, []
        events: list[ev.Event] = []
        if amount < 0 and change.through:
            held = actor.resource(change.through)
            taken = min(held, -amount)
            if taken:
                actor = actor.with_resource(change.through, held - taken)
                state = state.with_actor(actor)
                events.append(ev.ResourceChanged(who, change.through, held, held - taken,
                                                 why, ""))
                amount += taken
        if amount == 0:
            return state, events
        before = actor.hp or 0
        after = before + amount
        note = harm.damage_note(-amount, before, max(0, after)) if amount < 0 else \
            harm.healed_note(amount, before, min(after, actor.max_hp or after))
        state, changed = harm.set_hp(state, rs, who, after, note)
        return state, [*events, *changed]


class Situation(Mapping[str, Any]):
    """What an action's expressions read before its steps: the actors, the item, the
    distance, the flags and the ruleset's numbers, looked up by name when read."""

    def __init__(self, state: Encounter, rs: Any, request: Request, action: Declared) -> None:
        self.state, self.rs, self.request, self.action = state, rs, request, action
        self.ids: dict[str, str] = {"actor": request.acting}
        actor = state.actors[request.acting]
        if action.target is not None:
            self.ids["target"] = _target(state, actor, request, action)
        self.item = _item(rs, actor, request, action) if action.item else None

    def __getitem__(self, name: str) -> Any:
        head, _, rest = name.partition(".")
        if head in self.ids and rest:
            return _actor_value(self.rs, self.state.actors[self.ids[head]], rest)
        if head == "item" and self.item is not None and rest:
            return _field(self.item, rest, f"the {self.action.item} item")
        if head == "flag" and rest:
            value = self.request.get(rest.replace("_", "-"))
            return 0 if value is None else value
        numbers = self.rs.library.numbers
        if head == "rules" and rest:
            return _field(numbers, rest, "the ruleset's numbers")
        if name == "distance" and "target" in self.ids:
            here, there = (self.state.actors[self.ids[r]].zone for r in ROLES)
            cells = self.rs.distance(here, there) if here and there else 0
            size = numbers.get("cell_size") if isinstance(numbers, Mapping) else \
                getattr(numbers, "cell_size", None)
            return cells * (size or 1)
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def _run(expr: Compiled, env: Mapping[str, Any], where: str) -> Any:
    try:
        return expr.run(env)
    except ExprError as exc:
        raise RuleViolation(f"{where}: {exc}", "the ruleset's declaration needs a fix; "
                                               "tell the GM who wrote it") from None


def _fill(text: str, env: Mapping[str, Any]) -> str:
    def value(found: re.Match[str]) -> str:
        try:
            return str(env[found.group(1)])
        except KeyError:
            return found.group(0)
    return _FIELD.sub(value, text)


def _field(holder: Any, name: str, what: str) -> Any:
    value = holder.get(name) if isinstance(holder, Mapping) else getattr(holder, name, None)
    if value is None:
        raise ExprError(f"{what} has no {name!r}")
    return value


def _actor_value(rs: Any, actor: Actor, key: str) -> Any:
    if key in ("id", "name", "side", "hp", "max_hp", "down", "zone"):
        return getattr(actor, key)
    if key in dict(actor.resources) or rs.resource_spec(key) is not None:
        return actor.resource(key)
    value = _field(actor.sheet, key, f"{actor.name}'s sheet")
    if isinstance(value, int) and not isinstance(value, bool):
        return value + actor.effect_total(key)
    return value


def _target(state: Encounter, actor: Actor, request: Request, action: Declared) -> str:
    target_id = request.target
    if target_id is None:
        raise RuleViolation(f"{action.name} needs a target", f"{action.name} TARGET")
    target = state.actors[target_id]
    if target.id == actor.id and action.target != "any":
        raise RuleViolation(f"{actor.name} cannot {action.name} itself", "name another actor")
    if action.target == "foe" and target.side == actor.side:
        raise RuleViolation(f"{target.name} is on {actor.name}'s side", "name a foe")
    if action.target == "ally" and target.side != actor.side:
        raise RuleViolation(f"{target.name} is not on {actor.name}'s side",
                            "name an ally")
    return target.id


def _item(rs: Any, actor: Actor, request: Request, action: Declared) -> Any:
    carried = tuple(_field(actor.sheet, action.item or "", f"{actor.name}'s sheet") or ())
    named = request.get("with")
    if named is None:
        if not carried:
            raise RuleViolation(f"{actor.name} has no {action.item}",
                                f"give it some: add ... --{action.item} ITEM")
        named = carried[0]
    if named not in carried:
        raise RuleViolation(f"{actor.name} has no {named}",
                            f"{actor.name} has: {', '.join(carried) or 'nothing'}")
    return rs.library.item(action.item, named)


# -- compiling a declaration ------------------------------------------------------------

def compile_action(name: str, raw: Any, *, sheet_keys: frozenset[str] = frozenset(),
                   where: str = "") -> Declared:
    """A declared action from its mapping; `VocabError` naming where when it is wrong."""
    at = where or name
    if not isinstance(raw, Mapping):
        raise VocabError(at, "expected an action: a mapping with steps")
    unknown = sorted(set(raw) - KEYS)
    if unknown:
        raise VocabError(f"{at}.{unknown[0]}", f"an action has no such key (keys: "
                                               f"{', '.join(sorted(KEYS))})")
    timing = raw.get("timing", "turn")
    if timing not in TIMINGS:
        raise VocabError(f"{at}.timing", f"expected one of {', '.join(TIMINGS)}, got "
                                         f"{timing!r}")
    target = raw.get("target")
    if target is not None and target not in TARGETS:
        raise VocabError(f"{at}.target", f"expected one of {', '.join(TARGETS)}, got "
                                         f"{target!r}")
    cost = _cost(raw.get("cost", {}), f"{at}.cost")
    item = checked_name(raw["item"], f"{at}.item") if "item" in raw else None
    requires = tuple(_requirement(need, f"{at}.requires[{i}]")
                     for i, need in enumerate(_listed(raw.get("requires", []),
                                                      f"{at}.requires")))
    given_raw = raw.get("given", {})
    if not isinstance(given_raw, Mapping):
        raise VocabError(f"{at}.given", "expected a mapping of names to expressions")
    given = tuple((checked_name(key, f"{at}.given"), expression(text, f"{at}.given.{key}"))
                  for key, text in given_raw.items())
    roles = ("actor", "target") if target is not None else ("actor",)
    known = (*roles, *(key for key, _ in given))
    apply = tuple(_change(entry, f"{at}.apply[{i}]", roles)
                  for i, entry in enumerate(_listed(raw.get("apply", []), f"{at}.apply")))
    line = raw.get("line", "")
    if not isinstance(line, str):
        raise VocabError(f"{at}.line", f"expected the outcome's words, got {line!r}")
    keep = set(_FIELD.findall(line)) | set(roles)
    for change in apply:
        keep |= change.change.names | (change.when.names if change.when else set())
    steps = compile_steps(_listed(raw.get("steps", []), f"{at}.steps"), known,
                          keep=keep, where=f"{at}.steps")
    return Declared(name, str(raw.get("what", name)), timing, cost, target, item, requires,
                    given, steps, apply, line)


def _listed(value: Any, at: str) -> list[Any]:
    if not isinstance(value, list):
        raise VocabError(at, f"expected a list, got {type(value).__name__}")
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


def _change(raw: Any, at: str, roles: tuple[str, ...]) -> Change_:
    kinds = [kind for kind in ("hp", "resource") if isinstance(raw, Mapping) and kind in raw]
    if len(kinds) != 1:
        raise VocabError(at, "expected one of hp, resource (with when, if it depends)")
    kind = kinds[0]
    body = raw[kind]
    allowed = {"who", "change", "through"} if kind == "hp" else {"who", "change", "name"}
    if not isinstance(body, Mapping) or "change" not in body:
        raise VocabError(f"{at}.{kind}", f"expected {{{', '.join(sorted(allowed))}}}")
    extra = sorted(set(body) - allowed) or sorted(set(raw) - {kind, "when"})
    if extra:
        raise VocabError(f"{at}.{kind}.{extra[0]}", f"no such key (keys: "
                                                    f"{', '.join(sorted(allowed))})")
    who = body.get("who", "target" if "target" in roles else "actor")
    if who not in roles:
        raise VocabError(f"{at}.{kind}.who", f"expected one of {', '.join(roles)}, got "
                                             f"{who!r}")
    if kind == "resource" and "name" not in body:
        raise VocabError(f"{at}.resource.name", "missing (required): which resource")
    return Change_(kind, who, expression(body["change"], f"{at}.{kind}.change"),
                   name=str(body.get("name", "")), through=str(body.get("through", "")),
                   when=expression(raw["when"], f"{at}.when") if "when" in raw else None)
