"""Turn order, in every ruleset: who acts in a round, whatever the GM edits mid-round.

A round is driven by `pass` from the acting actor, which in every kind of turn order
gives each actor exactly one turn a round: the actors who acted are those who passed.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.commands import SETTINGS
from conformance.fight import Fight
from shaper_gm.errors import GmError


def rest_of_round(f: Fight, passes: int, reorder: list[str] | None = None) -> list[str]:
    """Who takes a turn from now to the round's end: `passes` turns, then the order set
    to `reorder` (if given), then turns until the round ends."""
    taken = [f.pass_acting() for _ in range(passes)]
    if reorder is not None:
        f.run("init " + " ".join(reorder))
    return taken + f.play_round()


@SETTINGS
@given(data=st.data())
def test_editing_the_order_mid_round_gives_every_waiting_actor_one_turn(ruleset, data):
    """S17: after any k turns, `init` with any order of the living actors; every actor who
    had not acted acts exactly once more this round, nobody twice, nobody skipped (the
    same actors act as in the round left alone)."""
    left_alone = rest_of_round(Fight(ruleset), 0)
    assert not [a for a, n in Counter(left_alone).items() if n > 1], left_alone
    f = Fight(ruleset)
    k = data.draw(st.integers(0, len(left_alone) - 1), label="turns before the edit")
    order = data.draw(st.permutations(f.able()), label="new order")
    taken = rest_of_round(f, k, order)
    assert Counter(taken) == Counter(left_alone), \
        f"turns this round: {taken}; without the edit: {left_alone}\n{f.story()}"


def test_passing_round_the_table_ends_the_round(ruleset):
    """When every actor up in turn has passed, the round ends and the next begins: the
    last pass of a round is not refused as if everyone were down (found by the suite in
    the rulesets with a fixed order)."""
    f = Fight(ruleset)
    start = f.state.round
    taken = f.play_round()
    assert f.state.round == start + 1 and f.acting() is not None, f"{taken}\n{f.story()}"


def test_reordering_after_two_turns_skips_nobody(ruleset):
    """Shaper S17 (issue #21): reversing the order with `init` after two turns must not
    skip the actors still waiting, nor give a turn twice."""
    f = Fight(ruleset)
    before = [f.next_turn(), f.next_turn()]
    f.run("init " + " ".join(reversed(f.able())))
    taken = before + f.play_round(Fight.next_turn)
    assert sorted(taken) == sorted(Fight(ruleset).play_round(Fight.next_turn)), \
        f"{taken}\n{f.story()}"


def test_passing_for_an_actor_not_acting_keeps_its_turn(ruleset):
    """`pass ACTOR` for an actor who is not up is refused (naming who is acting), and
    that actor still takes its turn this round (issue #21: the turn was thrown away)."""
    f = Fight(ruleset)
    waiting = [a for a in f.able() if a not in f.up()][-1]
    f.attempt(f"pass {waiting}")
    taken = f.play_round(Fight.next_turn)
    assert waiting in taken, f"{waiting} lost its turn: {taken}\n{f.story()}"


def test_an_actor_downed_on_its_own_turn_hands_the_turn_on(ruleset):
    """One behaviour for every ruleset: an actor downed on its own turn cannot act, so the
    turn moves on at once to whoever a pass would have handed it to. Keeping the turn
    until the GM types `end` leaves a down actor acting, and it is what three rulesets
    did while two moved on (issue #21)."""
    handed = Fight(ruleset)
    handed.pass_acting()
    f = Fight(ruleset)
    acting = f.acting()
    f.down(acting)
    assert f.acting() != acting and acting not in f.up(), f.story()
    assert (f.acting(), f.up()) == (handed.acting(), handed.up()), \
        f"after a pass: {handed.up()}\n{f.story()}"


def test_a_later_bare_init_keeps_rolls_entered_with_init_roll(ruleset):
    """`init --roll ID=FACES` enters that actor's roll; a later bare `init` rerolls the
    others but keeps it, as it keeps `init ID --roll FACES` (issue #21). The actor is one
    added mid-fight, so the tool rolled its first initiative whatever the demo entered
    for the others (time-slice's demo enters every roll: a bare `init` rolls nobody)."""
    actor_id = "newcomer"
    probe = Fight(ruleset)
    probe.run(f"add {actor_id} --at {probe.state.actors[probe.acting()].zone}")
    rolled = probe.attempt("init")
    if isinstance(rolled, GmError):
        pytest.skip(f"{ruleset} rolls no initiative: {rolled}")
    entry = next(w for w in rolled.line.split() if w.startswith(f"{actor_id}="))
    f = Fight(ruleset)
    f.run(probe.session.log[-2])                                 # the same `add`
    f.run(f"init --roll {entry}")
    entered = f.state.actors[actor_id].initiative
    for _ in range(4):
        f.run("init")
        assert f.state.actors[actor_id].initiative == entered, f.story()
