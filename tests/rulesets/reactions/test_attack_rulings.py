"""R1-R8: the attack, ruling by ruling, with every refusal the rulings imply."""

from __future__ import annotations

from dataclasses import replace

import pytest

from shaper_gm.dice.errors import DiceInputError
from shaper_gm.engine import events as ev
from shaper_gm.engine import registry
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.stepkit import Facts
from tests.rulesets.reactions.conftest import AttackRequest, attack, end, started, tape


def ruled(library, **numbers):
    """The reactions ruleset with some of ruleset.yaml's numbers changed."""
    return registry.build("reactions", replace(library, numbers=Facts(
        {**library.numbers, **numbers})))


def duel(rs, a="B2", b="C2", a_as="duellist", b_as="duellist", b_numbers=None, **grid):
    return started(rs, ("ann", "party", a, a_as), ("bo", "enemies", b, b_as, b_numbers or {}),
                   **grid)


def hit(rs, state, faces=None, reacts=(), **request):
    return attack(state, rs, AttackRequest("ann", "bo", **request),
                  tape(faces or {"crit": [1]}, [("bo", r) for r in reacts]))


# --- R1 declare --------------------------------------------------------------------------

def test_r1_a_defender_out_of_range_is_refused_before_anything_is_paid(rs):
    state = duel(rs, "B2", "D3")
    with pytest.raises(RuleViolation, match=r"2 m away; the Duelling sword reaches 1 m \(R1\)"):
        hit(rs, state)
    state, _, out = hit(rs, state, weapon="hex-pistol")          # 6 m reach
    assert out.distance_m == 2 and out.range_m == 6


def test_r1_type_and_power_overrides_and_the_default_weapon(rs):
    state = duel(rs, b_numbers={"physical_armor": 1})
    _, _, out = hit(rs, state)
    assert (out.weapon, out.attack_type, out.armor, out.damage) == ("duelling-sword",
                                                                    "physical", 1, 23)
    _, _, out = hit(rs, state, attack_type="magical", power=30)
    assert (out.attack_type, out.armor, out.damage) == ("magical", 6, 24)


@pytest.mark.parametrize("request_, message", [
    (dict(weapon="war-axe"), r"has no War axe \(R1\)"),
    (dict(weapon="laser"), r"no weapon or spell 'laser' \(R1\)"),
    (dict(attack_type="fire"), r"'fire' is no attack type \(R1\)"),
    (dict(power=-1), r"power -1 is negative \(R1\)"),
])
def test_r1_refusals(rs, request_, message):
    with pytest.raises(RuleViolation, match=message):
        hit(rs, duel(rs), **request_)


def test_r1_an_attack_needs_both_on_the_grid_and_two_creatures(rs):
    state = duel(rs)
    with pytest.raises(RuleViolation, match=r"cannot attack itself"):
        attack(state, rs, AttackRequest("ann", "ann"), tape())
    unplaced = state.with_actor(state.actors["bo"].with_(zone=None))
    with pytest.raises(RuleViolation, match=r"not on the grid \(R1\)") as err:
        hit(rs, unplaced)
    assert err.value.hint == "place it first: place bo TILE"
    with pytest.raises(RuleViolation, match=r"no actor 'cy'"):
        attack(state, rs, AttackRequest("ann", "cy"), tape())


# --- R2 reactions ---------------------------------------------------------------------

def test_r2_reactions_come_before_any_roll_and_a_refused_one_rolls_nothing(rs):
    state = duel(rs)
    t = tape({"crit": [20]}, [("bo", "dodge"), ("bo", "block")])
    with pytest.raises(RuleViolation, match=r"block 2 needs 1 reaction; it has 0 left"):
        attack(state, rs, AttackRequest("ann", "bo"), t)
    assert t.rolls == [] and t.notes == []
    t = tape({"block": [2], "crit": [20]}, [("bo", "block")])
    attack(state, rs, AttackRequest("ann", "bo"), t)
    assert [slot for slot, _ in t.rolls] == ["block", "crit"]


def test_r2_the_defender_keeps_trying_while_it_can_pay(rs):
    state = duel(rs, b_numbers={"reactions": 4})
    state, events, out = hit(rs, state, {"block": [1, 2], "dodge": [3], "crit": [1]},
                             ["block", "block", "dodge"])
    assert [(a.reaction, a.cost) for a in out.attempts] == [("block", 1), ("block", 1),
                                                            ("dodge", 2)]
    assert out.reactions_spent == 4 and state.actors["bo"].resource("reactions") == 0
    # one line pays for every attempt, naming them in order
    assert ev.ResourceChanged("bo", "reactions", 4, 0, "block, block, dodge", "R2") in events


