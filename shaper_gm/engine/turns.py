"""The moments of a fight, for every ruleset: a round or a turn beginning and
finishing. At each moment resources refill or lapse by their specs, effects that last
until it end, and the ruleset's hook runs. Who acts next is a turn order
(`engine.orders`); `give_up` is what `pass` does in any of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from shaper_gm.engine import events as ev
from shaper_gm.engine import resources
from shaper_gm.engine.actor_map import takes_turns
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.state import Actor, Change, Encounter

if TYPE_CHECKING:
    from shaper_gm.engine.ruleset import Ruleset


def name_of(state: Encounter, actor_id: str | None) -> str:
    actor = state.actors.get(actor_id) if actor_id else None
    return actor.name if actor else str(actor_id)


can_take_turns = takes_turns     # down actors are skipped; summons act on their summoner's turn


# --- moments ---------------------------------------------------------------------------

def expire(state: Encounter, moment: str, why: str) -> Change:
    """End every effect that lasts until `moment`."""
    events: list[ev.Event] = []
    changed: list[Actor] = []
    for actor in state.actors.values():
        if not actor.effects:
            continue
        keep = tuple(e for e in actor.effects if e.until != moment)
        if len(keep) != len(actor.effects):
            events += [ev.EffectEnded(actor.id, e.name, why)
                       for e in actor.effects if e.until == moment]
            changed.append(actor.with_(effects=keep))
    return (state.with_actors(changed) if changed else state), events


def resource_moment(state: Encounter, rs: Ruleset, moment: str, ids: Sequence[str],
                    why: str) -> Change:
    """Refill and lapse the resources of `ids` at `moment`; report what changed. A down
    actor's resources lapse but do not come back, unless a resource says they do."""
    events: list[ev.Event] = []
    changed = []
    for actor_id in ids:
        actor = state.actors[actor_id]
        before = actor.resource_map()
        specs = rs.resources if not actor.down else [
            s if s.while_down else replace(s, refill="never") for s in rs.resources]
        after = resources.at_moment(specs, before, moment, actor.sheet, rs.stat)
        if after != before:
            changed.append(actor.with_resources(after))
            events += [ev.ResourceChanged(actor_id, name, before.get(name, 0), value, why,
                                          _spec(rs, name).rule,
                                          _lapsed(_spec(rs, name), moment, value))
                       for name, value in after.items()
                       if value != before.get(name, 0) and _reported(rs, name, moment)]
    return (state.with_actors(changed) if changed else state), events


def _rebuilt(state: Encounter, rs: Ruleset, why: str) -> Change:
    """Each resource a ruleset says is `rebuilt` as the fight starts, from every actor's
    sheet as it is now (the dice pool's P2), each change told in its words."""
    events: list[ev.Event] = []
    changed = []
    for actor_id, actor in state.actors.items():
        before = actor.resource_map()
        again = resources.rebuilt_at_start(rs.resources, before, actor.sheet, rs.stat)
        if any(before[name] != value for name, value in again.items()):
            changed.append(actor.with_resources({**before, **again}))
            events += [ev.ResourceChanged(actor_id, name, before[name], value,
                                          f"{why}: {_spec(rs, name).rebuilt}")
                       for name, value in again.items() if value != before[name]]
    return (state.with_actors(changed) if changed else state), events


def _lapsed(spec: ResourceSpec, moment: str, value: int) -> str:
    """The resource's own words for its lapse, when that is what happened."""
    return spec.lapsed if spec.lapsed and moment == spec.lapse and value == 0 else ""


def _spec(rs: Ruleset, name: str) -> ResourceSpec:
    return next(s for s in rs.resources if s.name == name)


def _reported(rs: Ruleset, name: str, moment: str) -> bool:
    """Refills that happen to every budget every turn are not news; only resources a
    ruleset flags `shown` that refill by an amount (points regained each turn, CON dice)
    are, and shown resources lapsing at a moment other than the turn's end (which
    TurnEnded reports)."""
    spec = _spec(rs, name)
    if not spec.shown:
        return False
    if spec.lapse == moment and moment != "turn_end":
        return True
    return spec.refill == moment and spec.refill_by is not None


