"""Exact odds of a declared action: its own steps run over exact distributions
(`engine.steps.exact`) from the very facts play would start from, read into the one odds
record (`engine.odds.Odds`) by what the action's `odds:` declares."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING, Any

from shaper_gm.engine.declared import Declared
from shaper_gm.engine.declared_answers import refuse_others
from shaper_gm.engine.declared_records import run_checked, step_fault
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.exact_kept import kept
from shaper_gm.engine.expr import ExprError
from shaper_gm.engine.mixing import Reading, exact_read
from shaper_gm.engine.odds import Chance, Fact, Odds, Spread, TargetOdds
from shaper_gm.engine.odds_limits import check_limits
from shaper_gm.engine.situation import chosen_item, lookup
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.stepkit import fill
from shaper_gm.engine.steps import chance

if TYPE_CHECKING:
    from fractions import Fraction

    from shaper_gm.engine.decisions import Decisions
    from shaper_gm.engine.request import Request


def declared_odds(declared: Declared, state: Encounter, rs: Any, request: Request,
                  decisions: Decisions | None = None) -> Odds:
    """The odds of `declared` as `request` asks for it, one entry per target; the
    decisions others make inside it are those `decisions` declares, else none."""
    from shaper_gm.dice.exact import Dist
    spec = declared.odds
    if spec is None:
        raise RuleViolation(f"{declared.name} declares no odds", "odds work out attacks")
    targets: list[TargetOdds] = []
    found: list[Fact] = []
    plan = declared.facts(state, rs, request)
    answers = tuple(decisions.declared) if decisions else ()
    refuse_others(declared, state, rs, request, answers)
    for facts in plan:
        where = f"{declared.name}: odds"
        for need in spec.requires:                # refused before any work, as limits
            if not run_checked(need.test, facts, f"{where}.requires"):
                raise need.refused(facts, "odds")
        check_limits(spec.limits, facts)          # refused before any work when too large
        try:
            read = kept(("odds", tuple(declared.steps), facts, answers, spec),
                        partial(exact_read, declared.steps, facts, decisions,
                                _readings(spec, where)))
        except ExprError as exc:
            raise step_fault(declared.name, exc) from None
        shown = {key: (label, note) for key, label, note in spec.labels}
        chances = tuple(Chance(key, _chance(read[f"chances.{key}"]),
                               fill(shown.get(key, ("", ""))[1], facts),
                               shown.get(key, ("", ""))[0]) for key, _ in spec.chances)
        spreads = tuple(Spread(key, Dist.from_probs(_spread(read[f"spreads.{key}"])),
                               shown.get(key, ("", ""))[1], shown.get(key, ("", ""))[0])
                        for key, _ in spec.spreads)
        start = run_checked(spec.start, facts, where) if spec.start is not None else None
        limit = run_checked(spec.limit, facts, where) if spec.limit is not None else None
        found += [_fact(read[f"facts.{key}"], key) for key, _ in spec.facts] \
            if not targets else []
        targets.append(TargetOdds(str(facts.get("target", "")), chances, spreads, spec.harm,
                                  spec.resource, start, limit))
    actor = state.actors[request.acting]
    item = chosen_item(rs, actor, request, declared.item, declared.held, declared.bare) \
        if declared.item else None
    return Odds(actor.id, spec.words or declared.name, tuple(targets),
                weapon=str(lookup(item, "name") or "") if item is not None else "",
                facts=(*_answers(spec, decisions), *found,
                       *_given(spec, plan[0], declared.name)),
                assumed=tuple(said for said in (fill(text, plan[0]) for text in spec.assumes)
                              if said))          # one that fills in as '' is left out


def _answers(spec: Any, decisions: Decisions | None) -> tuple[Fact, ...]:
    """The answers declared (``--react``), in order, under the key `answers` names."""
    if spec.answers is None:
        return ()
    key, note = spec.answers
    said = tuple(answer for _, answer in (decisions.declared if decisions else ()))
    return (Fact(key, ", ".join(said) or "none", said, note),)


def _given(spec: Any, facts: Any, name: str) -> tuple[Fact, ...]:
    """`given:` of the odds, read from the action's facts before anything is rolled."""
    return tuple(Fact(key, fill(text, facts) if text else "",
                      run_checked(value, facts, f"{name}: odds.given.{key}")
                      if value is not None else None, note)
                 for key, value, text, note in spec.given)


def _readings(spec: Any, where: str) -> list[Reading]:
    """What the odds read of the final facts: each chance, spread and fact."""
    def reader(expr: Any) -> Any:
        return lambda facts: run_checked(expr, facts, where)
    return [(f"{part}.{key}", expr.names, reader(expr)) for part, pairs in
            (("chances", spec.chances), ("spreads", spec.spreads), ("facts", spec.facts))
            for key, expr in pairs]


def _fact(values: dict[Any, Fraction], key: str) -> Fact:
    """`odds.facts`: a value of its final facts, the first target's (the kind of defense
    it rolls); values that differ by the dice are listed, in order."""
    listed = list(values)
    return Fact(key, ", ".join(map(str, listed)), listed[0] if len(listed) == 1 else None)


def _chance(values: dict[Any, Fraction]) -> Fraction:
    return chance(values, lambda value: value)


def _spread(values: dict[Any, Fraction]) -> dict[Hashable, Fraction]:
    from fractions import Fraction
    out: dict[Hashable, Fraction] = defaultdict(Fraction)
    for value, p in values.items():
        out[int(value)] += p
    return dict(out)
