"""The engine kit on a ruleset defined only here: resources, turn orders, 0-9 dice,
success pools, interrupts, and odds from the same steps as play, against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from shaper_gm.dice import DiceRng, GivenFaces, RolledFaces
from shaper_gm.dice.errors import DiceInputError
from shaper_gm.dice.exact import roll_dist
from shaper_gm.dice.notation import from_zero, parse
from shaper_gm.dice.pools import pool_dist, roll_pool
from shaper_gm.dice.specs import PoolCount
from shaper_gm.engine import resources
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import PlayTape, distribution, exact, play
from tests.engine.skirmish import SWING, Skirmish, Swing, actor


def encounter(rs, *actors) -> Encounter:
    state = Encounter(ruleset="skirmish", actors={a.id: a for a in actors},
                      order=tuple(a.id for a in actors))
    started = [a.with_resources(dict(resources.starting(rs.resources, a.sheet, rs.stat)))
               for a in actors]
    return state.with_actors(started)


def spend(state, rs, actor_id, ap):
    actor = state.actors[actor_id]
    values, _ = resources.pay(rs.resources, actor.resource_map(), {"ap": ap}, action="act",
                              who=actor.name, on_turn=state.controls_turn(actor_id))
    return state.with_actor(actor.with_resources(values))


def act(state, rs, actor_id, ap):
    order = rs.turn_order
    state, _ = order.before_action(state, rs, actor_id)
    state = spend(state, rs, actor_id, ap)
    state, events = order.after_action(state, rs, actor_id)
    return state, events


# --- resources -------------------------------------------------------------------------

def test_round_refilled_resource_comes_back_at_the_next_round():
    rs = Skirmish("most")
    state, _ = rs.turn_order.start(encounter(rs, actor("ann", "us", budget=2)), rs)
    assert state.actors["ann"].resource("ap") == 2
    state, _ = act(state, rs, "ann", 2)          # spent: the round ends, the next begins
    assert state.round == 2
    assert state.actors["ann"].resource("ap") == 2


def test_turn_end_refill_adds_its_amount_up_to_the_maximum():
    rs = Skirmish("passes")
    state, _ = rs.turn_order.start(encounter(rs, actor("ann", "us"), actor("bo", "us")), rs)
    assert state.actors["ann"].resource("focus") == 0
    for _ in range(5):
        state, _ = rs.turn_order.end_turn(state, rs)
    assert state.actors["ann"].resource("focus") == 3          # capped at max 3


def test_a_cost_may_be_paid_off_turn_only_with_an_off_turn_resource():
    specs = (resources.ResourceSpec("act", "action", max=1, refill="turn_start"),
             resources.ResourceSpec("react", "reaction", max=2, refill="turn_start",
                                    off_turn=True))
    with pytest.raises(RuleViolation, match="outside its own turn"):
        resources.pay(specs, {"act": 1, "react": 2}, {"act": 1}, action="attack", who="Ann",
                      on_turn=False)
    values, payment = resources.pay(specs, {"act": 1, "react": 2}, {"react": 2}, action="dodge",
                                    who="Ann", on_turn=False)
    assert values == {"act": 1, "react": 0} and dict(payment.paid) == {"react": 2}


def test_substitution_pays_a_short_resource_with_another():
    specs = (resources.ResourceSpec("big", max=3, refill="turn_start"),
             resources.ResourceSpec("small", max=1, refill="turn_start", paid_by=("big",)))
    values, payment = resources.pay(specs, {"big": 3, "small": 0}, {"small": 1}, action="x",
                                    who="Ann", on_turn=True)
    assert values == {"big": 2, "small": 0}
    assert (dict(payment.cost), dict(payment.paid)) == ({"small": 1}, {"big": 1})
    with pytest.raises(RuleViolation, match="needs 4 big; Ann has 3 left"):
        resources.pay(specs, {"big": 3, "small": 0}, {"big": 4}, action="x", who="Ann",
                      on_turn=True)


# --- most remaining acts next ------------------------------------------------------------

def test_most_remaining_shares_ties_inside_a_side():
    rs = Skirmish("most")
    state = encounter(rs, actor("ann", "us", might=1), actor("bo", "us", might=1),
                      actor("cy", "them", might=1, budget=3))
    state, _ = rs.turn_order.start(state, rs)
    assert state.up == ("ann", "bo") and state.turn == "ann"
    assert "tied inside us" in rs.turn_order.explain(state, rs)
    state, _ = act(state, rs, "bo", 1)           # the GM acts with the other tied actor
    assert state.up == ("ann",)


def test_most_remaining_breaks_ties_between_sides_by_the_side_total():
    rs = Skirmish("most")
    state = encounter(rs, actor("ann", "us", might=1), actor("cy", "them", might=3),
                      actor("dee", "them", might=2, budget=1))
    state, _ = rs.turn_order.start(state, rs)
    assert state.up == ("cy",)                    # 4 AP each; them 5 beats us 1
    why = rs.turn_order.explain(state, rs)
    assert "them's might total 5 beats the others (us 1, them 5)" in why and "(K5)" in why


def test_a_tie_of_side_totals_goes_to_the_side_listed_first():
    rs = Skirmish("most")
    state = encounter(rs, actor("ann", "us", might=2), actor("cy", "them", might=2))
    state, _ = rs.turn_order.start(state, rs)
    assert state.up == ("ann",)
    assert "listed first" in rs.turn_order.explain(state, rs)


def test_the_round_ends_when_everyone_is_at_zero_and_pass_gives_up_the_rest():
    rs = Skirmish("most")
    state = encounter(rs, actor("ann", "us", budget=2), actor("cy", "them", budget=1))
    state, _ = rs.turn_order.start(state, rs)
    state, _ = act(state, rs, "ann", 1)           # ann 1, cy 1: tie between sides
    state, _ = rs.turn_order.pass_turn(state, rs, "cy")
    assert state.up == ("ann",) and state.round == 1
    state, events = act(state, rs, "ann", 1)
    assert state.round == 2 and state.up == ("ann",)
    assert state.actors["cy"].resource("ap") == 1


def test_an_off_turn_spend_changes_who_is_up():
    rs = Skirmish("most")
    state = encounter(rs, actor("ann", "us", budget=3), actor("cy", "them", budget=4))
    state, _ = rs.turn_order.start(state, rs)
    assert state.up == ("cy",)
    state = spend(state, rs, "cy", 2)             # a reaction outside its turn
    state, _ = rs.turn_order.after_action(state, rs, "cy")
    assert state.up == ("ann",)


# --- cycling passes ------------------------------------------------------------------

def test_cycling_passes_a_turn_ended_early_comes_round_again():
    rs = Skirmish("passes")
    state = encounter(rs, actor("ann", "us", budget=4), actor("bo", "us", budget=2),
                      actor("cy", "them", budget=3))
    order = rs.turn_order
    state, _ = order.start(state, rs)
    assert state.turn == "ann" and state.passes == 1
    state, _ = act(state, rs, "ann", 1)
    state, _ = order.end_turn(state, rs)          # ann keeps 3 for a later pass
    assert state.turn == "bo"
    state, _ = order.pass_turn(state, rs, "bo")    # bo gives up the round
    assert state.turn == "cy" and state.actors["bo"].resource("ap") == 0
    state, _ = act(state, rs, "cy", 3)            # cy spends all: its turn ends by itself
    assert state.turn == "ann" and state.passes == 2
    state, _ = act(state, rs, "ann", 3)           # the last budget spent: a new round
    assert state.round == 2 and state.passes == 1 and state.turn == "ann"
    assert [state.actors[a].resource("ap") for a in ("ann", "bo", "cy")] == [4, 2, 3]


# --- dice -----------------------------------------------------------------------------

def test_a_d10_read_from_zero_has_faces_0_to_9_and_2d10_averages_9():
    expr = from_zero(parse("2d10"))
    dist = roll_dist(expr)
    assert min(dist) == 0 and max(dist) == 18
    assert dist.mean() == 9
    rng = DiceRng(7)
    faces = RolledFaces(rng).faces(2000, 10, low=0)
    assert set(faces) == set(range(10))
    assert GivenFaces([0, 9]).faces(2, 10, low=0) == (0, 9)
    with pytest.raises(DiceInputError, match="out of range 0-9"):
        GivenFaces([10, 3]).faces(2, 10, low=0)


def test_success_pool_distribution_matches_enumeration():
    for count in range(0, 5):
        dist = pool_dist(count, 6, 4)
        brute: dict = {}
        for faces in itertools.product(range(1, 7), repeat=count):
            ok = sum(f >= 4 for f in faces)
            key = PoolCount(ok, count - ok)
            brute[key] = brute.get(key, 0) + Fraction(1, 6 ** count)
        assert dict(dist.items()) == brute
    rolled = roll_pool(GivenFaces([4, 6, 2, 5, 1]), 5, 6, 4)
    assert (rolled.successes, rolled.failures) == (3, 2)


# --- interrupts and the pipeline ---------------------------------------------------------

def swing(bonus=0, dodge_dice=2):
    return Swing("ann", "cy", bonus, dodge_dice)


def sources(faces: dict):
    return lambda slot, index, who: GivenFaces(faces[slot])


def test_an_interrupt_is_answered_by_flag_then_default():
    flagged = Decisions(declared=[("cy", "dodge")])
    tape = PlayTape(sources({"roll": [9, 5], "dodge": [6, 2]}), flagged)
    out = play(SWING, swing(), tape)
    assert out.dodged == "dodge" and out.total == 12 and out.hit and out.damage == 3
    assert flagged.as_flags() == ["cy=dodge"]
    default = Decisions()
    out = play(SWING, swing(), PlayTape(sources({"roll": [9, 5]}), default))
    assert out.dodged == "none" and out.total == 14 and default.as_flags() == ["cy=none"]


def test_an_interrupt_may_be_asked_and_a_declared_answer_must_be_used():
    asked = []
    decisions = Decisions(asker=lambda ask: asked.append(ask.prompt) or "dodge")
    out = play(SWING, swing(), PlayTape(sources({"roll": [1, 1], "dodge": [5, 5]}), decisions))
    assert asked == ["cy may dodge"] and out.total == -2 and not out.hit
    wrong = Decisions(declared=[("cy", "parry")])
    with pytest.raises(RuleViolation, match="'parry' is not an answer cy can give"):
        play(SWING, swing(), PlayTape(sources({"roll": [1, 1]}), wrong))
    unused = Decisions(declared=[("ann", "dodge")])
    play(SWING, swing(), PlayTape(sources({"roll": [1, 1]}), unused))
    with pytest.raises(RuleViolation, match="was not asked for"):
        unused.finish()


def brute_force(bonus: int, dodge: bool, dodge_dice: int) -> dict:
    out: dict = {}
    pools = itertools.product(range(1, 7), repeat=dodge_dice) if dodge else [()]
    pools = list(pools)
    for a, b in itertools.product(range(10), repeat=2):
        for pool in pools:
            p = Fraction(1, 100) / len(pools)
            total = a + b + bonus - 2 * sum(f >= 5 for f in pool)
            key = (total > 9, max(0, total - 9))
            out[key] = out.get(key, 0) + p
    return out


@pytest.mark.parametrize("bonus,dodge,dice", [(0, False, 2), (2, True, 2), (-1, True, 3)])
def test_odds_run_the_same_steps_and_match_brute_force(bonus, dodge, dice):
    decisions = Decisions(declared=[("cy", "dodge")] if dodge else [])
    final = exact(SWING, swing(bonus, dice), decisions)
    assert sum(final.values()) == 1
    assert distribution(final, lambda c: (c.hit, c.damage)) == brute_force(bonus, dodge, dice)
