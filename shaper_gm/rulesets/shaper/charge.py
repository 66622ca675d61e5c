"""Paying for Shaper actions: a pool kind on the actor's own turn (S18, S19), or SP
for a skill, also off-turn (S22, S23)."""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.play import check_able, require_turn
from shaper_gm.engine.state import Encounter

Step = tuple[Encounter, list]


def spend(state: Encounter, rs, actor_id: str, action: str, times: int = 1,
          kind: str | None = None) -> Step:
    """Pay `action` (`times` over, all or nothing) from the actor's pool (S18, S19)."""
    require_turn(state, rs, actor_id, action)
    check_able(state, rs, actor_id)
    kind = kind or rs.cost(action)
    actor = state.actors[actor_id]
    full = rs.new_pool(actor.sheet)
    pool = {k: actor.resource(k) for k in full}
    events = []
    for _ in range(times):
        pool, paid = rs.pay(pool, kind, who=actor.name, full=full)
        events.append(ev.ActionSpent(actor_id, action, ((kind, 1),), ((paid, 1),)))
    values = actor.resource_map()
    values.update(pool)
    return state.with_actor(actor.with_resources(values)), events


def spend_sp(state: Encounter, rs, actor_id: str, action: str, times: int = 1) -> Step:
    """Pay a skill with SP instead of a Major action, also off-turn (S23)."""
    check_able(state, rs, actor_id)
    actor = state.actors[actor_id]
    current = actor.resource("sp")
    try:
        left = rs.spend_sp(current, times=times, who=actor.name)
    except RuleViolation as exc:
        if state.controls_turn(actor_id):
            raise
        # Off-turn no Major can pay (S18), so the rules' "pay with a Major" does not apply.
        raise RuleViolation(exc.message, f"off {actor.name}'s turn only SP can pay; SP "
                                         f"regenerates at the start of {actor.name}'s turn "
                                         "(S22)") from None
    values = actor.resource_map()
    values["sp"] = left
    spent = (("sp", current - left),)
    return (state.with_actor(actor.with_resources(values)),
            [ev.ActionSpent(actor_id, action, spent, spent)])
