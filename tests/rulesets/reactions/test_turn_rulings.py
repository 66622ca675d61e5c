"""R9-R12: initiative, a turn's move and action, reactions per round, shields; and the
verbs around them (move, shield, act, react, pass, end)."""

from __future__ import annotations

import pytest

from shaper_gm.dice import GivenFaces
from shaper_gm.engine import events as ev
from shaper_gm.engine.errors import RuleViolation
from tests.rulesets.reactions.conftest import (
    ActRequest,
    AttackRequest,
    MoveRequest,
    PassRequest,
    ReactRequest,
    ShieldRequest,
    act,
    attack,
    encounter,
    end,
    move,
    pass_,
    raise_shield,
    react,
    started,
    tape,
)


def shield_changes(events) -> list[tuple]:
    """Each change of a shield: who, the resource, before, after."""
    return [(e.actor, e.resource, e.before, e.after) for e in events
            if isinstance(e, ev.ResourceChanged) and e.resource == "shield"]


def three(rs):
    return started(rs, ("ann", "party", "B2"), ("bo", "enemies", "C2", "skeleton"),
                   ("cy", "party", "F6", "battle-mage"))


# --- R9 turn order ------------------------------------------------------------------

def test_r9_initiative_is_a_d20_plus_the_bonus_and_ties_go_to_the_higher_bonus(rs):
    state = encounter(rs, ("ann", "party", "B2"), ("bo", "enemies", "C2", "skeleton"))
    rolled = rs.initiative(state.actors["ann"], GivenFaces([7]))
    assert rolled.total == 9 and rolled.naturals == (7,)           # duellist: +2
    assert rs.order_tiebreak(state.actors["ann"]) == 2
    assert rs.order_tiebreak(state.actors["bo"]) == 0
    with pytest.raises(ValueError, match="out of range 1-20"):
        rs.initiative(state.actors["ann"], GivenFaces([21]))


def test_r9_the_fixed_order_skips_down_creatures_and_wraps_into_a_new_round(rs):
    state = three(rs)
    assert (state.round, state.turn) == (1, "ann")
    state = state.with_actor(state.actors["bo"].with_(down=True, hp=0))
    state, _, _ = end(state, rs)
    assert state.turn == "cy"
    state, events, _ = end(state, rs)
    assert (state.round, state.turn) == (2, "ann") and ev.RoundStarted(2) in events


# --- R10 a turn ---------------------------------------------------------------------

def test_r10_one_action_a_turn(rs):
    state = three(rs)
    state, _, _ = attack(state, rs, AttackRequest("ann", "bo"), tape({"crit": [1]}))
    with pytest.raises(RuleViolation, match=r"attack needs 1 action; Duellist has 0 left "
                                            r"\(R10\)"):
        attack(state, rs, AttackRequest("ann", "bo"), tape({"crit": [1]}))
    with pytest.raises(RuleViolation, match=r"act needs 1 action.*\(R10\)"):
        act(state, rs, ActRequest("ann", "action", "x"), tape())


def test_r10_one_move_a_turn_up_to_the_speed_with_diagonals_counting_one(rs):
    state = three(rs)
    moved_state, events, moved = move(state, rs, MoveRequest("ann", "g7"), tape())
    # the move's facts: Ann from B2 to G7, 5 m (a diagonal step counts 1)
    assert (moved.actor, state.actors["ann"].zone, moved.destination) == ("ann", "B2", "G7")
    assert rs.distance("B2", "G7") * rs.numbers["cell_size"] == 5
    assert moved_state.actors["ann"].zone == "G7"
    with pytest.raises(RuleViolation, match=r"needs 1 move; Duellist has 0 left \(R10\)"):
        move(moved_state, rs, MoveRequest("ann", "g6"), tape())
    with pytest.raises(RuleViolation, match=r"H2 is 6 m away; Duellist moves up to 5 m "
                                            r"\(R10\)"):
        move(state, rs, MoveRequest("ann", "H2"), tape())
    with pytest.raises(RuleViolation, match=r"C2 is taken \(R10\)"):
        move(state, rs, MoveRequest("ann", "C2"), tape())
    with pytest.raises(RuleViolation, match=r"already on B2"):
        move(state, rs, MoveRequest("ann", "B2"), tape())