def begin_round(state: Encounter, rs: Ruleset) -> Change:
    state = state.with_(round=state.round + 1, passes=1, passed=frozenset(), acted=frozenset())
    events: list[ev.Event] = [ev.RoundStarted(state.round)]
    if state.round == 1:
        state, changed = resource_moment(state, rs, "combat_start", list(state.actors),
                                         "the fight starts")
        events += changed
        state, built = _rebuilt(state, rs, "the fight starts")
        events += built
    state, changed = resource_moment(state, rs, "round_start", list(state.actors),
                                     f"round {state.round} starts")
    events += changed
    told = rs.term("round_start") if hasattr(rs, "term") else ""
    events += [ev.Told(told)] if told else []
    for actor_id in list(state.actors):       # what its rules run by themselves (T15)
        state, brought = rs.at_moment(state, "round_start", actor_id)
        events += brought
    state, hooked = rs.on_round_start(state)
    return state, events + hooked


def finish_round(state: Encounter, rs: Ruleset) -> Change:
    events: list[ev.Event] = []
    state, ended = expire(state, f"round:{state.round}", f"end of round {state.round}")
    events += ended
    state, changed = resource_moment(state, rs, "round_end", list(state.actors),
                                     f"round {state.round} ends")
    state, hooked = rs.on_round_end(state)
    lapsing = [s for s in rs.resources if s.lapse == "round_end" and s.shown]
    rules = rs.term("round_end_rule") or ", ".join(dict.fromkeys(s.rule for s in lapsing
                                                                 if s.rule))
    round_ended = ev.RoundEnded(state.round, tuple(s.title for s in lapsing), rules)
    return state, [*events, *changed, *hooked, round_ended]


def begin_turn(state: Encounter, rs: Ruleset, actor_id: str) -> Change:
    events: list[ev.Event] = [ev.TurnStarted(actor_id, state.round)]
    state, ended = expire(state, f"start:{actor_id}", f"start of {name_of(state, actor_id)}'s turn")
    events += ended
    # what its rules run by themselves now (G24: a death save), before its budget refills:
    # one it puts back on its feet has its turn whole
    state, brought = rs.at_moment(state, "turn_start", actor_id)
    events += brought
    members = [actor_id, *state.summons_of(actor_id)]
    state, changed = resource_moment(state, rs, "turn_start", members,
                                     f"start of {name_of(state, actor_id)}'s turn")
    events += changed
    state, hooked = rs.on_turn_start(state, actor_id)
    return state.with_(turn=actor_id), events + hooked


def finish_turn(state: Encounter, rs: Ruleset, actor_id: str) -> Change:
    members = [actor_id, *state.summons_of(actor_id)]
    lapsing = {s.name: s.rule for s in rs.resources if s.lapse == "turn_end" and s.shown}
    actor = state.actors[actor_id]
    lapsed = () if actor.down else tuple((k, n) for k, n in actor.resources   # nothing a
                                         if k in lapsing and n > 0)          # down one used
    rules = sorted({lapsing[k] for k, _ in lapsed if lapsing[k]})
    titles = {s.name: s.title for s in rs.resources}
    events: list[ev.Event] = [ev.TurnEnded(actor_id, lapsed, ", ".join(rules),
                                           tuple(titles[k] for k, _ in lapsed))]
    state, brought = rs.at_moment(state, "turn_end", actor_id)    # G27: a repeated save
    events += brought
    state, ended = expire(state, f"end:{actor_id}", f"end of {name_of(state, actor_id)}'s turn")
    events += ended
    state, changed = resource_moment(state, rs, "turn_end", members,
                                     f"end of {name_of(state, actor_id)}'s turn")
    events += changed
    state, hooked = rs.on_turn_end(state, actor_id)
    return state, events + hooked



def give_up(state: Encounter, rs: Ruleset, actor_id: str) -> Change:
    """`pass`: the actor gives up every budget it has left this round, but what its
    rules keep through a pass (`kept_on_pass`: R11's reactions until its next turn)."""
    actor = state.actors[actor_id]
    if actor.down:
        raise RuleViolation(f"{actor.name} is down and has nothing to give up", "heal it first")
    if actor_id in state.passed:
        raise RuleViolation(f"{actor.name} has already passed this round",
                            "it acts again next round")
    budgets = {s.name for s in rs.resources if s.refill in ("round_start", "turn_start")
               and s.refill_by is None and not s.kept_on_pass}
    values = actor.resource_map()
    given = tuple((k, v) for k, v in values.items() if k in budgets and v > 0)
    for key, _ in given:
        values[key] = 0
    state = state.with_actor(actor.with_resources(values)).with_(
        passed=state.passed | {actor_id})
    return state, [ev.Passed(actor_id, given, rs.term("pass_rule"))]


def current_turn(state: Encounter) -> str:
    if state.turn is None:
        raise RuleViolation("no turn is running", "type start to begin round 1")
    return state.turn
