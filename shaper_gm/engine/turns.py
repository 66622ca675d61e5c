"""Turn flow for every ruleset: the moments of a fight, and turn order as a strategy.

The flow announces moments (`begin_round`, `begin_turn`, `finish_turn`, `finish_round`).
At each one, resources refill or lapse by their specs, effects that last until that
moment end, and the ruleset's hook runs. *Who* acts next is a strategy the ruleset
picks, behind one small interface:

- `FixedOrder`: initiative order; a turn lasts until `end`; the round ends when the
  order wraps (Shaper, dice-pool, reactions).
- `CyclingPasses`: initiative order, but a turn may end with budget left; the order
  starts over ("the next pass") skipping everyone spent or passed, and the round ends
  when nobody has budget left (time-slice).
- `MostRemaining`: after every action, whoever has the most of a resource left acts
  next; ties inside a side are shared, ties between sides go to the higher side total
  of a sheet number (Dungeoneers).
"""

from __future__ import annotations

from collections.abc import Sequence

from shaper_gm.engine import events as ev
from shaper_gm.engine import resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter

Step = tuple[Encounter, list]


def name_of(state: Encounter, actor_id: str | None) -> str:
    actor = state.actors.get(actor_id) if actor_id else None
    return actor.name if actor else str(actor_id)


def can_take_turns(actor: Actor) -> bool:
    """Down actors are skipped; summons act on their summoner's turn."""
    return not actor.down and actor.summoner is None


# --- moments ---------------------------------------------------------------------------

def expire(state: Encounter, moment: str, why: str) -> Step:
    """End every effect that lasts until `moment`."""
    events, changed = [], []
    for actor in state.actors.values():
        keep = tuple(e for e in actor.effects if e.until != moment)
        if len(keep) != len(actor.effects):
            events += [ev.EffectEnded(actor.id, e.name, why)
                       for e in actor.effects if e.until == moment]
            changed.append(actor.with_(effects=keep))
    return (state.with_actors(changed) if changed else state), events


def resource_moment(state: Encounter, rs, moment: str, ids: Sequence[str],
                    why: str) -> Step:
    """Refill and lapse the resources of `ids` at `moment`; report what changed."""
    events: list = []
    changed = []
    for actor_id in ids:
        actor = state.actors[actor_id]
        before = actor.resource_map()
        after = resources.at_moment(rs.resources, before, moment, actor.sheet, rs.stat)
        if after != before:
            changed.append(actor.with_resources(after))
            events += [ev.ResourceChanged(actor_id, name, before.get(name, 0), value, why,
                                          _spec(rs, name).rule)
                       for name, value in after.items()
                       if value != before.get(name, 0) and _reported(rs, name, moment)]
    return (state.with_actors(changed) if changed else state), events


def _spec(rs, name: str):
    return next(s for s in rs.resources if s.name == name)


def _reported(rs, name: str, moment: str) -> bool:
    """Refills that happen to every budget every turn are not news; only resources a
    ruleset flags `shown` that refill by an amount (SP regen, CON dice) are, and shown
    resources lapsing at a moment other than the turn's end (which TurnEnded reports)."""
    spec = _spec(rs, name)
    if not spec.shown:
        return False
    if spec.lapse == moment and moment != "turn_end":
        return True
    return spec.refill == moment and spec.refill_by is not None


def begin_round(state: Encounter, rs) -> Step:
    state = state.with_(round=state.round + 1, passes=1, passed=frozenset())
    events: list = [ev.RoundStarted(state.round)]
    if state.round == 1:
        state, changed = resource_moment(state, rs, "combat_start", list(state.actors),
                                         "the fight starts")
        events += changed
    state, changed = resource_moment(state, rs, "round_start", list(state.actors),
                                     f"round {state.round} starts")
    events += changed
    state, hooked = rs.on_round_start(state)
    return state, events + hooked


