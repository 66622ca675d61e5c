"""`CyclingPasses`: initiative order in passes, each turn spending a budget (time-slice);
it is an `engine.orders.TurnOrder`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shaper_gm.engine import ending, resources
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.engine.turns import (
    begin_round,
    can_take_turns,
    finish_round,
    finish_turn,
    name_of,
)

if TYPE_CHECKING:
    from shaper_gm.engine.ruleset import Ruleset


class CyclingPasses(FixedOrder):
    """Initiative order in passes: a turn may end with budget left for a later pass; the
    order starts over with those who have some left, and the round ends when nobody has
    any (spent, or given up with `pass`). Who is next is the first in the order who has
    budget and has not had a turn in this pass."""

    kind = "passes"

    def __init__(self, resource: str) -> None:
        self.resource = resource

    def _has_budget(self, state: Encounter, actor_id: str) -> bool:
        actor = state.actors[actor_id]
        return (can_take_turns(actor) and actor_id not in state.passed
                and actor.resource(self.resource) > 0)

    def _first(self, state: Encounter) -> str | None:
        return next((a for a in state.order if a in state.actors and a not in state.acted
                     and self._has_budget(state, a)), None)

    def _anyone(self, state: Encounter) -> bool:
        return any(self._has_budget(state, a) for a in state.order if a in state.actors)

    def start(self, state: Encounter, rs: Ruleset) -> Change:
        if not [a for a in state.order if a in state.actors]:
            raise RuleViolation("nobody to start with: the turn order is empty",
                                "add actors, then init to roll the order")
        state, events = begin_round(state, rs)
        return self._proceed(state, rs, events)

    def after_action(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change:
        """A turn whose budget is spent ends by itself."""
        halted = ending.halted(state, actor_id)
        if halted is not None:
            return halted
        if state.turn is not None and not self._has_budget(state, state.turn):
            return self.end_turn(state, rs)
        return state, []

    def settle(self, state: Encounter, rs: Ruleset) -> Change:
        """After a GM's change: a turn whose actor went down or has no budget left ends;
        when nobody who could ever act is left, no turn runs."""
        turn = state.turn
        if turn is None or turn not in state.actors:
            return state, []
        spec = rs.resource_spec(self.resource)
        if state.actors[turn].down and not any(
                can_take_turns(a) and spec is not None and resources.maximum(spec, a.sheet, rs.stat)
                for a in state.actors.values()):
            state, ended = finish_turn(state, rs, turn)
            return state.with_(turn=None, up=()), [*ended, ev.NobodyLeft(state.round)]
        return self.after_action(state, rs, turn)

    def resume(self, state: Encounter, rs: Ruleset, pending: str | None) -> Change:
        """The turn it stopped in goes on, or ends if its budget is spent."""
        turn = state.turn
        if turn is None or turn not in state.actors:
            return self._proceed(state.with_(turn=None, up=()), rs, [])
        return self.after_action(state, rs, turn)

    def _proceed(self, state: Encounter, rs: Ruleset, events: list[ev.Event]) -> Change:
        """The next turn (after `end` too, as FixedOrder ends a turn): in this pass, else
        a new pass, else a new round (which refills everyone)."""
        for _ in range(2):
            nxt = self._first(state)
            if nxt is None and self._anyone(state):
                state = state.with_(passes=state.passes + 1, acted=frozenset())
                spec = rs.resource_spec(self.resource)
                events.append(ev.PassStarted(state.round, state.passes,
                                             spec.title if spec else self.resource,
                                             rs.term("passes_rule")))
                nxt = self._first(state)
            if nxt is not None:
                return self._begin(state, rs, nxt, events)
            state, ended = finish_round(state, rs)
            state, started = begin_round(state, rs)
            events += ended + started
        state = state.with_(turn=None, up=())
        raise RuleViolation(f"nobody has any {self.resource} to act with, even in a new round",
                            "check the actors' sheets, or heal someone")

    def upcoming(self, state: Encounter, rs: Ruleset) -> str:
        """The next with budget left this round, else a new round."""
        if state.turn is None:
            return ""
        nxt = self._first(state)
        if nxt is None:
            others = [a for a in state.order if a in state.actors and a != state.turn
                      and self._has_budget(state, a)]
            nxt = others[0] if others else None
        return f"next: {name_of(state, nxt)}" if nxt else f"next: round {state.round + 1}"

    def explain(self, state: Encounter, rs: Ruleset) -> str:
        if state.turn is None:
            return ""
        waiting = [a for a in state.order if a in state.actors and self._has_budget(state, a)]
        spec = rs.resource_spec(self.resource) if hasattr(rs, "resource_spec") else None
        title = spec.title if spec is not None else self.resource
        return (f"pass {state.passes}: {name_of(state, state.turn)} acts; "
                f"{len(waiting)} with {title} left")
