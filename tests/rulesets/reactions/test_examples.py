"""The source's four examples (A-D) with the same choices and rolls, on its duellists
(power 24, critical bonus 10, armor 6 of each type, block bonus 8; targets block 12,
dodge 15, critical 16), and the issue's two other cases."""

from __future__ import annotations

import pytest

from shaper_gm.engine.errors import RuleViolation
from tests.rulesets.reactions.conftest import (
    AttackRequest,
    ShieldRequest,
    attack,
    raise_shield,
    started,
    tape,
)


def duel(rs, attacker_tile="B2", defender_tile="C2", **grid):
    return started(rs, ("ann", "party", attacker_tile), ("bo", "enemies", defender_tile), **grid)


def test_a_two_failed_physical_blocks_then_a_critical_deal_28(rs):
    state = duel(rs)
    state, events, out = attack(state, rs, AttackRequest("ann", "bo", "duelling-sword"),
                                tape({"block": [5, 11], "crit": [16]},
                                     [("bo", "block"), ("bo", "block")]))
    assert [(a.reaction, a.face, a.success) for a in out.attempts] == [
        ("block", 5, False), ("block", 11, False)]
    assert out.critical and out.total_power == 34
    assert (out.armor, out.block_bonus, out.damage) == (6, 0, 28)
    assert state.actors["bo"].hp == 60 - 28
    assert state.actors["bo"].resource("reactions") == 0
    assert state.actors["ann"].resource("action") == 0
    assert out.faces() == {"block": [5, 11], "dodge": [], "crit": [16]}


def test_b_a_dodge_with_two_reactions_avoids_everything_and_leaves_the_tile(rs):
    state = duel(rs, "B2", "F2")                 # 4 m away: the magical ranged weapon
    state, events, out = attack(state, rs, AttackRequest("ann", "bo", "hex-pistol",
                                                         dodge_to="F3"),
                                tape({"dodge": [15]}, [("bo", "dodge")]))
    assert out.attack_type == "magical" and out.distance_m == 4
    assert out.dodged and out.damage == 0 and out.crit_face is None   # the steps stop
    assert out.reactions_spent == 2 and out.moved_to == "F3"
    bo = state.actors["bo"]
    assert (bo.hp, bo.zone, bo.resource("reactions")) == (60, "F3", 0)
    assert out.faces() == {"block": [], "dodge": [15], "crit": []}


def test_c_one_successful_magical_block_and_no_critical_deal_10(rs):
    state = duel(rs)
    state, _, out = attack(state, rs, AttackRequest("ann", "bo", "spellblade"),
                           tape({"block": [12], "crit": [15]}, [("bo", "block")]))
    assert out.blocked and not out.critical and out.total_power == 24
    assert (out.armor, out.block_bonus, out.damage) == (6, 8, 10)
    assert state.actors["bo"].hp == 50
    assert state.actors["bo"].resource("reactions") == 1


def test_d_the_second_of_two_physical_blocks_succeeds_and_a_critical_deals_20(rs):
    state = duel(rs)
    state, _, out = attack(state, rs, AttackRequest("ann", "bo", "duelling-sword"),
                           tape({"block": [3, 17], "crit": [20]},
                                [("bo", "block"), ("bo", "block")]))
    assert [a.success for a in out.attempts] == [False, True]
    assert out.blocked and out.critical and out.total_power == 34
    assert out.damage == 20 and state.actors["bo"].hp == 40


def test_a_true_attack_cannot_be_blocked_but_a_shield_soaks_it(rs):
    state = started(rs, ("bo", "enemies", "C2", "knight"), ("ann", "party", "B2", "wraith"))
    state, _, raised = raise_shield(state, rs, ShieldRequest("bo"), tape())
    assert raised.after == 20                                   # the tower shield
    state, _ = rs.turn_order.end_turn(state, rs)                # the wraith's turn
    with pytest.raises(RuleViolation, match=r"cannot be blocked, only dodged \(R2\)"):
        attack(state, rs, AttackRequest("ann", "bo"), tape({}, [("bo", "block")]))
    power = rs.library.item("weapons", "soul-touch")["power"]                # 8 true damage
    state, _, out = attack(state, rs, AttackRequest("ann", "bo", power=power * 3),
                           tape({"crit": [1]}))
    assert out.attack_type == "true" and out.armor == 0 and out.damage == 24
    assert out.soaked == 20 and state.actors["bo"].resource("shield") == 0
    assert state.actors["bo"].hp == 50 - 4


def test_a_defender_with_one_reaction_left_cannot_dodge(rs):
    state = duel(rs)
    state = state.with_actor(state.actors["bo"].with_resources(
        {**state.actors["bo"].resource_map(), "reactions": 1}))
    with pytest.raises(RuleViolation, match=r"dodge 1 needs 2 reactions; it has 1 left") as err:
        attack(state, rs, AttackRequest("ann", "bo"), tape({}, [("bo", "dodge")]))
    assert "a block costs 1, a dodge 2" in err.value.hint
    assert state.actors["ann"].resource("action") == 1           # nothing was paid
    # asked instead of declared, it is offered only what it can pay for
    offered = []
    attack(state, rs, AttackRequest("ann", "bo"),
           tape({"crit": [1]}, asker=lambda ask: offered.append(ask.options) or "none"))
    assert offered == [("none", "block")]