def test_r2_a_success_ends_the_attempts(rs):
    state = duel(rs)
    t = tape({"block": [18], "crit": [1]}, [("bo", "block"), ("bo", "block")])
    _, _, out = attack(state, rs, AttackRequest("ann", "bo"), t)
    assert len(out.attempts) == 1 and out.reactions_left == 1
    # the second declared block is never tried: the attack drops it, and says so
    assert list(t.decisions.declared) == [("bo", "block")]
    t.decisions.finish()
    assert any(n.label == "1 more declared reaction not needed: the block succeeded"
               for n in out.notes)


def test_r2_without_a_declaration_the_defender_does_not_react(rs):
    state, events, out = hit(rs, duel(rs), {"crit": [1]})
    assert out.attempts == () and state.actors["bo"].resource("reactions") == 2
    assert not any(isinstance(e, ev.ResourceChanged) for e in events)


def test_r2_a_true_attack_offers_only_a_dodge(rs):
    state = duel(rs, "B2", "C2", "wraith")
    asked = []
    attack(state, rs, AttackRequest("ann", "bo"),
           tape({"crit": [1]}, asker=lambda ask: asked.append((ask.options, ask.rule))
                or "none"))
    assert asked == [(("none", "dodge"), "R2")]


def test_r2_an_unknown_reaction_is_refused(rs):
    with pytest.raises(RuleViolation, match=r"--react bo=parry: no such reaction \(R2\)"):
        hit(rs, duel(rs), reacts=["parry"])


# --- R3 rolls -------------------------------------------------------------------------

def test_r3_a_roll_succeeds_when_it_reaches_the_target(rs):
    state = duel(rs)
    _, _, out = hit(rs, state, {"block": [11, 12], "crit": [15]}, ["block", "block"])
    assert [(a.face, a.target, a.success) for a in out.attempts] == [(11, 12, False),
                                                                   (12, 12, True)]
    assert not out.critical and out.critical_target == 16
    _, _, out = hit(rs, state, {"dodge": [14], "crit": [16]}, ["dodge"])
    assert not out.dodged and out.critical


def test_r3_faces_are_checked_against_the_die(rs):
    with pytest.raises(DiceInputError, match="out of range 1-20"):
        hit(rs, duel(rs), {"block": [21]}, ["block"])


def test_r3_a_target_above_the_die_never_succeeds(rs):
    state = duel(rs, b_numbers={"block": 21})
    _, _, out = hit(rs, state, {"block": [20], "crit": [1]}, ["block"])
    assert not out.blocked


# --- R4 dodge -----------------------------------------------------------------------

def test_r4_without_a_tile_the_dodger_takes_the_free_tile_farthest_from_the_attacker(rs):
    state = started(rs, ("ann", "party", "B2"), ("bo", "enemies", "C2"),
                    ("cy", "enemies", "D3"))
    state, events, out = hit(rs, state, {"dodge": [19]}, ["dodge"])
    assert out.moved_to == "D1" and out.moved_by_default      # D2, D1, D3: D3 is taken
    assert state.actors["bo"].zone == "D1"
    assert any("no tile named" in note.label and note.rule == "R4" for note in out.notes)
    moved = [e for e in events if type(e).__name__ == "Moved"]
    assert [(m.start, m.end, m.chosen_by_default) for m in moved] == [("C2", "D1", True)]


@pytest.mark.parametrize("tile, message", [
    ("C2", r"a dodge leaves the defender's tile \(R4\)"),
    ("B2", r"B2 is taken \(R4\)"),
    ("E2", r"E2 is more than 1 tile from Duellist \(R4\)"),
    ("Z9", r"off the 8x8 grid"),
])
def test_r4_a_named_tile_must_be_free_and_in_reach(rs, tile, message):
    with pytest.raises(RuleViolation, match=message):
        hit(rs, duel(rs), {"dodge": [19]}, ["dodge"], dodge_to=tile)


def test_r4_a_failed_dodge_changes_nothing_but_the_reactions(rs):
    state, _, out = hit(rs, duel(rs), {"dodge": [14], "crit": [1]}, ["dodge"])
    assert not out.dodged and out.moved_to is None and out.damage == 18
    assert state.actors["bo"].zone == "C2"


