"""The basic attack: DT (P7), damage (P8), failure dice (P9), and what it refuses."""

from __future__ import annotations

import pytest

from shaper_gm.engine.events import HpChanged, Resolved, ResourceChanged, WentDown
from shaper_gm.errors import GmError
from tests.rulesets.dicepool import conftest as act
from tests.rulesets.dicepool.conftest import Fight, ruleset


def test_the_issue_example_pool_5_against_dt_2(fight):
    """A pool of 5 rolling 4,6,2,5,1 against DT 2 (AC 3, proficiency 1) hits with margin 1,
    rolls 2 damage dice and leaves a pool of 3."""
    fight.start()
    out = fight.attack("freya", "barry", roll=[4, 6, 2, 5, 1], damage=[3, 2])
    assert (out.ac, out.proficiency, out.dt) == (3, 1, 2)
    assert out.faces == (4, 6, 2, 5, 1) and out.successes == 3
    assert out.hit and out.margin == 1
    assert out.damage_dice == 2 and out.damage_faces == (3, 2)
    assert out.damage == 3 + 2 + 4           # longsword adds STR 4 (P8)
    assert fight.hp("barry") == 12 - 9
    assert out.pool_after == fight.pool("freya") == 3
    assert ResourceChanged("freya", "pool", 5, 3, "failure dice leave the pool (P3)") \
        in fight.events
    assert out.slots() == {"roll": [(4, 6, 2, 5, 1)], "damage": [(3, 2)]}


def test_two_attacks_in_one_turn_draw_on_the_same_shrinking_pool(fight):
    fight.start()
    first = fight.attack("freya", "barry", roll=[4, 6, 2, 5, 1], damage=[1, 1])
    second = fight.attack("freya", "barry", roll=[6, 1, 4], damage=[1])
    assert (first.pool_before, first.pool_after) == (5, 3)
    assert second.dice == 3 and (second.pool_before, second.pool_after) == (3, 2)
    assert fight.actions("freya") == 0
    fight.end()
    assert fight.pool("freya") == 2 + 2      # replenished once, at the end of the turn (P4)


def test_p7_dt_is_ac_minus_proficiency_not_below_0():
    f = Fight().add("freya", "freya", "A1", prof={"longsword": 5}).add("barry", "barry", "B2")
    f.start()
    out = f.attack("freya", "barry", roll=[1, 1, 1, 1, 1, 1, 1, 1, 1],
                   damage=[1] * 5)
    assert out.dt == 0 and out.successes == 0
    assert out.hit and out.margin == 0 and out.damage_dice == 5     # margin 0 + prof 5


def test_p7_the_dt_floor_comes_from_content():
    f = Fight(ruleset(dt_floor=1)).add("freya", "freya", "A1", prof={"longsword": 5})
    f.add("barry", "barry", "B2").start()
    out = f.attack("freya", "barry", roll=[1] * 9)
    assert out.dt == 1 and not out.hit


def test_p7_fewer_successes_than_dt_misses_and_rolls_no_damage(fight):
    fight.start()
    out = fight.attack("freya", "barry", roll=[4, 1, 1, 1, 1])
    assert not out.hit and out.margin == -1 and out.damage == 0 and out.damage_faces == ()
    assert fight.hp("barry") == 12
    assert not fight.of(HpChanged)


def test_p8_damage_without_the_damage_stat():
    f = Fight().add("kit", "kit", "A1").add("barry", "barry", "B2").start()
    out = f.attack("kit", "barry", roll=[6, 6, 6, 1], damage=[5, 5])
    assert out.dt == 2 and out.margin == 1 and out.damage_dice == 2
    assert out.damage_bonus == 0 and out.damage == 10      # the shortbow adds no stat


def test_p8_down_at_0_hp_and_not_below(fight):
    fight.start()
    out = fight.attack("freya", "barry", roll=[6, 6, 6, 6, 6], damage=[8, 8, 8, 8])
    assert out.damage == 36 and out.hp_after == 0 and out.down
    assert fight.state.actors["barry"].down
    assert WentDown("barry", "down", "P8") in fight.events
    assert HpChanged("barry", 12, 0, "hit by Freya (P8)") in fight.events


def test_p8_damage_effects_add_to_the_damage(fight):
    fight.start()
    fight.execute("effect freya blessed --damage 2")
    out = fight.attack("freya", "barry", roll=[4, 4, 1, 1, 1], damage=[1])
    assert out.damage_bonus == 4 + 2 and out.damage == 7


