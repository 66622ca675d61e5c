"""Turn order as a strategy, behind one small interface (`start`, `before_action`,
`after_action`, `after_reaction`, `end_turn`, `pass_turn`, `explain`):

- `FixedOrder` (here): initiative order; a turn lasts until `end`; the round ends when
  the order wraps (Shaper, dice-pool, reactions).
- `CyclingPasses` (`engine.cycling_passes`): initiative order, but a turn may end with
  budget left; the order starts over ("the next pass") skipping everyone spent or
  passed, and the round ends when nobody has budget left (time-slice).
- `MostRemaining` (`engine.most_remaining`): after every action, whoever has the most
  of a resource left acts next; ties inside a side are shared, ties between sides go to
  the higher side total of a sheet number (Dungeoneers).

Once the fight is decided (`engine.ending`) no order moves on: an action's settling
stops there, `end` and `pass` are refused, and `resume` picks up where it stopped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from shaper_gm.engine import ending
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.events import Event
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.engine.turns import (
    begin_round,
    begin_turn,
    can_take_turns,
    current_turn,
    expire,
    finish_round,
    finish_turn,
    give_up,
    name_of,
)

if TYPE_CHECKING:
    from shaper_gm.engine.ruleset import Ruleset


class TurnOrder(Protocol):
    """What the engine asks of a turn order (each returns the new state and its events)."""

    kind: str

    def start(self, state: Encounter, rs: Ruleset) -> Change: ...
    def before_action(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change: ...
    def after_action(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change: ...
    def after_reaction(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change: ...
    def end_turn(self, state: Encounter, rs: Ruleset) -> Change: ...
    def pass_turn(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change: ...
    def hand_on(self, state: Encounter, rs: Ruleset) -> Change: ...
    def resume(self, state: Encounter, rs: Ruleset, pending: str | None) -> Change: ...
    def explain(self, state: Encounter, rs: Ruleset) -> str: ...
    def upcoming(self, state: Encounter, rs: Ruleset) -> str: ...


def pass_over(state: Encounter, nxt: str | None) -> Change:
    """Down actors before `nxt` in the order (all of them, when the round ends) take no
    turn, but their slot still comes round: what lasts until the start or end of their
    turn ends now, once a round."""
    order = [a for a in state.order if a in state.actors]
    upto = order.index(nxt) if nxt in order else len(order)
    events: list[Event] = []
    for actor_id in order[:upto]:
        skipped = state.actors[actor_id]
        if not skipped.down or actor_id in state.acted:
            continue
        for moment in ("start", "end"):
            state, ended = expire(state, f"{moment}:{actor_id}",
                                  f"{skipped.name}'s turn came round while down")
            events += ended
        state = state.with_(acted=state.acted | {actor_id})
    return state, events


class FixedOrder:
    """Initiative order; a turn lasts until `end`; a round ends when everyone able has
    had a turn (or passed). Who is next is the first in the order who has not had a
    turn this round, so an order edited mid-round skips nobody and repeats nobody."""

    kind = "fixed"

    def start(self, state: Encounter, rs: Ruleset) -> Change:
        if self._next_round_first(state, rs) is None:
            raise RuleViolation("nobody to start with: the turn order is empty",
                                "add actors, then init to roll the order")
        state, events = begin_round(state, rs)
        return self._proceed(state, rs, events)

    def before_action(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change:
        ending.refuse_if_over(state)
        return state, []

    def after_action(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change:
        """A turn lasts until `end`: an action leaves nothing pending for a resumption
        (and a save from before the one pipeline replays to the same result)."""
        return ending.halted(state) or (state, [])

    def after_reaction(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change:
        """A reaction spends off-turn; it never ends anyone's turn."""
        return state, []

    def end_turn(self, state: Encounter, rs: Ruleset) -> Change:
        ending.refuse_if_over(state, "end")
        current = current_turn(state)
        state, events = finish_turn(state, rs, current)
        return self._proceed(state, rs, events)

    def _proceed(self, state: Encounter, rs: Ruleset, events: list[Event]) -> Change:
        """The next turn begins, a new round first if everyone has had one. A down actor
        whose turn brings something its rules run by themselves (G24: a dying creature's
        death save) has its turn for that alone, and the turn passes on by itself, unless
        what ran put it back on its feet."""
        rounds = 0
        while True:
            nxt = self._next_up(state, rs)
            state, passed_over = pass_over(state, nxt)
            events = events + passed_over
            if nxt is None:                # everyone has had a turn: a new round
                rounds += 1
                if rounds == 1:            # (a second: a round of down actors' turns alone)
                    state, ended = finish_round(state, rs)
                    state, started = begin_round(state, rs)
                    events += ended + started
                    nxt = self._next_up(state, rs)
                if nxt is None:
                    raise RuleViolation("no actor can take a turn: everyone is down",
                                        "heal someone, or start a new encounter")
                state, passed_over = pass_over(state, nxt)
                events += passed_over
            state, events = self._begin(state, rs, nxt, events)
            if self._holds(state, nxt):
                return state, events
            state, ended = finish_turn(state, rs, nxt)
            events += ended

    @staticmethod
    def _holds(state: Encounter, actor_id: str) -> bool:
        """Whether the turn begun stays with `actor_id` (a down actor's passes on)."""
        return can_take_turns(state.actors[actor_id]) or state.over is not None

    def _begin(self, state: Encounter, rs: Ruleset, actor_id: str, events: list[Event]) -> Change:
        """`actor_id`'s turn begins; it has had its turn this round (this pass)."""
        state, started = begin_turn(state, rs, actor_id)
        return state.with_(up=(actor_id,), acted=state.acted | {actor_id}), events + started

    def pass_turn(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change:
        ending.refuse_if_over(state, "pass")
        state, events = give_up(state, rs, actor_id)
        if actor_id == state.turn:
            state, ended = self.end_turn(state, rs)
            events += ended
        return state, events

    def hand_on(self, state: Encounter, rs: Ruleset) -> Change:
        """The acting actor can act no more: its turn ends."""
        return self.end_turn(state, rs)

    def _next_up(self, state: Encounter, rs: Ruleset) -> str | None:
        """The first in the order who may still have a turn this round: one who may take
        it, or a down actor whose turn's start brings it something (`Ruleset.due_at`)."""
        for candidate in state.order:
            actor = state.actors.get(candidate)
            if actor is None or candidate in state.passed or candidate in state.acted:
                continue
            if can_take_turns(actor) or (actor.down and
                                         rs.due_at(state, "turn_start", candidate)):
                return candidate
        return None

    def _next_round_first(self, state: Encounter, rs: Ruleset) -> str | None:
        return self._next_up(state.with_(acted=frozenset(), passed=frozenset()), rs)

    def resume(self, state: Encounter, rs: Ruleset, pending: str | None) -> Change:
        """The fight goes on in the turn it stopped in (the next able actor's, if that
        actor has left)."""
        if state.turn in state.actors:
            return state, []
        first = self._next_up(state, rs) or self._next_round_first(state, rs)
        if first is None:
            return state.with_(turn=None, up=()), []
        state, events = self._begin(state, rs, first, [])
        if self._holds(state, first):
            return state, events
        state, ended = finish_turn(state, rs, first)
        return self._proceed(state, rs, events + ended)

    def explain(self, state: Encounter, rs: Ruleset) -> str:
        return f"{name_of(state, state.turn)}'s turn" if state.turn else ""

    def upcoming(self, state: Encounter, rs: Ruleset) -> str:
        """Who acts when this turn ends, as the toolbar says it: ``next: Raider``, or
        ``next: Josh, round 3`` when the round ends first."""
        if state.turn is None:
            return ""
        nxt = self._next_up(state, rs)
        if nxt is not None:
            return f"next: {name_of(state, nxt)}"
        nxt = self._next_round_first(state, rs)
        return f"next: {name_of(state, nxt)}, round {state.round + 1}" if nxt else ""