def test_r4_with_no_free_tile_a_dodge_is_neither_offered_nor_taken(rs):
    """A dodge moves the defender out of its tile (R4): hemmed in on a 2x2 field, Bo
    cannot dodge, and a declared one is refused before anything is paid (issue 22:
    the attack is not avoided by a dodge that goes nowhere). Asked, Bo is offered
    none or block alone; blocking with a 3 (vs 12) fails: 24 - 6 = 18 damage (R6)."""
    state = started(rs, ("ann", "party", "A1"), ("bo", "enemies", "B1"),
                    ("cy", "enemies", "A2"), ("dee", "enemies", "B2"), cols=2, rows=2)
    with pytest.raises(RuleViolation, match=r"no free tile next to it to dodge to \(R4\)"):
        hit(rs, state, {"dodge": [15]}, ["dodge"])
    offered = []
    _, _, out = attack(state, rs, AttackRequest("ann", "bo"), tape(
        {"block": [3], "crit": [1]}, asker=lambda ask: offered.append(ask.options) or "block"))
    assert offered[0] == ("none", "block")
    assert not out.dodged and out.damage == 18


# --- R5 critical, R6 damage ---------------------------------------------------------

def test_r5_a_failed_critical_roll_leaves_the_power(rs):
    _, _, out = hit(rs, duel(rs), {"crit": [15]})
    assert (out.crit_face, out.critical, out.total_power) == (15, False, 24)


def test_r6_damage_never_goes_below_zero(rs):
    state, _, out = hit(rs, duel(rs), {"block": [20], "crit": [1]}, ["block"], power=10)
    assert out.damage == 0 and state.actors["bo"].hp == 60      # 10 - 6 - 8


def test_r6_true_damage_ignores_armor_and_block_bonus_even_when_blocking_is_allowed(library):
    rs = ruled(library, true_blockable=1)
    _, _, out = hit(rs, duel(rs), {"block": [20], "crit": [1]}, ["block"], attack_type="true")
    assert out.blocked and (out.armor, out.block_bonus, out.damage) == (0, 0, 24)


def test_r6_the_minimum_damage_is_a_content_value(library):
    rs = ruled(library, min_damage=1)
    _, _, out = hit(rs, duel(rs), {"crit": [1]}, power=2)
    assert out.damage == 1


# --- R7 shield, R8 health ---------------------------------------------------------------

def shielded(rs, amount, **numbers):
    state = duel(rs, b_numbers=numbers)
    bo = state.actors["bo"]
    return state.with_actor(bo.with_resources({**bo.resource_map(), "shield": amount}))


def test_r7_the_shield_soaks_first_and_the_rest_goes_to_health(rs):
    state, events, out = hit(rs, shielded(rs, 10), {"crit": [16]})
    assert (out.damage, out.soaked) == (28, 10)
    assert state.actors["bo"].resource("shield") == 0 and state.actors["bo"].hp == 42
    state, _, out = hit(rs, shielded(rs, 30), {"crit": [16]})
    assert out.soaked == 28 and state.actors["bo"].resource("shield") == 2
    assert state.actors["bo"].hp == 60


def test_r7_true_only_leaves_typed_damage_to_health(library):
    rs = ruled(library, shield_soaks="true_only")
    state, _, out = hit(rs, shielded(rs, 10), {"crit": [1]})
    assert out.soaked == 0 and state.actors["bo"].hp == 42
    state, _, out = hit(rs, shielded(rs, 10), {"crit": [1]}, attack_type="true")
    assert out.soaked == 10 and state.actors["bo"].hp == 46


def test_r8_health_stops_at_zero_and_the_creature_is_down(rs):
    state = started(rs, ("ann", "party", "B2"), ("bo", "enemies", "C2", "duellist", {"hp": 5}),
                    ("k", "enemies", "H8", "knight"))   # a third keeps the fight going
    state, events, out = hit(rs, state, {"crit": [1]})
    assert out.down and state.actors["bo"].hp == 0 and state.actors["bo"].down
    assert ev.WentDown("bo", "down", "R8") in events
    assert ev.HpChanged("bo", 5, 0, "Duellist's physical attack") in events
    state, _, _ = end(state, rs)                 # Bo is skipped: the knight, then Ann
    state, _, _ = end(state, rs)                 # (her action spent: a turn of hers again)
    with pytest.raises(RuleViolation, match=r"already down \(R8\)"):
        hit(rs, state)


def test_r2_declaring_none_stops_the_reactions_and_nothing_after_it_is_weighed(rs):
    state = duel(rs)
    t = tape({"crit": [1]}, [("bo", "none"), ("bo", "dodge"), ("bo", "dodge")])
    _, _, out = attack(state, rs, AttackRequest("ann", "bo"), t)
    assert out.attempts == () and t.decisions.made == [("bo", "none")]