def finish_round(state: Encounter, rs) -> Step:
    events: list = []
    state, ended = expire(state, f"round:{state.round}", f"end of round {state.round}")
    events += ended
    state, changed = resource_moment(state, rs, "round_end", list(state.actors),
                                     f"round {state.round} ends")
    state, hooked = rs.on_round_end(state)
    lapsing = [s for s in rs.resources if s.lapse == "round_end" and s.shown]
    rules = rs.term("round_end_rule") or ", ".join(dict.fromkeys(s.rule for s in lapsing
                                                                 if s.rule))
    ended = ev.RoundEnded(state.round, tuple(s.title for s in lapsing), rules)
    return state, [*events, *changed, *hooked, ended]


def begin_turn(state: Encounter, rs, actor_id: str) -> Step:
    events: list = [ev.TurnStarted(actor_id, state.round)]
    state, ended = expire(state, f"start:{actor_id}", f"start of {name_of(state, actor_id)}'s turn")
    events += ended
    members = [actor_id, *state.summons_of(actor_id)]
    state, changed = resource_moment(state, rs, "turn_start", members,
                                     f"start of {name_of(state, actor_id)}'s turn")
    events += changed
    state, hooked = rs.on_turn_start(state, actor_id)
    return state.with_(turn=actor_id), events + hooked


def finish_turn(state: Encounter, rs, actor_id: str) -> Step:
    members = [actor_id, *state.summons_of(actor_id)]
    lapsing = {s.name: s.rule for s in rs.resources if s.lapse == "turn_end" and s.shown}
    lapsed = tuple((k, n) for k, n in state.actors[actor_id].resources
                   if k in lapsing and n > 0)
    rules = sorted({lapsing[k] for k, _ in lapsed if lapsing[k]})
    events: list = [ev.TurnEnded(actor_id, lapsed, ", ".join(rules))]
    state, ended = expire(state, f"end:{actor_id}", f"end of {name_of(state, actor_id)}'s turn")
    events += ended
    state, changed = resource_moment(state, rs, "turn_end", members,
                                     f"end of {name_of(state, actor_id)}'s turn")
    events += changed
    state, hooked = rs.on_turn_end(state, actor_id)
    return state, events + hooked



# --- strategies -------------------------------------------------------------------------

class FixedOrder:
    """Initiative order; a turn lasts until `end`; a round ends when the order wraps."""

    kind = "fixed"

    def start(self, state: Encounter, rs) -> Step:
        first = self._next(state, None)[0]
        if first is None:
            raise RuleViolation("nobody to start with: the turn order is empty",
                                "add actors, then init to roll the order")
        state, events = begin_round(state, rs)
        state, started = begin_turn(state, rs, first)
        return state.with_(up=(first,)), events + started

    def before_action(self, state: Encounter, rs, actor_id: str) -> Step:
        return state, []

    def after_action(self, state: Encounter, rs, actor_id: str) -> Step:
        return state, []

    def after_reaction(self, state: Encounter, rs, actor_id: str) -> Step:
        """A reaction spends off-turn; it never ends anyone's turn."""
        return state, []

    def end_turn(self, state: Encounter, rs) -> Step:
        current = _current(state)
        state, events = finish_turn(state, rs, current)
        nxt, wrapped = self._next(state, current)
        if nxt is None:
            raise RuleViolation("no actor can take a turn: everyone is down",
                                "heal someone, or start a new encounter")
        state, passed_over = self._pass_over(state, current, nxt)
        events += passed_over
        if wrapped:
            state, ended = finish_round(state, rs)
            state, started = begin_round(state, rs)
            events += ended + started
        state, started = begin_turn(state, rs, nxt)
        return state.with_(up=(nxt,)), events + started

    def _pass_over(self, state: Encounter, current: str, nxt: str) -> Step:
        """Down actors between `current` and `nxt` take no turn, but their slot still
        comes round: what lasts until the start or end of their turn ends now."""
        order = [a for a in state.order if a in state.actors]
        if current not in order or nxt not in order:
            return state, []
        i, events = (order.index(current) + 1) % len(order), []
        while order[i] != nxt and order[i] != current:
            skipped = state.actors[order[i]]
            if skipped.down:
                for moment in ("start", "end"):
                    state, ended = expire(state, f"{moment}:{skipped.id}",
                                          f"{skipped.name}'s turn came round while down")
                    events += ended
            i = (i + 1) % len(order)
        return state, events

    def pass_turn(self, state: Encounter, rs, actor_id: str) -> Step:
        state, events = give_up(state, rs, actor_id)
        if actor_id == state.turn:
            state, ended = self.end_turn(state, rs)
            events += ended
        return state, events

    def _next(self, state: Encounter, after: str | None) -> tuple[str | None, bool]:
        order = [a for a in state.order if a in state.actors]
        if not order:
            return None, False
        start = order.index(after) + 1 if after in order else 0
        for step in range(len(order)):
            index = start + step
            candidate = order[index % len(order)]
            if can_take_turns(state.actors[candidate]) and candidate not in state.passed:
                return candidate, index >= len(order)
        return None, False

    def explain(self, state: Encounter, rs) -> str:
        return f"{name_of(state, state.turn)}'s turn" if state.turn else ""


