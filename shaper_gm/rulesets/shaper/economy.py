"""Action economy (S18): per-turn pools, paying with substitution."""

from __future__ import annotations

from collections.abc import Mapping

from shaper_gm.content.models import ActionPool, RulesetNumbers
from shaper_gm.rules.errors import RuleViolation


def new_pool(numbers: RulesetNumbers, own: ActionPool | None = None) -> dict[str, int]:
    """A fresh turn's pool: the ruleset's (S18), or a creature's own (a summon's, S21)."""
    return (own or numbers.pool).as_dict()


def payers(numbers: RulesetNumbers, kind: str) -> tuple[str, ...]:
    """Kinds that may pay for `kind`, in order of preference: itself, then substitutes."""
    return (kind, *dict(numbers.substitutions).get(kind, ()))


def pay(numbers: RulesetNumbers, pool: Mapping[str, int], kind: str, *, who: str = "",
        full: Mapping[str, int] | None = None) -> tuple[dict[str, int], str]:
    """Spend one `kind` action from `pool`; returns (new pool, kind actually spent).

    A missing kind is paid by its substitutes in the ruleset's order (S18: a Minor by a
    Major; a Free by a Minor, else a Major).
    """
    known = set(numbers.pool.as_dict()) | set(pool)
    if kind not in known:
        raise RuleViolation(f"no such action kind {kind!r} (S18)",
                            f"use one of: {', '.join(sorted(known))}")
    for payer in payers(numbers, kind):
        if pool.get(payer, 0) > 0:
            new = dict(pool)
            new[payer] -= 1
            return new, payer
    full = full or numbers.pool.as_dict()
    subject = f"{who} has" if who else "has"
    spent = "; ".join(f"{subject} spent {full.get(k, 0) - pool.get(k, 0)} of {full.get(k, 0)} "
                      f"{k.capitalize()}" for k in payers(numbers, kind))
    others = payers(numbers, kind)[1:]
    also = f" and nothing that may pay for it ({', '.join(o.capitalize() for o in others)})" \
        if others else ""
    raise RuleViolation(f"no {kind.capitalize()} action left{also} (S18): {spent}",
                        "end the turn (end); skills can still be paid with SP (--sp)")
