"""Turn order as a strategy, behind one small interface (`start`, `before_action`,
`after_action`, `after_reaction`, `end_turn`, `pass_turn`, `explain`):

- `FixedOrder`: initiative order; a turn lasts until `end`; the round ends when the
  order wraps (Shaper, dice-pool, reactions).
- `CyclingPasses`: initiative order, but a turn may end with budget left; the order
  starts over ("the next pass") skipping everyone spent or passed, and the round ends
  when nobody has budget left (time-slice).
- `MostRemaining`: after every action, whoever has the most of a resource left acts
  next; ties inside a side are shared, ties between sides go to the higher side total
  of a sheet number (Dungeoneers).

Once the fight is decided (`engine.ending`) no order moves on: an action's settling
stops there, `end` and `pass` are refused, and `resume` picks up where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shaper_gm.engine import ending, resources
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
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


def pass_over(state: Encounter, nxt: str | None) -> Change:
    """Down actors before `nxt` in the order (all of them, when the round ends) take no
    turn, but their slot still comes round: what lasts until the start or end of their
    turn ends now, once a round."""
    order = [a for a in state.order if a in state.actors]
    upto = order.index(nxt) if nxt in order else len(order)
    events: list = []
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

    def start(self, state: Encounter, rs) -> Change:
        if self._first(state.with_(acted=frozenset(), passed=frozenset())) is None:
            raise RuleViolation("nobody to start with: the turn order is empty",
                                "add actors, then init to roll the order")
        state, events = begin_round(state, rs)
        return self._begin(state, rs, self._first(state), events)

    def before_action(self, state: Encounter, rs, actor_id: str) -> Change:
        ending.refuse_if_over(state)
        return state, []

    def after_action(self, state: Encounter, rs, actor_id: str) -> Change:
        """A turn lasts until `end`: an action leaves nothing pending for a resumption
        (and a save from before the one pipeline replays to the same result)."""
        return ending.halted(state) or (state, [])

    def after_reaction(self, state: Encounter, rs, actor_id: str) -> Change:
        """A reaction spends off-turn; it never ends anyone's turn."""
        return state, []

    def end_turn(self, state: Encounter, rs) -> Change:
        ending.refuse_if_over(state, "end")
        current = current_turn(state)
        state, events = finish_turn(state, rs, current)
        nxt = self._first(state)
        state, passed_over = pass_over(state, nxt)
        events += passed_over
        if nxt is None:                    # everyone has had a turn: a new round
            state, ended = finish_round(state, rs)
            state, started = begin_round(state, rs)
            events += ended + started
            nxt = self._first(state)
            if nxt is None:
                raise RuleViolation("no actor can take a turn: everyone is down",
                                    "heal someone, or start a new encounter")
            state, passed_over = pass_over(state, nxt)
            events += passed_over
        return self._begin(state, rs, nxt, events)

    def _begin(self, state: Encounter, rs, actor_id: str, events: list) -> Change:
        """`actor_id`'s turn begins; it has had its turn this round (this pass)."""
        state, started = begin_turn(state, rs, actor_id)
        return state.with_(up=(actor_id,), acted=state.acted | {actor_id}), events + started

    def pass_turn(self, state: Encounter, rs, actor_id: str) -> Change:
        ending.refuse_if_over(state, "pass")
        state, events = give_up(state, rs, actor_id)
        if actor_id == state.turn:
            state, ended = self.end_turn(state, rs)
            events += ended
        return state, events

    def hand_on(self, state: Encounter, rs) -> Change:
        """The acting actor can act no more: its turn ends."""
        return self.end_turn(state, rs)

    def _first(self, state: Encounter) -> str | None:
        """The first in the order who may still take a turn this round."""
        for candidate in state.order:
            actor = state.actors.get(candidate)
            if (actor is not None and can_take_turns(actor) and candidate not in state.passed
                    and candidate not in state.acted):
                return candidate
        return None

    def _next_round_first(self, state: Encounter) -> str | None:
        return self._first(state.with_(acted=frozenset(), passed=frozenset()))

    def resume(self, state: Encounter, rs, pending: str | None) -> Change:
        """The fight goes on in the turn it stopped in (the next able actor's, if that
        actor has left)."""
        if state.turn in state.actors:
            return state, []
        first = self._first(state) or self._next_round_first(state)
        if first is None:
            return state.with_(turn=None, up=()), []
        return self._begin(state, rs, first, [])

    def explain(self, state: Encounter, rs) -> str:
        return f"{name_of(state, state.turn)}'s turn" if state.turn else ""

    def upcoming(self, state: Encounter, rs) -> str:
        """Who acts when this turn ends, as the toolbar says it: ``next: Raider``, or
        ``next: Josh, round 3`` when the round ends first."""
        if state.turn is None:
            return ""
        nxt = self._first(state)
        if nxt is not None:
            return f"next: {name_of(state, nxt)}"
        nxt = self._next_round_first(state)
        return f"next: {name_of(state, nxt)}, round {state.round + 1}" if nxt else ""


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

    def start(self, state: Encounter, rs) -> Change:
        if not [a for a in state.order if a in state.actors]:
            raise RuleViolation("nobody to start with: the turn order is empty",
                                "add actors, then init to roll the order")
        state, events = begin_round(state, rs)
        return self._begin_next(state, rs, events)

    def after_action(self, state: Encounter, rs, actor_id: str) -> Change:
        """A turn whose budget is spent ends by itself."""
        halted = ending.halted(state, actor_id)
        if halted is not None:
            return halted
        if state.turn is not None and not self._has_budget(state, state.turn):
            return self.end_turn(state, rs)
        return state, []

    def end_turn(self, state: Encounter, rs) -> Change:
        ending.refuse_if_over(state, "end")
        current = current_turn(state)
        state, events = finish_turn(state, rs, current)
        return self._begin_next(state, rs, events)

    def settle(self, state: Encounter, rs) -> Change:
        """After a GM's change: a turn whose actor went down or has no budget left ends;
        when nobody who could ever act is left, no turn runs."""
        turn = state.turn
        if turn is None or turn not in state.actors:
            return state, []
        spec = rs.resource_spec(self.resource)
        if state.actors[turn].down and not any(
                can_take_turns(a) and resources.maximum(spec, a.sheet, rs.stat)
                for a in state.actors.values()):
            state, ended = finish_turn(state, rs, turn)
            return state.with_(turn=None, up=()), [*ended, ev.NobodyLeft(state.round)]
        return self.after_action(state, rs, turn)

    def resume(self, state: Encounter, rs, pending: str | None) -> Change:
        """The turn it stopped in goes on, or ends if its budget is spent."""
        if state.turn not in state.actors:
            return self._begin_next(state.with_(turn=None, up=()), rs, [])
        return self.after_action(state, rs, state.turn)

    def _begin_next(self, state: Encounter, rs, events: list) -> Change:
        """The next turn: in this pass, else a new pass, else a new round (which refills
        everyone)."""
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

    def upcoming(self, state: Encounter, rs) -> str:
        """The next with budget left this round, else a new round."""
        if state.turn is None:
            return ""
        nxt = self._first(state)
        if nxt is None:
            others = [a for a in state.order if a in state.actors and a != state.turn
                      and self._has_budget(state, a)]
            nxt = others[0] if others else None
        return f"next: {name_of(state, nxt)}" if nxt else f"next: round {state.round + 1}"

    def explain(self, state: Encounter, rs) -> str:
        if state.turn is None:
            return ""
        waiting = [a for a in state.order if a in state.actors and self._has_budget(state, a)]
        spec = rs.resource_spec(self.resource) if hasattr(rs, "resource_spec") else None
        title = spec.title if spec is not None else self.resource
        return (f"pass {state.passes}: {name_of(state, state.turn)} acts; "
                f"{len(waiting)} with {title} left")