def test_p9_failure_dice_leave_the_pool_on_a_miss_too(fight):
    fight.start()
    out = fight.attack("freya", "barry", roll=[4, 1, 1, 1, 2])
    assert not out.hit and fight.pool("freya") == 1


def test_the_breakdown_names_the_ruling_of_every_step(fight):
    fight.start()
    out = fight.attack("freya", "barry", roll=[4, 6, 2, 5, 1], damage=[3, 2])
    rules = [n.rule for n in out.notes]
    assert {"P1", "P3", "P7", "P8", "P9"} <= set(rules)
    shown = {n.label: n.value for n in out.notes}
    assert shown["DT"] == 2 and shown["damage"] == 9 and shown["failure dice leave the pool"] == -2
    assert shown["damage dice: margin 1 + proficiency 1"] == "2d8"
    # the Python AttackResolved event held the outcome: the one resolution played is it
    resolved = fight.of(Resolved)
    assert [(e.actor, e.outcome, e.action) for e in resolved] == [
        ("freya", out.outcome, "attack")]


def test_an_attack_with_a_zero_pool_is_refused_unless_dt_0_makes_it_hit(fight):
    fight.start()
    fight.attack("freya", "barry", roll=[1, 1, 1, 1, 1])
    assert fight.pool("freya") == 0
    refused(fight, r"Freya's pool is empty: no die to roll, so no success against DT 2 "
                   r"\(P3, P7\)", roll=[])


# --- refusals ---------------------------------------------------------------------------


def refused(fight, match, **kw):
    before = fight.state
    target = kw.pop("target", "barry")
    attacker = kw.pop("attacker", "freya")
    with pytest.raises(GmError, match=match) as caught:
        fight.attack(attacker, target, **kw)
    assert fight.state is before
    assert caught.value.hint
    return caught.value


def test_refused_before_the_fight_starts(fight):
    assert "(P6)" in refused(fight, "has not started", roll=[6] * 5).message


def test_refused_an_unknown_target(fight):
    fight.start()
    refused(fight, "no actor 'bob'", target="bob")         # the shared actor lookup


def test_refused_a_down_target(fight):
    fight.add("raider", "raider", "E5").start()     # the raider keeps the fight going
    fight.attack("freya", "barry", roll=[6] * 5, damage=[8] * 4)
    assert "(P8)" in refused(fight, "already down", dice=1, roll=[6]).message


def test_refused_attacking_oneself(fight):
    fight.start()
    refused(fight, "cannot attack itself", target="freya")


def test_refused_a_weapon_not_in_hand(fight):
    fight.start()
    error = refused(fight, "holds the Longsword", weapon="dagger")
    assert "(P7)" in error.message and "wield dagger" in error.hint
    refused(fight, "carries no 'halberd'", weapon="halberd")


def test_refused_without_actions_left(fight):
    fight.start()
    fight.attack("freya", "barry", roll=[4, 1, 1, 1, 1])        # one success stays
    fight.attack("freya", "barry", roll=[4])
    error = refused(fight, "needs 1 action; Freya has 0 left", roll=[4])
    assert "(P6)" in error.message


def test_refused_outside_ones_turn_without_a_preparation(fight):
    fight.start()
    error = refused(fight, "only with an action it prepared", attacker="barry",
                    target="freya")
    assert "(P11)" in error.message


def test_refused_a_down_attacker(fight):
    fight.add("raider", "raider", "E5").start("freya", "barry")
    fight.attack("freya", "barry", roll=[6] * 5, damage=[8] * 4)
    fight.end().end()                 # the raider's, then Barry is down: back to Freya
    assert fight.state.turn == "freya"
    error = refused(fight, "Barry the Guard is down", attacker="barry", target="freya")
    assert "(P8)" in error.message


def test_the_weapon_in_hand_may_be_named(fight):
    fight.start()
    out = fight.attack("freya", "barry", weapon="longsword", roll=[1] * 5)
    assert out.weapon == "longsword"


def test_wielding_another_weapon_is_an_action_and_keeps_the_pool(fight):
    fight.start()
    fight.run(act.wield, act.WieldRequest("freya", "dagger"))
    assert fight.actions("freya") == 1 and fight.pool("freya") == 5
    out = fight.attack("freya", "barry", roll=[6, 6, 6, 1, 1], damage=[4, 4])
    assert out.weapon == "dagger" and out.damage == 4 + 4 + 2      # dagger adds DEX 2
    with pytest.raises(GmError, match="already holds"):
        fight.run(act.wield, act.WieldRequest("freya", "dagger"))
