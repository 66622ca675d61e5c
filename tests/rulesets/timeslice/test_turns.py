"""T3-T7: TS budgets refilled each round, passes in initiative order, pass, costs."""

from __future__ import annotations

import pytest

from shaper_gm.commands import build_registry
from shaper_gm.engine import events as ev
from shaper_gm.errors import GmError

from .conftest import (
    ActRequest,
    PassRequest,
    ReactRequest,
    act,
    end,
    pass_,
    react,
)


def test_t3_ts_maximum_from_the_sheet_default_10_refilled_each_round(fight):
    fight.add("ren", "ren").add("nobody").start()
    assert fight.ts("ren") == 11 and fight.ts("nobody") == 10
    fight.do(act, ActRequest("ren", 11, "sprint about"))
    fight.do(act, ActRequest("nobody", 10, "hold"))
    assert fight.state.round == 2
    assert (fight.ts("ren"), fight.ts("nobody")) == (11, 10)


def test_t3_ts_max_from_stat_override(fight):
    fight.add("kara", "kara", numbers={"ts_max": 6}).start()
    assert fight.ts("kara") == 6


def test_t5_t6_three_combatants_one_ends_early_one_passes_the_last_ts_ends_the_round(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").add("ren", "ren").start()
    order = fight.state
    assert order.turn == "kara" and order.passes == 1 and order.round == 1
    fight.do(act, ActRequest("kara", 3, "shove the table"))
    fight.do(end)                                   # Kara keeps 7 TS for the next pass
    assert fight.state.turn == "guard" and fight.ts("kara") == 7
    fight.do(pass_, PassRequest("guard"))           # the guard gives up its round
    assert fight.ts("guard") == 0 and "guard" in fight.state.passed
    assert [e.given_up for e in fight.events_of(ev.Passed)] == [(("ts", 10),)]
    assert fight.state.turn == "ren"
    fight.do(act, ActRequest("ren", 11, "run"))     # spent: the turn ends by itself
    assert fight.state.turn == "kara" and fight.state.passes == 2
    assert fight.events_of(ev.PassStarted) == [ev.PassStarted(1, 2, "TS", "T5")]
    fight.do(act, ActRequest("kara", 7, "climb"))  # the last TS: the round ends
    assert fight.events_of(ev.RoundEnded) == [ev.RoundEnded(1, ("TS",), "T6")]
    assert fight.state.round == 2 and fight.state.turn == "kara"
    assert fight.state.passed == frozenset()
    assert [fight.ts(a) for a in ("kara", "guard", "ren")] == [10, 10, 11]


def test_t5_a_pass_skips_everyone_spent_or_passed(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").add("ren", "ren").start()
    fight.do(act, ActRequest("kara", 10, "all in"))
    fight.do(end)                                      # guard keeps everything
    fight.do(act, ActRequest("ren", 2, "look"))
    fight.do(end)
    assert fight.state.turn == "guard" and fight.state.passes == 2   # kara skipped


def test_t6_a_pass_is_the_acting_combatants_and_not_twice(fight):
    """A pass gives up the rest of the acting combatant's TS; another's pass is refused,
    naming who acts (it would throw away a turn it has not had)."""
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    with pytest.raises(GmError, match="Guard is not acting: it is Kara's turn"):
        fight.do(pass_, PassRequest("guard"))
    fight.do(pass_, PassRequest("kara"))
    assert fight.state.turn == "guard" and fight.ts("kara") == 0
    with pytest.raises(GmError, match="Kara has already passed this round"):
        fight.do(pass_, PassRequest("kara"))


def test_t6_leftover_ts_lapses_at_the_round_end(fight):
    spec = fight.session.ruleset_for(fight.state).resource_spec("ts")
    assert (spec.refill, spec.lapse, spec.off_turn) == ("round_start", "round_end", True)


def test_t7_costs_come_from_content_and_a_short_ts_is_refused(fight):
    verbs = build_registry(fight.session.ruleset_for(fight.state)).verbs     # help's words
    assert "attack (3 TS)" in verbs["attack"].summary and "(3 TS;" in verbs["tend"].summary
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    fight.do(act, ActRequest("kara", 8, "stuff"))
    before = fight.state
    with pytest.raises(GmError, match=r"act needs 3 TS; Kara has 2 left \(T3, T7\)"):
        fight.do(act, ActRequest("kara", 3, "more"))
    assert fight.state is before


def test_t5_only_the_actor_whose_turn_it_is_makes_maneuvers(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    with pytest.raises(GmError, match=r"it is not Guard's turn \(T5\)"):
        fight.do(act, ActRequest("guard", 1, "poke"))
    with pytest.raises(GmError, match=r"Kara cannot react during its own turn \(T8\)"):
        fight.do(react, ReactRequest("kara", 1, "duck"))
    fight.do(react, ReactRequest("guard", 2, "step back"))
    assert fight.ts("guard") == 8 and fight.state.turn == "kara"


def test_nothing_acts_before_start(fight):
    fight.add("kara", "kara")
    with pytest.raises(GmError, match=r"has not started.*\(T5\)"):
        fight.do(act, ActRequest("kara", 1, "x"))
    with pytest.raises(GmError, match="no turn is running"):
        fight.do(end)
    with pytest.raises(GmError, match=r"act costs a number of TS here, not '-1'"):
        fight.start().do(act, ActRequest("kara", -1, "x"))
