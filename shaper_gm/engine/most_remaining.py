"""`MostRemaining`: whoever has the most of a resource left acts next (Dungeoneers), and
the per-mapping counts it reads (`Budgets`); it is an `engine.orders.TurnOrder`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from shaper_gm.engine import ending
from shaper_gm.engine import events as ev
from shaper_gm.engine.actor_map import ActorChange
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Change, Encounter
from shaper_gm.engine.turns import (
    begin_round,
    begin_turn,
    can_take_turns,
    finish_round,
    finish_turn,
    give_up,
)
from shaper_gm.words import possessive

if TYPE_CHECKING:
    from shaper_gm.engine.ruleset import Ruleset


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

    def start(self, state: Encounter, rs: Ruleset) -> Change:
        if not state.actors:
            raise RuleViolation("nobody to start with", "add actors first")
        state, events = begin_round(state, rs)
        return self._settle(state, rs, events)

    def before_action(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change:
        """The turn of whoever acts begins as it acts."""
        ending.refuse_if_over(state)
        if actor_id not in (state.up or ()):
            return state, []
        return begin_turn(state, rs, actor_id)

    def after_action(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change:
        halted = ending.halted(state, actor_id)
        if halted is not None:
            return halted
        events: list[ev.Event] = []
        if actor_id == state.turn:
            state, events = finish_turn(state, rs, actor_id)
        return self._settle(state, rs, events)

    def after_reaction(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change:
        """A reaction ends no turn (D8), but what it spent may change who is up."""
        return self.settle(state, rs)

    def settle(self, state: Encounter, rs: Ruleset) -> Change:
        """Work out who is up now (after a reaction, or a GM's change to the budgets).
        Who is up depends on the state alone, so the state an action has just settled
        (the ruleset settling after every command meets it) is taken as it is."""
        if state is self._settled:
            return state, []
        return ending.halted(state) or self._settle(state, rs, [])

    def hand_on(self, state: Encounter, rs: Ruleset) -> Change:
        """Someone up can act no more: its turn ends, and who is up is worked out."""
        events: list[ev.Event] = []
        turn = state.turn
        if turn is not None and turn in state.actors and not can_take_turns(state.actors[turn]):
            state, events = finish_turn(state, rs, turn)
        return self._settle(state, rs, events)

    def resume(self, state: Encounter, rs: Ruleset, pending: str | None) -> Change:
        """The action that ended the fight finishes its turn; then who is up is worked
        out again (the newcomer may have the most left)."""
        if pending is not None and pending == state.turn:
            return self.after_action(state, rs, pending)
        return self.settle(state, rs)

    def end_turn(self, state: Encounter, rs: Ruleset) -> Change:
        ending.refuse_if_over(state, "end")
        raise RuleViolation(f"a turn here is one action ({self.rules.get('turn', '')}): it "
                            "ends by itself", "take an action, or pass to give up the rest "
                            "of the round")

    def pass_turn(self, state: Encounter, rs: Ruleset, actor_id: str) -> Change:
        ending.refuse_if_over(state, "pass")
        state, events = give_up(state, rs, actor_id)
        state, settled = self._settle(state, rs, [])
        return state, events + settled

    def _settle(self, state: Encounter, rs: Ruleset, events: list[ev.Event]) -> Change:
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

    def choose(self, state: Encounter, rs: Ruleset) -> tuple[tuple[str, ...], str]:
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
            why = (f"tie at {top} {label} between sides: {possessive(side)} "
                   f"{self.group_stat} total {best} beats the others ({shown}) "
                   f"{self._rule('between_groups')}")
        up = tuple(sorted(tied[side], key=rank.__getitem__))
        if len(up) > 1:
            why += f"; tied inside {side}: any of them may act {self._rule('in_group')}"
        return up, why

    def side_total(self, state: Encounter, rs: Ruleset, side: str) -> int:
        return self._budgets(state, rs).totals.get(side, 0)

    def _budgets(self, state: Encounter, rs: Ruleset) -> Budgets:
        return state.actors.derived(
            Budgets,
            lambda actors: Budgets.of(actors, self.resource,
                                      lambda sheet: rs.stat(sheet, self.group_stat)),
            (self.resource, self.group_stat, rs))

    def _rule(self, key: str) -> str:
        rule = self.rules.get(key)
        return f"({rule})" if rule else ""

    def explain(self, state: Encounter, rs: Ruleset) -> str:
        return self.choose(state, rs)[1]

    def upcoming(self, state: Encounter, rs: Ruleset) -> str:
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


# A turn order and each actor's place in the listing; who is up and why, as chosen for
# (strategy, passed, order).
Ranks = tuple[tuple[str, ...], dict[str, int]]
Chosen = tuple[MostRemaining, frozenset[str], tuple[str, ...], tuple[tuple[str, ...], str]]


class Budgets:
    """What `MostRemaining` reads of one actors mapping, kept up to date from actor to
    actor (`ActorMap.derived`): the actors able to take turns by how much of the
    resource they have left (above none) and their side, and each side's total of the
    group number over its actors not down."""

    __slots__ = ("by_left", "totals", "resource", "number", "ranked", "chosen")

    def __init__(self, by_left: dict[int, dict[str, frozenset[str]]], totals: dict[str, int],
                 resource: str, number: Callable[[Any], int],
                 ranked: Ranks | None = None) -> None:
        self.by_left, self.totals = by_left, totals
        self.resource, self.number = resource, number
        self.ranked = ranked            # (turn order, each actor's place in the listing)
        self.chosen: Chosen | None = None   # (strategy, passed, order, what it chose)

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
    def of(cls, actors: Mapping[str, Actor], resource: str,
           number: Callable[[Any], int]) -> Budgets:
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

    def changed(self, pairs: list[ActorChange]) -> Budgets:
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

    def _count(self, actor: Actor, step: int) -> None:
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
