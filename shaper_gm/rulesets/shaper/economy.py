"""Action economy (S18, S22, S23): Major/Minor/Free and SP as engine resources.

The pools are resources the engine refills at the start of a turn and empties at its
end; substitution (a Minor paid with a Major, a Free with a Minor or else a Major) is
their `paid_by`. This module builds that table from the ruleset's numbers and words
Shaper's refusals the way the GM reads them.
"""

from __future__ import annotations

from collections.abc import Mapping

from shaper_gm.engine import resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.rulesets.shaper.content.models import ActionPool, RulesetNumbers

SP = "sp"


def action_kinds(numbers: RulesetNumbers) -> tuple[str, ...]:
    return tuple(numbers.pool.as_dict())


def resource_specs(numbers: RulesetNumbers) -> tuple[ResourceSpec, ...]:
    """S18: each kind is full at the start of the turn and lapses at its end; S22: SP
    regains its Regen at the start of the turn, up to Total SP; S23: SP pays off-turn."""
    subs = dict(numbers.substitutions)
    kinds = tuple(ResourceSpec(kind, kind.capitalize(), max=kind, start=0, refill="turn_start",
                               lapse="turn_end", paid_by=tuple(subs.get(kind, ())), rule="S18")
                  for kind in action_kinds(numbers))
    sp = ResourceSpec(SP, "SP", max="max_sp", refill="turn_start", refill_by="sp_regen",
                      off_turn=True, rule="S22")
    return (*kinds, sp)


def new_pool(numbers: RulesetNumbers, own: ActionPool | None = None) -> dict[str, int]:
    """A fresh turn's pool: the ruleset's (S18), or a creature's own (a summon's, S21)."""
    return (own or numbers.pool).as_dict()


def payers(numbers: RulesetNumbers, kind: str) -> tuple[str, ...]:
    """Kinds that may pay for `kind`, in order of preference: itself, then substitutes."""
    return (kind, *dict(numbers.substitutions).get(kind, ()))


def pay(numbers: RulesetNumbers, pool: Mapping[str, int], kind: str, *, who: str = "",
        full: Mapping[str, int] | None = None) -> tuple[dict[str, int], str]:
    """Spend one `kind` action from `pool`; returns the new pool and the kind it was
    actually paid with (S18 substitution)."""
    known = set(numbers.pool.as_dict()) | set(pool)
    if kind not in known:
        raise RuleViolation(f"no such action kind {kind!r} (S18)",
                            f"use one of: {', '.join(sorted(known))}")
    full = full or numbers.pool.as_dict()
    specs = [s for s in resource_specs(numbers) if s.name != SP]
    values = {k: pool.get(k, 0) for k in known}
    values, payment = resources.pay(specs, values, {kind: 1}, action=kind, who=who,
                                    on_turn=True,
                                    refuse=lambda *_: refusal(numbers, pool, kind, who, full))
    return values, payment.paid[0][0]


def refusal(numbers: RulesetNumbers, pool: Mapping[str, int], kind: str, who: str,
            full: Mapping[str, int]) -> RuleViolation:
    subject = f"{who} has" if who else "has"
    spent = "; ".join(f"{subject} spent {full.get(k, 0) - pool.get(k, 0)} of {full.get(k, 0)} "
                      f"{k.capitalize()}" for k in payers(numbers, kind))
    others = payers(numbers, kind)[1:]
    also = f" and nothing that may pay for it ({', '.join(o.capitalize() for o in others)})" \
        if others else ""
    return RuleViolation(f"no {kind.capitalize()} action left{also} (S18): {spent}",
                         "end the turn (end); skills can still be paid with SP (--sp)")
