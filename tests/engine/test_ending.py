"""The end of a fight on the engine's own turn orders (engine.ending): an action that
leaves one side able stops the order where it is; resuming settles it as it would have."""

from __future__ import annotations

import pytest

from shaper_gm.engine import ending
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.orders import FixedOrder
from shaper_gm.engine.state import CombatResult
from tests.engine.skirmish import Skirmish, actor
from tests.engine.test_engine_kit import encounter, spend


def down(state, actor_id):
    return state.with_actor(state.actors[actor_id].with_(down=True, hp=0))


def up_again(state, actor_id):
    return state.with_actor(state.actors[actor_id].with_(down=False, hp=5))


def finishing_blow(state, rs, actor_id, victim, ap=1):
    """An action of `actor_id` that spends `ap` and drops `victim`."""
    order = rs.turn_order
    state, _ = order.before_action(state, rs, actor_id)
    state = down(spend(state, rs, actor_id, ap), victim)
    return order.after_action(state, rs, actor_id)


def kinds(events) -> list[str]:
    """The event types, without the focus each turn's end refills."""
    return [type(e).__name__ for e in events if not isinstance(e, ev.ResourceChanged)]


def fight(rs, **budgets):
    sides = {"ann": "us", "bo": "them", "cy": "us"}
    actors = [actor(a, sides[a], budget=n) for a, n in budgets.items()]
    return rs.turn_order.start(encounter(rs, *actors), rs)[0]


def test_cycling_passes_stop_in_the_turn_that_ended_it_and_resume_from_there():
    rs = Skirmish("passes")
    state = fight(rs, ann=2, bo=3, cy=2)
    state, events = finishing_blow(state, rs, "ann", "bo", ap=2)   # ann's TS is spent
    assert events == [ev.CombatEnded("us", 1, ("ann", "cy"))]      # no next turn began
    assert state.over == CombatResult("us", 1, "ann", ("ann",), "ann")
    assert (state.turn, state.up) == (None, ())
    for refused in (lambda s: rs.turn_order.end_turn(s, rs),
                    lambda s: rs.turn_order.pass_turn(s, rs, "cy"),
                    lambda s: rs.turn_order.before_action(s, rs, "cy")):
        with pytest.raises(RuleViolation, match="the fight is over: us won in round 1"):
            refused(state)
    state, events = ending.settle(state, up_again(state, "bo"), rs)
    assert kinds(events) == ["CombatResumed", "TurnEnded", "TurnStarted"]   # ann's spent turn
    assert state.over is None and state.turn == "bo"


def test_cycling_passes_resume_keeps_a_turn_with_budget_left():
    rs = Skirmish("passes")
    state = fight(rs, ann=4, bo=3)
    state, _ = finishing_blow(state, rs, "ann", "bo", ap=1)
    state, events = ending.settle(state, up_again(state, "bo"), rs)
    assert events == [ev.CombatResumed(1, ("us", "them"), "ann")]
    assert state.turn == "ann" and state.actors["ann"].resource("ap") == 3


def test_most_remaining_does_not_settle_who_is_up_until_it_resumes():
    rs = Skirmish("most")
    state = fight(rs, ann=4, bo=4)
    assert state.up == ("ann",)                   # tie between sides: listed first
    state, events = finishing_blow(state, rs, "ann", "bo", ap=1)
    assert kinds(events) == ["CombatEnded"]
    assert state.over.pending == "ann" and state.up == ()
    with pytest.raises(RuleViolation, match="the fight is over"):
        rs.turn_order.end_turn(state, rs)
    assert rs.turn_order.settle(state, rs) == (state, [])       # a reaction: nothing moves
    state, events = ending.settle(state, up_again(state, "bo"), rs)
    assert kinds(events) == ["CombatResumed", "TurnEnded", "UpNext"]   # ann's turn ends
    assert state.up == ("bo",) and state.turn == "bo"


def test_fixed_order_keeps_the_turn_and_a_removed_actor_gives_it_to_the_next_waiting():
    """The turn goes to the first in the order who has not had one this round (ann had
    hers: a resumed fight never gives anyone a second turn in a round)."""
    rs = Skirmish("most")
    rs.turn_order = FixedOrder()
    state = fight(rs, ann=2, bo=2, cy=2)
    state, _ = rs.turn_order.end_turn(state, rs)                 # bo's turn
    state, events = ending.settle(state, down(state, "bo"), rs)
    assert events == [ev.CombatEnded("us", 1, ("ann", "cy"))]
    assert state.over.turn == "bo"
    state, _ = ending.settle(state, state.without_actor("bo"), rs)   # bo leaves
    assert state.over == CombatResult("us", 1, None, (), None)
    state = state.with_actor(actor("dan", "them"))
    state, events = ending.settle(state, state, rs)
    assert kinds(events) == ["CombatResumed", "TurnStarted"]
    assert state.turn == "cy"


def test_nobody_standing_is_a_result_without_a_winner():
    rs = Skirmish("passes")
    state = fight(rs, ann=2, bo=2)
    both = down(down(state, "ann"), "bo")
    state, events = ending.settle(state, both, rs)
    assert events == [ev.CombatEnded(None, 1, ())]
    assert ending.result_text(state) == "nobody is left standing (round 1)"


def test_nothing_ends_before_the_fight_starts():
    rs = Skirmish("passes")
    state = encounter(rs, actor("ann", "us"), actor("bo", "them"))
    assert not ending.decided(down(state, "bo"))