def test_r10_the_move_and_the_action_are_the_acting_creatures_and_lapse_at_its_turn_end(rs):
    state = three(rs)
    with pytest.raises(RuleViolation, match=r"it is not Skeleton's turn \(R10\): actions are "
                                            r"spent only on your own turn"):
        move(state, rs, MoveRequest("bo", "D2"), tape())
    with pytest.raises(RuleViolation, match=r"it is not Skeleton's turn \(R10\)"):
        attack(state, rs, AttackRequest("bo", "ann"), tape({"crit": [1]}))
    state, events, _ = end(state, rs)
    assert ev.TurnEnded("ann", (("move", 1), ("action", 1)), "R10") in events
    assert (state.actors["ann"].resource("move"), state.actors["ann"].resource("action")) \
        == (0, 0)
    assert state.actors["bo"].resource("action") == 1


def test_r10_nothing_acts_before_the_fight_starts(rs):
    state = encounter(rs, ("ann", "party", "B2"), ("bo", "enemies", "C2"))
    with pytest.raises(RuleViolation, match=r"has not started"):
        attack(state, rs, AttackRequest("ann", "bo"), tape())


def test_act_spends_the_action_or_the_move(rs):
    state = three(rs)
    state, events, said = act(state, rs, ActRequest("ann", "action", "drinks a potion"),
                              tape())
    assert said == ev.Said("ann", "action", "drinks a potion")
    assert state.actors["ann"].resource("action") == 0
    state, _, _ = act(state, rs, ActRequest("ann", "move", "stands up"), tape())
    assert state.actors["ann"].resource("move") == 0
    with pytest.raises(RuleViolation, match=r"act costs one of move, action here, not "
                                            r"'major' \(R10\)"):
        act(state, rs, ActRequest("ann", "major", "x"), tape())


# --- R11 reactions per round ---------------------------------------------------------

def test_r11_reactions_refill_at_the_start_of_the_creatures_own_turn_only(rs):
    state = three(rs)
    state, _, _ = attack(state, rs, AttackRequest("ann", "cy", "hex-pistol"),
                         tape({"block": [1, 1], "crit": [1]}, [("cy", "block"),
                                                              ("cy", "block")]))
    assert state.actors["cy"].resource("reactions") == 0
    state, _, _ = end(state, rs)                     # bo's turn: cy still has none
    assert state.actors["cy"].resource("reactions") == 0
    state, _, _ = end(state, rs)                     # cy's own turn: back to 2
    assert state.turn == "cy" and state.actors["cy"].resource("reactions") == 2


def test_r11_react_pays_reactions_outside_the_own_turn_only(rs):
    state = three(rs)
    state, events, reacted = react(state, rs, ReactRequest("cy", 1, "warns Ann"), tape())
    assert reacted == ev.Reacted("cy", "warns Ann", spent=(("reactions", 1),),
                                 left=(("reactions", 1),), rule="R11")   # reactions 2 -> 1
    assert reacted in events and state.actors["cy"].resource("reactions") == 1
    with pytest.raises(RuleViolation, match=r"react needs 2 reactions; Battle mage has 1 "
                                            r"left \(R11\)"):
        react(state, rs, ReactRequest("cy", 2, "x"), tape())
    with pytest.raises(RuleViolation, match=r"cannot react during its own turn \(R11\)"):
        react(state, rs, ReactRequest("ann", 1, "x"), tape())
    with pytest.raises(RuleViolation, match=r"at least 1 reaction"):
        react(state, rs, ReactRequest("cy", 0, "x"), tape())


