"""Exact odds of a declared action: its own steps run over exact distributions
(`engine.steps.exact`) from the very facts play would start from, read into the one odds
record (`engine.odds.Odds`) by what the action's `odds:` declares."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from shaper_gm.engine.declared import Declared
from shaper_gm.engine.declared_records import run_checked, step_fault
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.exact_kept import kept_exact
from shaper_gm.engine.expr import ExprError
from shaper_gm.engine.odds import Chance, Fact, Odds, Spread, TargetOdds
from shaper_gm.engine.situation import chosen_item, lookup
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.stepkit import fill

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
    declared.refuse_others(state, rs, request, decisions.declared if decisions else ())
    for facts in plan:
        try:
            final = kept_exact(declared.steps, facts, decisions)
        except ExprError as exc:
            raise step_fault(declared.name, exc) from None
        where = f"{declared.name}: odds"
        chances = tuple(Chance(key, _chance(final, expr, where)) for key, expr in spec.chances)
        spreads = tuple(Spread(key, Dist.from_probs(_spread(final, expr, where)))
                        for key, expr in spec.spreads)
        start = run_checked(spec.start, facts, where) if spec.start is not None else None
        found += [_fact(final, key, expr, where) for key, expr in spec.facts] \
            if not targets else []
        targets.append(TargetOdds(str(facts.get("target", "")), chances, spreads, spec.harm,
                                  spec.resource, start))
    actor = state.actors[request.acting]
    item = chosen_item(rs, actor, request, declared.item, declared.held, declared.bare) \
        if declared.item else None
    return Odds(actor.id, spec.words or declared.name, tuple(targets),
                weapon=str(lookup(item, "name") or "") if item is not None else "",
                facts=(*_answers(spec, decisions), *found),
                assumed=tuple(fill(text, plan[0]) for text in spec.assumes))


def _answers(spec: Any, decisions: Decisions | None) -> tuple[Fact, ...]:
    """The answers declared (``--react``), in order, under the key `answers` names."""
    if spec.answers is None:
        return ()
    key, note = spec.answers
    said = tuple(answer for _, answer in (decisions.declared if decisions else ()))
    return (Fact(key, ", ".join(said) or "none", said, note),)


def _fact(final: dict[Any, Fraction], key: str, expr: Any, where: str) -> Fact:
    """`odds.facts`: a value of its final facts, the first target's (the kind of defense
    it rolls); values that differ by the dice are listed, in order."""
    values = list(dict.fromkeys(run_checked(expr, facts, where) for facts in final))
    return Fact(key, ", ".join(map(str, values)), values[0] if len(values) == 1 else None)


def _chance(final: dict[Any, Fraction], expr: Any, where: str) -> Fraction:
    from fractions import Fraction
    return sum((p for facts, p in final.items() if run_checked(expr, facts, where)),
               Fraction(0))


def _spread(final: dict[Any, Fraction], expr: Any, where: str) -> dict[Hashable, Fraction]:
    from fractions import Fraction
    out: dict[Hashable, Fraction] = defaultdict(Fraction)
    for facts, p in final.items():
        out[int(run_checked(expr, facts, where))] += p
    return dict(out)
