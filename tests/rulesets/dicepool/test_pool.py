"""The pool: its dice (P1), how it is built (P2), spent (P3) and replenished (P4)."""

from __future__ import annotations

import pytest

from shaper_gm.engine.events import ResourceChanged
from shaper_gm.errors import GmError
from tests.rulesets.dicepool import conftest as act
from tests.rulesets.dicepool.conftest import Fight, ruleset

# --- P1 -----------------------------------------------------------------------------------


def test_p1_a_die_of_4_or_more_is_a_success(fight):
    fight.start()
    out = fight.attack("freya", "barry", roll=[1, 2, 3, 4, 6], damage=[1])
    assert (out.successes, out.failures) == (2, 3)


def test_p1_success_on_comes_from_content():
    f = Fight(ruleset(success_on=5)).add("freya", "freya", "A1").add("barry", "barry", "B2")
    f.start()
    out = f.attack("freya", "barry", roll=[4, 4, 5, 6, 1], damage=[1])
    assert (out.successes, out.failures) == (2, 3)
    assert out.hit and out.margin == 0 and f.pool("freya") == 2


def test_p1_pool_dice_are_d6_so_a_7_is_refused(fight):
    fight.start()
    with pytest.raises(GmError, match="out of range 1-6"):
        fight.attack("freya", "barry", roll=[7, 1, 1, 1, 1])


def test_p1_the_pool_die_comes_from_content():
    f = Fight(ruleset(pool_die=8)).add("freya", "freya", "A1").add("barry", "barry", "B2")
    f.start()
    out = f.attack("freya", "barry", roll=[8, 7, 1, 2, 3])
    assert out.successes == 2


# --- P2 -----------------------------------------------------------------------------------


def test_p2_pool_is_the_weapon_stat_plus_weapon_proficiency():
    f = Fight().add("freya", "freya", "A1").add("kit", "kit", "A3").add("barry", "barry", "B2")
    f.start()
    assert f.pool("freya") == 4 + 1          # STR 4 + longsword 1
    assert f.pool("kit") == 3 + 1            # DEX 3 + shortbow 1
    assert f.pool("barry") == 3 + 1          # STR 3 + halberd 1


def test_p2_not_proficient_adds_nothing_and_the_stat_follows_the_weapon():
    f = Fight().add("freya", "freya", "A1", holding="dagger", prof={"dagger": 0})
    f.add("barry", "barry", "B2").start()
    assert f.pool("freya") == 2              # DEX 2 + 0


def test_p2_an_empty_hand_builds_from_the_unarmed_weapon():
    f = Fight().add("nobody", None, "A1", stats={"str": 3}).add("barry", "barry", "B2").start()
    # the data version's empty hand is the default sheet's unarmed weapon, fists
    assert f.state.actors["nobody"].sheet.holding == "fists"
    assert f.pool("nobody") == 3             # fists use STR; no proficiency


def test_p2_the_pool_is_built_when_the_fight_starts():
    f = Fight().add("freya", "freya", "A1", stats={"str": 6}).add("barry", "barry", "B2")
    # the data version builds the pool as the actor joins, --stat included: the template's
    # 5 (STR 4 + longsword 1) is set back to see the fight's start build it again
    f.execute("set freya pool=5")
    f.start()
    assert f.pool("freya") == 7
    built = [e for e in f.events if isinstance(e, ResourceChanged) and e.actor == "freya"]
    assert built == [ResourceChanged("freya", "pool", 5, 7,
                                     "the fight starts: pool built (P2)")]


# --- P3 -----------------------------------------------------------------------------------


def test_p3_a_test_rolls_the_whole_pool_by_default(fight):
    fight.start()
    with pytest.raises(GmError, match="needs 5 more faces"):
        fight.attack("freya", "barry", roll=[6, 6, 6, 6])


def test_p3_a_pool_of_150_dice_rolls_whole():
    """A pool as large as one roll's dice (the dice's MAX_DICE) is rolled in play: every
    die a face, each 4+ a success (P1, P3)."""
    f = Fight().add("big", None, "A1", stats={"str": 150}).add("barry", "barry", "B2")
    f.start()
    out = f.attack("big", "barry", roll=[4] * 150, damage=[1] * 147)      # DT 3, fists
    assert (out.dice, out.successes, out.failures) == (150, 150, 0)
    assert out.damage_dice == 147 and f.hp("barry") == 0


