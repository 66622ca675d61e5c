"""Turns: the order (P5) and two actions a turn (P6); end, pass, act."""

from __future__ import annotations

import pytest

from shaper_gm.dice import GivenFaces
from shaper_gm.engine.events import ActionSpent, Passed, Played, Said, TurnEnded
from shaper_gm.errors import GmError
from tests.rulesets.dicepool import conftest as act
from tests.rulesets.dicepool.conftest import Fight, ruleset


def test_p5_the_gr_sets_the_order(fight):
    fight.start("barry", "freya")
    assert fight.state.turn == "barry"
    fight.end()
    assert fight.state.turn == "freya"
    fight.end()
    assert fight.state.turn == "barry" and fight.state.round == 2


def test_p5_init_rolls_2d6_plus_dex(fight):
    rs = fight.rs
    freya = fight.state.actors["freya"]
    roll = rs.initiative(freya, GivenFaces([3, 5]))
    assert roll.total == 3 + 5 + 2 and roll.naturals == (3, 5)
    assert rs.order_tiebreak(freya) == 2
    assert rs.order_tiebreak(fight.state.actors["barry"]) == 1


def test_p5_the_initiative_roll_comes_from_content(fight):
    rs = Fight(ruleset(initiative_dice="1d10", initiative_stat="con")).rs
    freya = fight.state.actors["freya"]
    assert rs.initiative(freya, GivenFaces([7])).total == 7 + 2


def test_p6_two_actions_a_turn_any_mix(fight):
    fight.start()
    assert fight.actions("freya") == 2
    fight.run(act.move, act.MoveRequest("freya", "A3"))
    fight.attack("freya", "barry", roll=[1] * 5)
    assert fight.actions("freya") == 0
    with pytest.raises(GmError, match=r"move needs 1 action; Freya has 0 left \(P6\)"):
        fight.run(act.move, act.MoveRequest("freya", "A4"))


def test_p6_the_same_action_twice(fight):
    fight.start()
    fight.run(act.move, act.MoveRequest("freya", "A11"))
    fight.run(act.move, act.MoveRequest("freya", "A20"))
    assert fight.state.actors["freya"].zone == "A20"
    spent = [e.action for e in fight.events if isinstance(e, ActionSpent)]
    assert spent == ["move"]


def test_p6_unused_actions_lapse_at_the_end_of_the_turn_and_come_back_on_the_next(fight):
    fight.start()
    fight.run(act.move, act.MoveRequest("freya", "A3"))
    fight.end()
    assert fight.actions("freya") == 0
    assert TurnEnded("freya", (("actions", 1),), "P6") in fight.events
    fight.end()
    assert fight.state.turn == "freya" and fight.actions("freya") == 2


def test_p6_actions_per_turn_come_from_content():
    f = Fight(ruleset(actions_per_turn=3)).add("freya", "freya", "A1").add("barry", "barry", "B2")
    f.start()
    assert f.actions("freya") == 3


def said(fight) -> list[Said]:
    """The shared act's Said events, as the data version's act tells them: a Played
    event whose line is what the action was."""
    return [Said(e.actor, e.action, e.outcome.results[0].line) for e in fight.events
            if isinstance(e, Played) and e.outcome.results]


def test_p6_act_spends_an_action_and_says_what_it_was(fight):
    fight.start()
    out = fight.run(act.act, act.ActRequest("freya", "action", "pull the lever"))
    assert out.cost == 1 and out.test is None and fight.actions("freya") == 1
    assert Said("freya", "act", "pull the lever") in said(fight)
    out = fight.run(act.act, act.ActRequest("freya", "1", "open the door"))
    assert fight.actions("freya") == 0


def test_p6_act_may_cost_the_whole_turn(fight):
    fight.start()
    fight.run(act.act, act.ActRequest("freya", 2, "bandage a wound"))
    assert fight.actions("freya") == 0


@pytest.mark.parametrize("cost", ["major", "3", "0", "ap"])
def test_p6_act_refuses_costs_that_are_not_actions(fight, cost):
    fight.start()
    with pytest.raises(GmError, match=r"not a dice-pool cost.*\(P6\)") as caught:
        fight.run(act.act, act.ActRequest("freya", cost, "dance"))
    assert "action" in caught.value.hint


def test_p6_a_skill_action_may_be_a_pool_test(fight):
    fight.start()
    out = fight.run(act.act, act.ActRequest("freya", "action", "climb", dt=2, dice=3),
                    roll=[4, 5, 1])
    assert out.test.success and out.test.margin == 0 and out.test.dice == 3
    assert fight.pool("freya") == 4


def test_act_refuses_dice_without_a_dt(fight):
    fight.start()
    with pytest.raises(GmError, match="has no DT"):
        fight.run(act.act, act.ActRequest("freya", "action", "climb", dice=3))


def test_act_refuses_outside_ones_turn(fight):
    fight.start()
    with pytest.raises(GmError, match=r"only with an action it prepared \(P11\)"):
        fight.run(act.act, act.ActRequest("barry", "action", "shout"))


def test_pass_gives_up_the_actions_ends_the_turn_and_still_adds_con(fight):
    fight.start()
    fight.execute("pass")
    state, events = fight.state, fight.events
    assert Passed("freya", (("actions", 2),), "P6") in events
    assert state.turn == "barry" and fight.pool("freya") == 7


def test_end_before_start_is_refused(fight):
    with pytest.raises(GmError, match="no turn is running"):
        fight.execute("end")