class CyclingPasses(FixedOrder):
    """Initiative order in passes: a turn may end with budget left for a later pass; the
    round ends when nobody has any left (spent, or given up with `pass`)."""

    kind = "passes"

    def __init__(self, resource: str) -> None:
        self.resource = resource

    def _has_budget(self, state: Encounter, actor_id: str) -> bool:
        actor = state.actors[actor_id]
        return (can_take_turns(actor) and actor_id not in state.passed
                and actor.resource(self.resource) > 0)

    def start(self, state: Encounter, rs) -> Step:
        if not [a for a in state.order if a in state.actors]:
            raise RuleViolation("nobody to start with: the turn order is empty",
                                "add actors, then init to roll the order")
        state, events = begin_round(state, rs)
        return self._begin_next(state, rs, None, events)

    def after_action(self, state: Encounter, rs, actor_id: str) -> Step:
        """A turn whose budget is spent ends by itself."""
        if state.turn is not None and not self._has_budget(state, state.turn):
            return self.end_turn(state, rs)
        return state, []

    def end_turn(self, state: Encounter, rs) -> Step:
        current = _current(state)
        state, events = finish_turn(state, rs, current)
        return self._begin_next(state, rs, current, events)

    def _begin_next(self, state: Encounter, rs, after: str | None, events: list) -> Step:
        for _ in range(2):           # at most one new round: it refills everyone
            order = [a for a in state.order if a in state.actors]
            start = order.index(after) + 1 if after in order else 0
            for step in range(len(order)):
                index = start + step
                candidate = order[index % len(order)]
                if self._has_budget(state, candidate):
                    if index >= len(order) and after is not None:
                        state = state.with_(passes=state.passes + 1)
                        spec = rs.resource_spec(self.resource)
                        events.append(ev.PassStarted(
                            state.round, state.passes, spec.title if spec else self.resource,
                            rs.term("passes_rule")))
                    state, started = begin_turn(state, rs, candidate)
                    return state.with_(up=(candidate,)), events + started
            state, ended = finish_round(state, rs)
            state, started = begin_round(state, rs)
            events += ended + started
            after = None
        state = state.with_(turn=None, up=())
        raise RuleViolation(f"nobody has any {self.resource} to act with, even in a new round",
                            "check the actors' sheets, or heal someone")

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

    def __init__(self, resource: str, group_stat: str, rules: dict[str, str] | None = None):
        self.resource = resource
        self.group_stat = group_stat
        self.rules = rules or {}

    def start(self, state: Encounter, rs) -> Step:
        if not state.actors:
            raise RuleViolation("nobody to start with", "add actors first")
        state, events = begin_round(state, rs)
        return self._settle(state, rs, events)

    def before_action(self, state: Encounter, rs, actor_id: str) -> Step:
        """The turn of whoever acts begins as it acts."""
        if actor_id not in (state.up or ()):
            return state, []
        return begin_turn(state, rs, actor_id)

    def after_action(self, state: Encounter, rs, actor_id: str) -> Step:
        events: list = []
        if actor_id == state.turn:
            state, events = finish_turn(state, rs, actor_id)
        return self._settle(state, rs, events)

    def after_reaction(self, state: Encounter, rs, actor_id: str) -> Step:
        """A reaction ends no turn (D8), but what it spent may change who is up."""
        return self.settle(state, rs)

    def settle(self, state: Encounter, rs) -> Step:
        """Work out who is up now (after a reaction, or a GM's change to the budgets)."""
        return self._settle(state, rs, [])

    def end_turn(self, state: Encounter, rs) -> Step:
        raise RuleViolation(f"a turn here is one action ({self.rules.get('turn', '')}): it "
                            "ends by itself", "take an action, or pass to give up the rest "
                            "of the round")

    def pass_turn(self, state: Encounter, rs, actor_id: str) -> Step:
        state, events = give_up(state, rs, actor_id)
        state, settled = self._settle(state, rs, [])
        return state, events + settled

    def _settle(self, state: Encounter, rs, events: list) -> Step:
        """Work out who is up; a round with nobody left ends and the next begins."""
        for _ in range(2):
            up, why = self.choose(state, rs)
            if up:
                if up != state.up:
                    events.append(ev.UpNext(up, why))
                return state.with_(up=up, turn=up[0]), events
            state, ended = finish_round(state, rs)
            state, started = begin_round(state, rs)
            events += ended + started
        raise RuleViolation(f"nobody has any {self.resource} to act with, even in a new round",
                            "check the actors' sheets, or heal someone")

    def choose(self, state: Encounter, rs) -> tuple[tuple[str, ...], str]:
        listed = [a for a in state.order if a in state.actors]
        listed += [a for a in state.actors if a not in listed]
        able = [a for a in listed if can_take_turns(state.actors[a])
                and a not in state.passed and state.actors[a].resource(self.resource) > 0]
        if not able:
            return (), ""
        top = max(state.actors[a].resource(self.resource) for a in able)
        tied = [a for a in able if state.actors[a].resource(self.resource) == top]
        sides = list(dict.fromkeys(state.actors[a].side for a in tied))
        label = self.resource.upper()
        if len(sides) == 1:
            why = f"most {label} left ({top})"
            if len(tied) > 1:
                why += f"; tied inside {sides[0]}: any of them may act {self._rule('in_group')}"
            return tuple(tied), why
        totals = {side: self.side_total(state, rs, side) for side in sides}
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
        up = tuple(a for a in tied if state.actors[a].side == side)
        if len(up) > 1:
            why += f"; tied inside {side}: any of them may act {self._rule('in_group')}"
        return up, why

    def side_total(self, state: Encounter, rs, side: str) -> int:
        return sum(rs.stat(a.sheet, self.group_stat) for a in state.actors.values()
                   if a.side == side and not a.down)

    def _rule(self, key: str) -> str:
        rule = self.rules.get(key)
        return f"({rule})" if rule else ""

    def explain(self, state: Encounter, rs) -> str:
        return self.choose(state, rs)[1]


def give_up(state: Encounter, rs, actor_id: str) -> Step:
    """`pass`: the actor gives up every budget it has left this round."""
    actor = state.actors[actor_id]
    if actor.down:
        raise RuleViolation(f"{actor.name} is down and has nothing to give up", "heal it first")
    if actor_id in state.passed:
        raise RuleViolation(f"{actor.name} has already passed this round",
                            "it acts again next round")
    budgets = {s.name for s in rs.resources if s.refill in ("round_start", "turn_start")
               and s.refill_by is None}
    values = actor.resource_map()
    given = tuple((k, v) for k, v in values.items() if k in budgets and v > 0)
    for key, _ in given:
        values[key] = 0
    state = state.with_actor(actor.with_resources(values)).with_(
        passed=state.passed | {actor_id})
    return state, [ev.Passed(actor_id, given, rs.term("pass_rule"))]


def _current(state: Encounter) -> str:
    if state.turn is None:
        raise RuleViolation("no turn is running", "type start to begin round 1")
    return state.turn
