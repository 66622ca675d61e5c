"""Turn flow: whose turn it is, what a turn's start and end do, and paying for actions."""

from __future__ import annotations

from shaper_gm.encounter import events as ev
from shaper_gm.encounter.state import ActorState, EncounterState
from shaper_gm.rules.errors import RuleViolation


def can_take_turns(actor: ActorState) -> bool:
    """Down actors are skipped (S8); summons act on their summoner's turn (S21)."""
    return not actor.down and actor.summoner is None


def next_in_order(state: EncounterState, after: str | None) -> tuple[str | None, bool]:
    """The next actor that can take a turn after `after`, and whether the round wrapped."""
    order = [a for a in state.order if a in state.actors]
    if not order:
        return None, False
    start = order.index(after) + 1 if after in order else 0
    for step in range(len(order)):
        index = start + step
        candidate = order[index % len(order)]
        if can_take_turns(state.actors[candidate]):
            return candidate, index >= len(order)
    return None, False


def begin_turn(state: EncounterState, rs, actor_id: str) -> tuple[EncounterState, list]:
    """Start of a turn: fresh pools (S18, S21), SP regen (S22), skill uses reset (S24),
    and the effects that last until this moment end (S20, S26)."""
    events: list = [ev.TurnStarted(actor_id, state.round)]
    state, ended = expire(state, f"start:{actor_id}", f"start of {name_of(state, actor_id)}'s turn")
    events += ended
    changed = []
    for member in [actor_id, *state.summons_of(actor_id)]:
        actor = state.actors[member]
        sp = rs.start_turn_sp(actor.stats, actor.sp)
        if sp != actor.sp:
            events.append(ev.SpRegained(member, actor.sp, sp))
        changed.append(actor.with_(pool=tuple(rs.new_pool(actor.stats).items()), sp=sp,
                                   skill_uses=()))
    return state.with_actors(changed).with_(turn=actor_id), events


def end_turn(state: EncounterState, rs) -> tuple[EncounterState, list]:
    """Unused actions lapse (S18); the next actor's turn begins, maybe in a new round."""
    if state.turn is None:
        raise RuleViolation("no turn is running", "type start to begin round 1")
    current = state.turn
    events: list = []
    lapsed = tuple((k, n) for k, n in state.actors[current].pool if n > 0)
    events.append(ev.TurnEnded(current, lapsed))
    state, ended = expire(state, f"end:{current}", f"end of {name_of(state, current)}'s turn")
    events += ended
    emptied = [state.actors[m].with_(pool=tuple((k, 0) for k, _ in state.actors[m].pool))
               for m in [current, *state.summons_of(current)]]
    state = state.with_actors(emptied)
    nxt, wrapped = next_in_order(state, current)
    if nxt is None:
        raise RuleViolation("no actor can take a turn: everyone is Down (S8)",
                            "heal someone, or start a new encounter")
    if wrapped:
        state, ended = expire(state, f"round:{state.round}", f"end of round {state.round}")
        events += ended
        state = state.with_(round=state.round + 1)
        events.append(ev.RoundStarted(state.round))
    state, started = begin_turn(state, rs, nxt)
    return state, events + started


def start_fight(state: EncounterState, rs) -> tuple[EncounterState, list]:
    if state.round:
        raise RuleViolation(f"the fight is already in round {state.round}",
                            "use end to pass the turn, or new for a new encounter")
    unplaced = [a.id for a in state.actors.values() if a.zone is None]
    if unplaced:
        raise RuleViolation(f"not on the battlefield yet: {', '.join(unplaced)}",
                            "place them first: place ID ZONE")
    first, _ = next_in_order(state, None)
    if first is None:
        raise RuleViolation("nobody to start with: the turn order is empty",
                            "add actors, then init to roll the order")
    state = state.with_(round=1)
    state, events = begin_turn(state, rs, first)
    return state, [ev.RoundStarted(1), *events]


def expire(state: EncounterState, moment: str, why: str) -> tuple[EncounterState, list]:
    """End every effect that lasts until `moment` (S26)."""
    events, changed = [], []
    for actor in state.actors.values():
        keep = tuple(e for e in actor.effects if e.until != moment)
        if len(keep) != len(actor.effects):
            events += [ev.EffectEnded(actor.id, e.name, why)
                       for e in actor.effects if e.until == moment]
            changed.append(actor.with_(effects=keep))
    return (state.with_actors(changed) if changed else state), events


def name_of(state: EncounterState, actor_id: str) -> str:
    actor = state.actors.get(actor_id)
    return actor.name if actor else actor_id


def require_turn(state: EncounterState, actor_id: str, what: str) -> None:
    """Actions are spent only on the actor's own turn (S18)."""
    if state.round == 0:
        raise RuleViolation(f"the fight has not started: {what} needs a turn (S18)",
                            "type start to begin round 1")
    if not state.controls_turn(actor_id):
        actor = state.actors[actor_id]
        raise RuleViolation(
            f"it is not {actor.name}'s turn (S18): actions are spent only on your own turn",
            f"it is {name_of(state, state.turn)}'s turn; skills whose trigger allows it can be "
            f"used with --sp (S23)")


def spend(state: EncounterState, rs, actor_id: str, action: str,
          times: int = 1) -> tuple[EncounterState, list]:
    """Pay for `action` (`times` over, all or nothing) from the actor's pool (S18, S19)."""
    require_turn(state, actor_id, action)
    actor = state.actors[actor_id]
    if actor.down:
        raise RuleViolation(f"{actor.name} is Down (S8) and cannot act", "heal it first")
    kind = rs.cost(action)
    pool = actor.actions()
    full = rs.new_pool(actor.stats)
    events = []
    for _ in range(times):
        pool, paid = rs.pay(pool, kind, who=actor.name, full=full)
        events.append(ev.ActionSpent(actor_id, action, kind, paid))
    return state.with_actor(actor.with_(pool=tuple(pool.items()))), events


def spend_sp(state: EncounterState, rs, actor_id: str, action: str,
             times: int = 1) -> tuple[EncounterState, list]:
    """Pay a skill with SP instead of a Major action, also off-turn (S23)."""
    actor = state.actors[actor_id]
    if actor.down:
        raise RuleViolation(f"{actor.name} is Down (S8) and cannot act", "heal it first")
    try:
        sp = rs.spend_sp(actor.sp, times=times, who=actor.name)
    except RuleViolation as exc:
        if state.controls_turn(actor_id):
            raise
        # Off-turn no Major can pay (S18), so the rules' "pay with a Major" does not apply.
        raise RuleViolation(exc.message, f"off {actor.name}'s turn only SP can pay; SP "
                                         f"regenerates at the start of {actor.name}'s turn "
                                         "(S22)") from None
    return (state.with_actor(actor.with_(sp=sp)),
            [ev.ActionSpent(actor_id, action, "sp", "sp", sp=actor.sp - sp)])