def test_r11_a_creature_reacting_to_an_attack_on_its_own_turn_cannot(rs):
    state = three(rs)
    ann = state.actors["ann"]
    # a GM fix lets bo strike during ann's turn: ann is up, so she cannot react
    bo = state.actors["bo"]
    state = state.with_(up=("ann", "bo"))
    with pytest.raises(RuleViolation, match=r"cannot react during its own turn \(R11\)"):
        attack(state, rs, AttackRequest("bo", "ann"), tape({}, [("ann", "block")]))
    state, _, out = attack(state, rs, AttackRequest("bo", "ann"), tape({"crit": [1]}))
    assert out.attempts == () and state.actors["ann"].resource("reactions") == \
        ann.resource("reactions")
    assert bo.resource("action") == 1


def test_pass_gives_up_the_rest_of_the_round_and_ends_the_turn(rs):
    state = three(rs)
    state, events, _ = pass_(state, rs, PassRequest("ann"), tape())
    assert state.turn == "bo"
    # R11: its reactions last until its next turn; a pass gives up the move and action
    assert ev.Passed("ann", (("move", 1), ("action", 1)), "R10, R11") in events
    assert state.actors["ann"].resource("reactions") == 2
    with pytest.raises(RuleViolation, match="already passed"):
        pass_(state, rs, PassRequest("ann"), tape())


# --- R12 shields -------------------------------------------------------------------

def test_r12_raising_a_shield_is_an_action_and_lasts_until_the_next_turn_start(rs):
    state = three(rs)
    state, _, _ = end(state, rs)                                   # bo (skeleton) is up
    state, events, raised = raise_shield(state, rs, ShieldRequest("bo"), tape())
    assert (raised.before, raised.after) == (0, 10)                # the buckler's 10
    assert state.actors["bo"].sheet["shield"] == "buckler"
    assert state.actors["bo"].resource("shield") == 10
    assert state.actors["bo"].resource("action") == 0
    state, _, _ = end(state, rs)                                   # cy
    assert state.actors["bo"].resource("shield") == 10
    state, _, _ = end(state, rs)                                   # ann
    state, events, _ = end(state, rs)                              # bo again
    assert ("bo", "shield", 10, 0) in shield_changes(events)    # it lapses (R12)
    assert state.actors["bo"].resource("shield") == 0


def test_r12_a_depleted_shield_is_gone_and_a_creature_without_one_cannot_raise_it(rs):
    state = three(rs)
    with pytest.raises(RuleViolation, match=r"has no shield to raise \(R12\)"):
        raise_shield(state, rs, ShieldRequest("ann"), tape())
    state, _, _ = end(state, rs)
    state, _, _ = raise_shield(state, rs, ShieldRequest("bo"), tape())
    state, _, _ = end(state, rs)
    state, _, _ = end(state, rs)                                   # ann hits bo
    state, _, out = attack(state, rs, AttackRequest("ann", "bo"), tape({"crit": [1]}))
    assert (out.damage, out.soaked) == (20, 10)                    # 24 - 4 armor
    state, events, _ = end(state, rs)
    assert state.actors["bo"].resource("shield") == 0
    assert not shield_changes(events)                             # nothing left to lapse


def test_a_down_creature_cannot_act(rs):
    state = three(rs)
    state = state.with_actor(state.actors["ann"].with_(down=True, hp=0))
    for verb, request in ((move, MoveRequest("ann", "B3")), (raise_shield,
                          ShieldRequest("ann")), (act, ActRequest("ann", "action", "x")),
                          (react, ReactRequest("ann", 1, "x"))):
        with pytest.raises(RuleViolation, match=r"is down \(R8\)"):
            verb(state, rs, request, tape())
    with pytest.raises(RuleViolation, match=r"is down \(R8\) and cannot attack"):
        attack(state, rs, AttackRequest("ann", "bo"), tape())
