"""Exact distributions kept for the process: an action's steps over the same situation,
with the same answers declared, weigh the same every time (`steps.exact` asks nobody and
reads nothing else), so a second weighing reads the first one's result. A simulated
fight weighs the same attack of the same two fighters from many cells and in many runs;
what their positions change reaches the situation (a range's modifier), what they do
not change does not make the odds be worked out again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.steps import Step, exact

T = TypeVar("T")
KEPT = 1_000              # distributions a process keeps (the least recently read go first)

_kept: OrderedDict[Hashable, Any] = OrderedDict()


def kept_exact(steps: Sequence[Step], ctx: Any, decisions: Decisions | None = None, *,
               situation: Hashable = None) -> dict[Any, Fraction]:
    """`exact(steps, ctx, decisions)`, kept by the steps, the situation and the answers
    declared. `situation`: what the result is a function of besides the steps, when `ctx`
    compares less than all of it (by default `ctx` itself); a situation that cannot be
    a key is worked out anew each time."""
    key = (tuple(steps), ctx if situation is None else situation, _answers(decisions))
    return dict(kept(key, lambda: exact(steps, ctx, decisions)))


def kept(key: Hashable, work_out: Callable[[], T]) -> T:
    """`work_out()`, kept by `key` (everything the result is a function of); a key that
    cannot be hashed is worked out anew each time. The result is shared: read it only."""
    try:
        found = _kept.get(key)
    except TypeError:                 # unhashable: nothing to keep it by
        return work_out()
    if found is None:
        found = work_out()
        _kept[key] = found
        if len(_kept) > KEPT:
            _kept.popitem(last=False)
    else:
        _kept.move_to_end(key)
    return found


def _answers(decisions: Decisions | None) -> tuple[Any, ...]:
    return tuple(decisions.declared) if decisions is not None else ()


def forget() -> None:
    """Drop every kept distribution (tests that time or count the work)."""
    _kept.clear()