class MostRemaining:
    """After every action the actor with the most of `resource` left acts next. Ties
    inside one side are shared (any of them may act; the first listed is the default);
    ties between sides go to the side whose `group_stat` total is higher, then to the
    side listed first. A turn is one action."""

    kind = "most"
    one_action_turns = True       # no turn is under way between two commands

    def __init__(self, resource: str, group_stat: str, rules: dict[str, str] | None = None):
        self.resource = resource
        self.group_stat = group_stat
        self.rules = rules or {}
        self._settled: Encounter | None = None    # the last state settled: settled already

    def start(self, state: Encounter, rs) -> Change:
        if not state.actors:
            raise RuleViolation("nobody to start with", "add actors first")
        state, events = begin_round(state, rs)
        return self._settle(state, rs, events)

    def before_action(self, state: Encounter, rs, actor_id: str) -> Change:
        """The turn of whoever acts begins as it acts."""
        ending.refuse_if_over(state)
        if actor_id not in (state.up or ()):
            return state, []
        return begin_turn(state, rs, actor_id)

    def after_action(self, state: Encounter, rs, actor_id: str) -> Change:
        halted = ending.halted(state, actor_id)
        if halted is not None:
            return halted
        events: list = []
        if actor_id == state.turn:
            state, events = finish_turn(state, rs, actor_id)
        return self._settle(state, rs, events)

    def after_reaction(self, state: Encounter, rs, actor_id: str) -> Change:
        """A reaction ends no turn (D8), but what it spent may change who is up."""
        return self.settle(state, rs)

    def settle(self, state: Encounter, rs) -> Change:
        """Work out who is up now (after a reaction, or a GM's change to the budgets).
        Who is up depends on the state alone, so the state an action has just settled
        (the ruleset settling after every command meets it) is taken as it is."""
        if state is self._settled:
            return state, []
        return ending.halted(state) or self._settle(state, rs, [])

    def hand_on(self, state: Encounter, rs) -> Change:
        """Someone up can act no more: its turn ends, and who is up is worked out."""
        events: list = []
        if state.turn in state.actors and not can_take_turns(state.actors[state.turn]):
            state, events = finish_turn(state, rs, state.turn)
        return self._settle(state, rs, events)

    def resume(self, state: Encounter, rs, pending: str | None) -> Change:
        """The action that ended the fight finishes its turn; then who is up is worked
        out again (the newcomer may have the most left)."""
        if pending is not None and pending == state.turn:
            return self.after_action(state, rs, pending)
        return self.settle(state, rs)

    def end_turn(self, state: Encounter, rs) -> Change:
        ending.refuse_if_over(state, "end")
        raise RuleViolation(f"a turn here is one action ({self.rules.get('turn', '')}): it "
                            "ends by itself", "take an action, or pass to give up the rest "
                            "of the round")

    def pass_turn(self, state: Encounter, rs, actor_id: str) -> Change:
        ending.refuse_if_over(state, "pass")
        state, events = give_up(state, rs, actor_id)
        state, settled = self._settle(state, rs, [])
        return state, events + settled

    def _settle(self, state: Encounter, rs, events: list) -> Change:
        """Work out who is up; a round with nobody left ends and the next begins."""
        for _ in range(2):
            up, why = self.choose(state, rs)
            if up:
                if up != state.up:
                    events.append(ev.UpNext(up, why))
                if (up, up[0]) != (state.up, state.turn):
                    state = state.with_(up=up, turn=up[0])
                self._settled = state
                return state, events
            state, ended = finish_round(state, rs)
            state, started = begin_round(state, rs)
            events += ended + started
        raise RuleViolation(f"nobody has any {self.resource} to act with, even in a new round",
                            "check the actors' sheets, or heal someone")

    def choose(self, state: Encounter, rs) -> tuple[tuple[str, ...], str]:
        budgets = self._budgets(state, rs)
        chosen = budgets.chosen         # who is up depends on the budgets, passes, order
        if chosen is not None and chosen[:3] == (self, state.passed, state.order):
            return chosen[3]
        made = self._choose(state, budgets)
        budgets.chosen = (self, state.passed, state.order, made)
        return made

    def _choose(self, state: Encounter, budgets: Budgets) -> tuple[tuple[str, ...], str]:
        tied: dict[str, frozenset[str]] = {}      # side -> its actors with the most left
        for top in sorted(budgets.by_left, reverse=True):
            tied = {side: ids - state.passed if state.passed else ids
                    for side, ids in budgets.by_left[top].items()}
            tied = {side: ids for side, ids in tied.items() if ids}
            if tied:
                break
        if not tied:
            return (), ""
        rank = budgets.ranks(state)                # the listing: the order's, then the rest
        first = {side: min(map(rank.__getitem__, ids)) for side, ids in tied.items()}
        sides = sorted(tied, key=first.__getitem__)
        label = self.resource.upper()
        if len(sides) == 1:
            up = tuple(sorted(tied[sides[0]], key=rank.__getitem__))
            why = f"most {label} left ({top})"
            if len(up) > 1:
                why += f"; tied inside {sides[0]}: any of them may act {self._rule('in_group')}"
            return up, why
        totals = {side: budgets.totals.get(side, 0) for side in sides}
        best = max(totals.values())
        winners = [s for s in sides if totals[s] == best]
        side = winners[0]
        shown = ", ".join(f"{s} {totals[s]}" for s in sides)
        if len(winners) > 1:
            why = (f"tie at {top} {label} between sides; {self.group_stat} totals tie ({shown}): "
                   f"{side} is listed first {self._rule('between_groups')}")
        else:
            why = (f"tie at {top} {label} between sides: {side}'s {self.group_stat} total "
                   f"{best} beats the others ({shown}) {self._rule('between_groups')}")
        up = tuple(sorted(tied[side], key=rank.__getitem__))
        if len(up) > 1:
            why += f"; tied inside {side}: any of them may act {self._rule('in_group')}"
        return up, why

    def side_total(self, state: Encounter, rs, side: str) -> int:
        return self._budgets(state, rs).totals.get(side, 0)

    def _budgets(self, state: Encounter, rs) -> Budgets:
        return state.actors.derived(
            ("most", self.resource, self.group_stat, rs),
            lambda actors: Budgets.of(actors, self.resource,
                                      lambda sheet: rs.stat(sheet, self.group_stat)))

    def _rule(self, key: str) -> str:
        rule = self.rules.get(key)
        return f"({rule})" if rule else ""

    def explain(self, state: Encounter, rs) -> str:
        return self.choose(state, rs)[1]

    def upcoming(self, state: Encounter, rs) -> str:
        """Who leads among the others now: whoever ends with the most after this action
        acts next, so the toolbar names the one to beat."""
        budgets, up = self._budgets(state, rs), set(state.up)
        for left in sorted(budgets.by_left, reverse=True):
            others = {a for ids in budgets.by_left[left].values() for a in ids
                      if a not in up and a not in state.passed}
            if others:                       # the first of them as the actors are listed
                best = state.actors[next(a for a in state.actors if a in others)]
                return f"then: {best.name} ({left} {self.resource.upper()})"
        return f"next: round {state.round + 1}" if state.round else ""


