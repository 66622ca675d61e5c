"""`odds: limits:` of a declared action: odds refused before any work when a roll the
action may make is past what exact odds work out, in the ruleset's words, naming what
brings it within (the dice pool's `give --dice 711 or fewer`, P3).

Each limit is `{dice, sides, fits, refuse, hint}` over the facts the steps start from:
`dice`, the most dice of one kind a roll of the action may roll (the dice pool's damage
dice when every pool die succeeds); `sides`, their faces (without it only the count is
bounded); `fits`, what the hint names, reading `most` too (the `--dice` that keeps the
roll within). `most` is the largest such roll exact odds sum (`dice.exact`: at most
MAX_EXACT_DICE dice, MAX_WEIGHED weights). The first limit passed refuses; its texts
fill in the facts and `{count}`, `{most}` and `{fits}`, the least `fits` of every limit
(each limit's own `most` when it gives none), so one hint keeps them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from shaper_gm.engine.declared_records import run_checked
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.stepkit import Facts, VocabError, expression, fill
from shaper_gm.records import record

LIMIT_KEYS = ("dice", "sides", "fits", "refuse", "hint")


@record
class Limit:
    dice: Compiled
    sides: Compiled | None
    fits: Compiled | None
    refuse: str
    hint: str


def odds_limits(raw: Any, at: str) -> tuple[Limit, ...]:
    """`limits:` read and checked as the ruleset loads."""
    if not isinstance(raw, list):
        raise VocabError(at, f"expected a list of limits, got {type(raw).__name__}")
    out = []
    for index, entry in enumerate(raw):
        where = f"{at}[{index}]"
        if not isinstance(entry, Mapping) or set(entry) - set(LIMIT_KEYS) or \
                not {"dice", "refuse"} <= set(entry) or \
                not all(isinstance(entry.get(key, ""), str) for key in ("refuse", "hint")):
            raise VocabError(where, "expected {dice: EXPR, sides: EXPR, fits: EXPR, refuse: "
                                    "TEXT, hint: TEXT} (dice and refuse required), got "
                                    f"{entry!r}")
        compiled = {key: expression(entry[key], f"{where}.{key}")
                    for key in ("dice", "sides", "fits") if key in entry}
        out.append(Limit(compiled["dice"], compiled.get("sides"), compiled.get("fits"),
                         entry["refuse"], str(entry.get("hint", ""))))
    return tuple(out)


def limits_read(limits: Iterable[Limit], facts: frozenset[str], at: str) -> None:
    """Each limit reads only facts the action starts from (and `fits`, `most`)."""
    for index, limit in enumerate(limits):
        for key in ("dice", "sides", "fits"):
            expr = getattr(limit, key)
            known = facts | {"most"} if key == "fits" else facts
            unknown = sorted(name for name in (expr.names if expr is not None else ())
                             if name.partition(".")[0] not in known)
            if unknown:
                raise VocabError(f"{at}[{index}].{key}", f"reads {unknown[0]!r}, which is no "
                                                         "fact of the action (give it under "
                                                         "given:)")


@lru_cache(maxsize=64)
def largest_sum(sides: int) -> int:
    """The most dice of `sides` faces exact odds sum (MAX_EXACT_DICE, MAX_WEIGHED)."""
    from shaper_gm.dice.exact import MAX_EXACT_DICE, MAX_WEIGHED, sum_work
    low, high = 0, MAX_EXACT_DICE
    while low < high:
        mid = (low + high + 1) // 2
        if sum_work(mid, sides) <= MAX_WEIGHED:
            low = mid
        else:
            high = mid - 1
    return low


def check_limits(limits: tuple[Limit, ...], facts: Facts) -> None:
    """`TooLarge` in the first passed limit's words, before any work; else nothing."""
    if not limits:
        return
    from shaper_gm.dice.errors import TooLarge
    from shaper_gm.dice.exact import MAX_EXACT_DICE
    where = "odds.limits"
    measured = []
    for limit in limits:
        count = int(run_checked(limit.dice, facts, where))
        sides = int(run_checked(limit.sides, facts, where)) if limit.sides else 0
        most = largest_sum(sides) if sides > 0 else MAX_EXACT_DICE
        fits = int(run_checked(limit.fits, facts.with_values(most=most), where)) \
            if limit.fits is not None else most
        measured.append((limit, count, most, fits))
    least = min(fits for *_, fits in measured)
    for limit, count, most, _ in measured:
        if count > most:
            env = facts.with_values(count=f"{count:,}", most=f"{most:,}", fits=f"{least:,}")
            raise TooLarge(fill(limit.refuse, env), fill(limit.hint, env))
