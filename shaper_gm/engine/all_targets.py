"""An action of several targets read as one: the targets a named one brings along
(`spread`), and the steps played for every target up to a `together` step before any
goes on, so what follows reads every target's facts (`every.NAME`): one damage roll
whose critical die is rolled when some target is critical (a sweeping blow).

Odds, and an action of one target, play the `together` step in line: `every.NAME` then
holds the one target's own value."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.stepkit import Facts, Made, VocabError, checked_name, expression
from shaper_gm.engine.steps import Step, play
from shaper_gm.records import record

EVERY = "every"              # every.NAME: each target's value of NAME, in target order
SPREAD_KEYS = {"when", "to"}


@record
class Spread:
    """`spread: {when, to}`: when `when` holds of the one target named, every other
    actor up of whom `to` holds (read as the target) is a target too, in the order
    they were added."""

    when: Compiled
    to: Compiled


def compile_spread(raw: Any, at: str, target: str | None) -> Spread:
    if target is None:
        raise VocabError(at, "only an action with a target: names who else it takes")
    if not isinstance(raw, Mapping) or set(raw) != SPREAD_KEYS:
        raise VocabError(at, f"expected {{when: EXPR, to: EXPR}} (both required), got {raw!r}")
    return Spread(expression(raw["when"], f"{at}.when"), expression(raw["to"], f"{at}.to"))


def spread_targets(spread: Spread | None, targets: Sequence[str | None],
                   seen: Any) -> tuple[str | None, ...]:
    """The targets named, then those `spread` brings along; `seen(target)` is the
    situation with that target (`engine.situation.Situation`)."""
    from shaper_gm.engine.declared_records import run_checked
    if spread is None or len(targets) != 1 or \
            not run_checked(spread.when, seen(targets[0]), "spread: when"):
        return tuple(targets)
    first = seen(targets[0])
    others = [actor.id for actor in first.state.actors.values()
              if actor.id not in targets and actor.id != first.ids["actor"]
              and not actor.down]
    return (*targets, *(other for other in others
                        if run_checked(spread.to, seen(other), "spread: to")))


def together_step(declared: Mapping[str, Any], at: str, known: frozenset[str]) -> Made:
    """`together: [NAME, ...]`: the steps before it run for every target first; after
    it `every.NAME` holds each target's NAME, in target order."""
    names = declared["together"]
    if not isinstance(names, list) or not names:
        raise VocabError(f"{at}.together", "expected a list of the names every target's "
                                           f"value is gathered of, got {names!r}")
    names = tuple(checked_name(name, f"{at}.together") for name in names)

    def alone(facts: Facts, tape: Any) -> Facts:     # one target: its own values
        return facts.with_values(**{f"{EVERY}.{name}": (facts[name],) for name in names})
    return Step(alone, "together", together=names), frozenset(names), \
        frozenset(f"{EVERY}.{name}" for name in names)


def placed_slots(raw: Sequence[Any]) -> tuple[str, ...]:
    """The slots rolled once a target, by one roll step neither `once` nor `follows`:
    the k-th target's roll takes the k-th place of its slot, even when an earlier target
    rolled none (`--defense 2 --defense 1`, the first target missed)."""
    from shaper_gm.engine.step_scans import unrolled
    rolls = [step for step in unrolled(raw) if isinstance(step, Mapping) and "roll" in step
             and isinstance(step.get("slot"), str)]
    counts = Counter(str(step["slot"]) for step in rolls)
    return tuple(slot for slot, n in counts.items() if n == 1 and not any(
        step["slot"] == slot and (step.get("once") or step.get("follows")) for step in rolls))


def played_steps(steps: Sequence[Step], plan: Iterable[Facts], tape: Any,
                 once: Sequence[str], placed: Sequence[str] = ()) -> list[Facts]:
    """Every target's final facts: the steps up to each `together` step for every
    target in turn, then what every target gathered given to each; what a `once` roll
    rolled for an earlier target is each later one's too; a `placed` slot's roll takes
    its target's place."""
    facts, shared = list(plan), dict[str, Any]()
    segment: list[Step] = []
    for step in (*steps, None):
        if step is not None and not step.together:
            segment.append(step)
            continue
        for i, each in enumerate(facts):
            for slot in placed if len(facts) > 1 else ():
                tape.place(slot, i)
            facts[i] = play(segment, each.with_values(**shared), tape)
            shared = {name: facts[i][name] for name in once if name in facts[i]}
        segment = []
        if step is not None:
            every = {f"{EVERY}.{name}": tuple(each[name] for each in facts)
                     for name in step.together}
            facts = [each.with_values(**every) for each in facts]
    return facts
