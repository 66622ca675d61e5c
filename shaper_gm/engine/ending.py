"""The end of a fight, for every ruleset.

When the fight has begun and at most one side has anyone able to take a turn (everyone
else down, or gone), the fight is over: `CombatEnded` names the side left standing and
the round, no turn runs, and the turn it stopped in is kept on the state. When someone
added or revived gives two sides someone able to act again, the fight resumes where it
stopped (`CombatResumed`) and the turn order settles as it would have.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Change, CombatResult, Encounter
from shaper_gm.engine.turns import can_take_turns

if TYPE_CHECKING:
    from shaper_gm.engine.ruleset import Ruleset

GO_ON = "to fight on, add someone or heal a downed actor; else start a new encounter"


def sides(state: Encounter) -> list[str]:
    """Every side with an actor, in the order's listing order, then the rest."""
    listed = dict.fromkeys(a for a in state.order if a in state.actors)
    listed.update(dict.fromkeys(state.actors))
    return list(dict.fromkeys(state.actors[a].side for a in listed))


def able_sides(state: Encounter) -> list[str]:
    """The sides with someone who can still take a turn."""
    able = state.census().able
    return [side for side in sides(state) if side in able]


def decided(state: Encounter, before: Encounter | None = None) -> bool:
    """True when a running fight has (had) two sides and at most one can still act.
    `before` counts the sides of the state before a command: removing the last enemy
    ends a fight too. Read from the states' censuses: the same cost with 1,000 actors
    as with 10."""
    if state.round == 0 or state.over is not None:
        return False
    census = state.census()
    present = set(census.sides)
    if before is not None:
        present |= before.census().sides.keys()
    return len(present) >= 2 and len(census.able) <= 1


def end(state: Encounter, pending: str | None = None) -> Change:
    """Mark the fight over; the turn running now is kept for a resumption."""
    standing = able_sides(state)
    winner = standing[0] if standing else None
    result = CombatResult(winner, state.round, state.turn, state.up, pending)
    able = tuple(a.id for a in state.actors.values() if a.side == winner and can_take_turns(a))
    return (state.with_(over=result, turn=None, up=()),
            [ev.CombatEnded(winner, state.round, able)])


def halted(state: Encounter, pending: str | None = None) -> Change | None:
    """For a turn order after an action: (state, events) when the fight is over or has
    just been decided, so the order must not move on; None while it goes on."""
    if state.over is not None:
        return state, []
    if decided(state):
        return end(state, pending)
    return None


def resume(state: Encounter, rs: Ruleset) -> Change:
    """Give back the turn the fight stopped in; the turn order settles from there."""
    over = state.over
    assert over is not None
    state = state.with_(over=None, turn=over.turn, up=over.up)
    state, settled = rs.turn_order.resume(state, rs, over.pending)
    moved = any(isinstance(e, (ev.TurnStarted, ev.TurnEnded, ev.UpNext)) for e in settled)
    goes_on = state.turn if state.turn == over.turn and not moved else None
    return state, [ev.CombatResumed(state.round, tuple(able_sides(state)), goes_on), *settled]


def settle(before: Encounter, state: Encounter, rs: Ruleset) -> Change:
    """After any command: end the fight if it is decided, resume it if it is not any
    more (two sides able to act again), else nothing."""
    if state.over is not None:
        if len(state.census().able) >= 2:
            return resume(state, rs)
        return state, []
    if decided(state, before):
        return end(state)
    return state, []


def result_text(state: Encounter) -> str:
    """``party won in round 3``, or ``nobody is left standing (round 3)``."""
    over = state.over
    if over is None:
        return ""
    if over.winner is None:
        return f"nobody is left standing (round {over.round})"
    return f"{over.winner} won in round {over.round}"


def refuse_if_over(state: Encounter, what: str = "") -> None:
    """Turns stop when the fight is over: say so, and how to go on."""
    if state.over is None:
        return
    doing = f"{what}: " if what else ""
    raise RuleViolation(f"{doing}the fight is over: {result_text(state)}", GO_ON)
