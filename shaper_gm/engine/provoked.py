"""What others take in answer to a declared action before it lands: an opportunity
attack as a creature leaves a foe's reach (the d20 rulings' G18).

An action declares `provokes:` entries: the answer that takes the chance
(`--react ID=ANSWER`), a test over each foe of the actor (as ``target``, the actor as
``actor``, its destination as ``destination`` and ``distance_after``), the action a foe
that answers takes against the actor, and what it costs the foe. Each foe the test
holds for, and that could take that action now, is asked in the order of the fight;
their actions are played on the same tape, before the actor's own steps, and an actor
they bring down goes no further.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from shaper_gm.engine import events as ev
from shaper_gm.engine import resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.request import Request
from shaper_gm.engine.situation import Situation
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.engine.stepkit import NO, VocabError, checked_name, expression, fill
from shaper_gm.records import record

if TYPE_CHECKING:
    from shaper_gm.engine.steps import PlayTape

KEYS = {"answer", "when", "action", "cost", "prompt", "rule"}


@record
class Provokes:
    answer: str
    when: Compiled
    action: str
    cost: tuple[tuple[str, int], ...] = ()
    prompt: str = ""
    rule: str = ""


def compile_provokes(raw: Any, at: str) -> tuple[Provokes, ...]:
    if not isinstance(raw, list):
        raise VocabError(at, "expected a list of {answer, when, action, cost, prompt, rule}")
    out = []
    for index, entry in enumerate(raw):
        here = f"{at}[{index}]"
        if not isinstance(entry, Mapping) or set(entry) - KEYS:
            raise VocabError(here, f"expected a mapping of {', '.join(sorted(KEYS))}")
        for key in ("answer", "when", "action"):
            if key not in entry:
                raise VocabError(f"{here}.{key}", "missing (required)")
        cost = entry.get("cost", {})
        if not isinstance(cost, Mapping) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0
                for v in cost.values()):
            raise VocabError(f"{here}.cost", "expected resource: whole number pairs")
        out.append(Provokes(checked_name(entry["answer"], f"{here}.answer"),
                            expression(entry["when"], f"{here}.when"),
                            checked_name(entry["action"], f"{here}.action"),
                            tuple((checked_name(k, f"{here}.cost"), v) for k, v in cost.items()),
                            str(entry.get("prompt", "")), str(entry.get("rule", ""))))
    return tuple(out)


def answered(entries: tuple[Provokes, ...], state: Encounter, rs: Any, request: Request,
             destination: str | None, tape: PlayTape) -> tuple[Change, list[str]]:
    """Each foe's answer, asked and, when taken, paid and played; the new state, its
    events, and who answered."""
    from shaper_gm.engine.declared_records import run_checked
    mover = request.acting
    events: list[ev.Event] = []
    reacted: list[str] = []
    for entry in entries:
        action = rs.library.action(entry.action)
        for foe in _foes(state, mover):
            situation = Situation(state, rs, request, foe, None, destination)
            if not run_checked(entry.when, situation, f"{request.verb}: provokes"):
                continue
            try:
                plan = action.facts(state, rs, Request(entry.action, (("actor", foe),
                                                                      ("target", mover))))
            except RuleViolation:
                continue                    # it could not take that action now
            if not _affords(state, rs, foe, entry.cost):
                continue
            from shaper_gm.engine.decisions import Ask
            prompt = fill(entry.prompt, {"who": state.actors[foe].name,
                                         "actor": state.actors[mover].name})
            said = tape.decide(Ask(foe, "react", (NO, entry.answer), NO, prompt, entry.rule))
            if said != entry.answer:
                continue
            reacted.append(foe)
            state, paid = _pay(state, rs, foe, entry)
            state, done = action.play_against(state, rs, plan, tape, foe)
            events += [*paid, *done]
            if state.actors[mover].down:
                return (state, events), reacted
    return (state, events), reacted


def _foes(state: Encounter, mover: str) -> list[str]:
    side = state.actors[mover].side
    order = [a for a in state.order if a in state.actors]
    rest = [a for a in state.actors if a not in order]
    return [a for a in (*order, *rest)
            if state.actors[a].side != side and not state.actors[a].down]


def _affords(state: Encounter, rs: Any, foe: str, cost: tuple[tuple[str, int], ...]) -> bool:
    actor = state.actors[foe]
    return all(actor.resource(name) >= amount for name, amount in cost)


def _pay(state: Encounter, rs: Any, foe: str, entry: Provokes) -> Change:
    actor = state.actors[foe]
    values, payment = resources.pay(rs.resources, actor.resource_map(), dict(entry.cost),
                                    action=entry.answer, who=actor.name, on_turn=False)
    state = state.with_actor(actor.with_resources(values))
    return state, [ev.ActionSpent(foe, entry.answer, payment.cost, payment.paid)]