def test_p3_dice_n_rolls_part_of_the_pool_and_the_rest_stays(fight):
    fight.start()
    out = fight.attack("freya", "barry", dice=3, roll=[6, 1, 2])
    assert out.dice == 3 and out.failures == 2 and not out.hit
    assert fight.pool("freya") == 3          # 5 - 2 failures; the two unrolled dice stay


@pytest.mark.parametrize("dice,message", [(0, "at least one die"), (6, "has 5 dice")])
def test_p3_dice_n_must_be_within_the_pool(fight, dice, message):
    fight.start()
    before = fight.state
    with pytest.raises(GmError, match=message) as refused:
        fight.attack("freya", "barry", dice=dice, roll=[6])
    assert "(P3)" in refused.value.message and refused.value.hint
    assert fight.state is before


def test_p3_failures_leave_and_successes_stay_in_a_test_too(fight):
    fight.start()
    out = fight.run(act.act, act.ActRequest("freya", "action", "climb the wall", dt=3),
                    roll=[6, 5, 1, 1, 2])
    assert (out.test.successes, out.test.success, out.test.margin) == (2, False, -1)
    assert fight.pool("freya") == 2


# --- P4 -----------------------------------------------------------------------------------


def test_p4_a_turn_with_no_actions_ends_with_the_pool_grown_by_con(fight):
    fight.start()
    assert fight.pool("freya") == 5 and fight.actions("freya") == 2
    fight.end()
    assert fight.pool("freya") == 5 + 2      # CON 2
    assert ResourceChanged("freya", "pool", 5, 7, "end of Freya's turn", "P3, P4") in fight.events


def test_p4_con_is_added_whatever_the_turn_did(fight):
    fight.start()
    fight.attack("freya", "barry", roll=[4, 6, 2, 5, 1], damage=[1, 1])
    assert fight.pool("freya") == 3
    fight.end()
    assert fight.pool("freya") == 5


def test_p4_a_reaction_roll_adds_con_right_after(fight):
    fight.start()
    fight.run(act.prepare, act.PrepareRequest("freya", "if Barry moves, I shout a warning"))
    fight.end()                              # Barry's turn; Freya's pool 5 + 2 = 7
    assert fight.state.turn == "barry" and fight.pool("freya") == 7
    out = fight.run(act.react, act.ActRequest("freya", "action", "shout", dt=1),
                    roll=[6, 1, 1, 2, 3, 4, 5])
    assert out.reaction and out.test.pool_spent == 3 and out.test.pool_after == 5
    assert fight.pool("freya") == 5          # 7 - 4 failures + CON 2
    assert ResourceChanged("freya", "pool", 3, 5, "rolled outside its turn: CON dice added "
                           "(P4)") in fight.events


def test_p4_the_reaction_refill_is_a_switch():
    f = Fight(ruleset(reaction_refill=False)).add("freya", "freya", "A1")
    f.add("barry", "barry", "B2").start()
    f.run(act.prepare, act.PrepareRequest("freya", "if Barry moves, I shout"))
    f.end()
    f.run(act.react, act.ActRequest("freya", "action", "shout", dt=1),
          roll=[6, 1, 1, 2, 3, 4, 5])
    assert f.pool("freya") == 3


def test_p4_pool_max_caps_the_refill():
    f = Fight(ruleset(pool_max=6)).add("freya", "freya", "A1").add("barry", "barry", "B2")
    f.start().end()
    assert f.pool("freya") == 6              # 5 + 2, capped at 6


def test_p4_pool_max_caps_the_pool_built_at_the_start_too():
    f = Fight(ruleset(pool_max=4)).add("freya", "freya", "A1").add("barry", "barry", "B2")
    assert f.state.actors["freya"].resource("pool") == 4
    f.start()
    assert f.pool("freya") == 4 and f.pool("barry") == 4
    f.end()
    assert f.pool("freya") == 4


def test_p4_no_cap_by_default(fight):
    fight.start()
    for _ in range(6):
        fight.end()
    assert fight.pool("freya") == 5 + 3 * 2 and fight.pool("barry") == 4 + 3 * 1
