"""`wait DURATION`: the GM lets time pass (time slices' T15, `wait 2`, `wait 30s`). A
ruleset written as data has the verb when one of its actions runs at the `waited`
moment, or keeps a clock (`clock:`, moved on first); each such action runs for every
actor of whom its `when` holds, in the order they were added, with `seconds` the time
waited, while the fight lasts (a dying timer counts the fight's time: once it is over,
the timers stop)."""

from __future__ import annotations

from typing import Any

from shaper_gm.commands.acting import read_request
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.engine.clock import duration_text, parse_duration
from shaper_gm.engine.errors import RuleViolation

WAITED = "waited"


def waits(rs: Any) -> bool:
    """Whether any of its actions runs as time passes, or it keeps a clock."""
    return bool(rs.library.numbers.get("clock")) or any(
        declared.at is not None and declared.at.moment == WAITED
        for _, declared in rs.library.actions)


def wait(ctx: Context) -> Outcome:
    """Time passes: every action the `waited` moment brings runs, actor by actor."""
    request = read_request(ctx)
    text = request.arg("text")
    if not text:
        clock = ctx.ruleset.library.numbers.get("clock") or {}
        rule = f" ({clock['rule']})" if clock.get("rule") else ""     # the clock's ruling
        raise RuleViolation(f"expected wait MINUTES{rule}", "e.g. wait 2 or wait 30s")
    seconds = parse_duration(text)
    state, events = ctx.state, []
    if state.over is None:
        state, events = ctx.ruleset.time_passes(state, seconds)
        for actor_id in tuple(state.actors):
            if actor_id in state.actors:
                state, brought = ctx.ruleset.at_moment(state, WAITED, actor_id,
                                                       {"seconds": seconds})
                events += brought
    return Outcome(state, events, request=request.with_args(text=duration_text(seconds)))