class Budgets:
    """What `MostRemaining` reads of one actors mapping, kept up to date from actor to
    actor (`ActorMap.derived`): the actors able to take turns by how much of the
    resource they have left (above none) and their side, and each side's total of the
    group number over its actors not down."""

    __slots__ = ("by_left", "totals", "resource", "number", "ranked", "chosen")

    def __init__(self, by_left: dict[int, dict[str, frozenset[str]]], totals: dict[str, int],
                 resource: str, number: Callable[[Any], int],
                 ranked: tuple | None = None) -> None:
        self.by_left, self.totals = by_left, totals
        self.resource, self.number = resource, number
        self.ranked = ranked            # (turn order, each actor's place in the listing)
        self.chosen: tuple | None = None    # (strategy, passed, order, what it chose)

    def ranks(self, state: Encounter) -> dict[str, int]:
        """Each actor's place in the listing: the order's, then the actors' own. Made
        once per turn order and set of actors."""
        if self.ranked is None or self.ranked[0] is not state.order:
            rank = {a: i for i, a in enumerate(
                dict.fromkeys(a for a in state.order if a in state.actors))}
            for actor_id in state.actors:
                rank.setdefault(actor_id, len(rank))
            self.ranked = (state.order, rank)
        return self.ranked[1]

    @classmethod
    def of(cls, actors, resource: str, number: Callable[[Any], int]) -> Budgets:
        by_left: dict[int, dict[str, set[str]]] = {}
        totals: dict[str, int] = {}
        for actor in actors.values():
            left = actor.resource(resource)
            if left > 0 and can_take_turns(actor):
                by_left.setdefault(left, {}).setdefault(actor.side, set()).add(actor.id)
            if not actor.down:
                totals[actor.side] = totals.get(actor.side, 0) + number(actor.sheet)
        return cls({left: {side: frozenset(ids) for side, ids in sides.items()}
                    for left, sides in by_left.items()}, totals, resource, number)

    def changed(self, pairs: list) -> Budgets:
        out = self
        for old, new in pairs:
            if (old is not None and new is not None and old.down == new.down
                    and old.summoner == new.summoner and old.side == new.side
                    and old.sheet is new.sheet
                    and old.resource(self.resource) == new.resource(self.resource)):
                continue                  # wounds, effects, zone: nothing counted here
            if out is self:
                same_ids = old is not None and new is not None
                out = Budgets(dict(self.by_left), dict(self.totals), self.resource,
                              self.number, self.ranked if same_ids else None)
            elif old is None or new is None:
                out.ranked = None
            for actor, step in ((old, -1), (new, 1)):
                if actor is not None:
                    out._count(actor, step)
        return out

    def _count(self, actor, step: int) -> None:
        left = actor.resource(self.resource)
        if left > 0 and can_take_turns(actor):
            sides = self.by_left[left] = dict(self.by_left.get(left, {}))
            ids = sides.get(actor.side, frozenset())
            ids = ids | {actor.id} if step > 0 else ids - {actor.id}
            if ids:
                sides[actor.side] = ids
            else:
                del sides[actor.side]
                if not sides:
                    del self.by_left[left]
        if not actor.down:
            total = self.totals.get(actor.side, 0) + step * self.number(actor.sheet)
            self.totals[actor.side] = total
