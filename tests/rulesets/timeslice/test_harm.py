"""T13-T15: 0 HP, dying timers, healing, tending, time by round and by wait."""

# ruff: noqa: F811  (the Python harness's fixtures are imported by name, python_harness.py)
from __future__ import annotations

from dataclasses import replace

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.engine.clock import minutes, parse_duration
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rulesets.timeslice import events as tev
from shaper_gm.rulesets.timeslice.attack import DyingAttackOutcome
from shaper_gm.rulesets.timeslice.harm import dying_timers
from shaper_gm.rulesets.timeslice.models import DEAD, DYING, UNCONSCIOUS, UP

from .python_harness import (  # noqa: F401  (its fixtures)
    ActRequest,
    AttackRequest,
    Fight,
    PassRequest,
    TendRequest,
    WaitRequest,
    WakeRequest,
    act,
    attack,
    end,
    fight,
    library,
    pass_,
    rs,
    ruleset_with,
    settled,
    tend,
    wait,
    wake,
)

HIT = {"roll": [(9, 9)], "defend": [(0, 0)]}


def downed_ida(fight):
    """The guard drops Ida (12 HP, leather DR 1) to 0 with a direct hit."""
    fight.add("guard", "guard", side="foes").add("ida", "ida").add("kara", "kara").start()
    state, events = fight.rs.damage(fight.state, "ida", 13, {})
    fight.state, fight.events = state, events
    return fight


def test_t13_a_player_character_at_0_hp_is_unconscious_and_dying(fight):
    downed_ida(fight)
    ida = fight.actor("ida")
    assert (ida.hp, ida.down, fight.info("ida").condition) == (0, True, DYING)
    assert fight.info("ida").dying_left == 300
    assert fight.events == [ev.HpChanged("ida", 12, 0, "13 damage - DR 1 (T12)"),
                            ev.WentDown("ida"),
                            tev.Dying("ida", 300, "a player character at 0 HP is dying (T13)")]


def test_t14_dying_hit_twice_then_healed_4(fight):
    downed_ida(fight)
    out = fight.do(attack, AttackRequest("guard", "ida"))
    assert isinstance(out, DyingAttackOutcome) and (out.before, out.after) == (300, 240)
    assert fight.tape.rolls == []                          # no roll against a dying target
    fight.do(attack, AttackRequest("guard", "ida"))
    assert fight.info("ida").dying_left == 180             # 5 -> 3 minutes
    assert fight.ts("guard") == 4
    state, events = fight.rs.heal(fight.state, "ida", 4)   # 3 + 4 = 7: 2 above 5 become HP
    ida = state.actors["ida"]
    assert ida.hp == 2 and ida.system.condition == UNCONSCIOUS and ida.down
    assert ida.system.dying_left is None
    assert events[0] == tev.TimerChanged("ida", 180, 300, "healed 2: +1 minute a point (T14)")
    assert tev.StoppedDying("ida", 2, "2 healing past the timer's start becomes HP (T14)") \
        in events
    fight.state = state
    with pytest.raises(RuleViolation, match=r"Ida is unconscious \(T13, T14\) and cannot act"):
        fight.do(act, ActRequest("ida", 1, "get up"))
    fight.do(wake, WakeRequest("ida"))
    assert fight.info("ida").condition == UP and not fight.actor("ida").down


def test_t14_heal_wakes_switch_wakes_at_once(library):
    fight = downed_ida(Fight(ruleset_with(library, heal_wakes=True)))
    state, events = fight.rs.heal(fight.state, "ida", 1)   # timer full: the point is HP
    assert state.actors["ida"].hp == 1 and state.actors["ida"].system.condition == UP
    assert ev.Revived("ida") in events and not state.actors["ida"].down


def test_t14_healing_that_does_not_fill_the_timer_adds_minutes_only(fight):
    downed_ida(fight)
    fight.do(attack, AttackRequest("guard", "ida"))
    fight.do(attack, AttackRequest("guard", "ida"))
    fight.do(attack, AttackRequest("guard", "ida"))       # 2 minutes left
    state, _ = fight.rs.heal(fight.state, "ida", 2)
    assert state.actors["ida"].system.dying_left == 240 and state.actors["ida"].hp == 0


def test_t14_the_timer_running_out_kills(fight):
    downed_ida(fight)
    fight.state, _ = fight.rs.damage(fight.state, "ida", 1, {})   # as an attack: 4 minutes
    assert fight.info("ida").dying_left == 240
    fight.do(wait, WaitRequest(240))
    assert fight.info("ida").condition == DEAD
    assert tev.TimerRanOut("ida") in fight.events
    with pytest.raises(RuleViolation, match=r"Ida is dead \(T13, T14\)"):
        fight.rs.heal(fight.state, "ida", 3)
    with pytest.raises(RuleViolation, match=r"Ida is dead"):
        fight.do(attack, AttackRequest("guard", "ida"))


def test_t13_a_non_player_at_0_hp_dies_unless_nonlethal(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes", numbers={"hp": 3})
    fight.add("brute", "brute", side="foes", numbers={"hp": 3}).start()
    out = fight.do(attack, AttackRequest("kara", "guard"), HIT)
    assert out.result == "dead" and fight.info("guard").condition == DEAD
    assert tev.Died("guard", "a non-player combatant at 0 HP dies (T13)") in fight.events
    out = fight.do(attack, AttackRequest("kara", "brute", nonlethal=True), HIT)
    brute = fight.actor("brute")
    assert out.result == "unconscious" and brute.hp == 0 and brute.down
    assert brute.system.condition == UNCONSCIOUS            # alive
    assert tev.KnockedOut("brute", "nonlethal damage: unconscious, alive (T13)") in fight.events


def test_t13_an_unconscious_target_makes_no_defense_roll(fight):
    fight.add("kara", "kara").add("brute", "brute", side="foes", numbers={"hp": 3})
    fight.add("guard", "guard", side="foes").start()        # the guard fights on
    fight.do(attack, AttackRequest("kara", "brute", nonlethal=True), HIT)
    out = fight.do(attack, AttackRequest("kara", "brute"), {"roll": [(0, 1)]})
    assert (out.defense, out.defense_total, out.hit) == ("none", 0, True)
    assert out.result == "dead"                             # lethal damage now


def test_t14_tend_with_a_medical_kit_3_ts(fight):
    fight.add("ida", "ida", zone="A1").add("kara", "kara", zone="B2")
    fight.add("guard", "guard", side="foes", zone="C3").start()
    fight.state, _ = fight.rs.damage(fight.state, "kara", 30, {"direct": True})
    assert fight.state.turn == "ida"
    out = fight.do(tend, TendRequest("ida", "kara"))
    assert out == tev.StoppedDying("kara", 0, "tended by Ida (T14)")
    kara = fight.actor("kara")
    assert (kara.hp, kara.system.condition, kara.system.dying_left) == (0, UNCONSCIOUS, None)
    assert fight.ts("ida") == 7
    with pytest.raises(RuleViolation, match=r"Kara is not dying \(T14\)"):
        fight.do(tend, TendRequest("ida", "kara"))


def test_t14_tend_refusals(fight):
    fight.add("kara", "kara", zone="A1").add("ida", "ida", zone="D4")
    fight.add("guard", "guard", side="foes").start()
    fight.state, _ = fight.rs.damage(fight.state, "ida", 30, {"direct": True})
    with pytest.raises(RuleViolation, match=r"Kara has no medical-kit to tend with \(T14\)"):
        fight.do(tend, TendRequest("kara", "ida"))
    kara = fight.actor("kara")
    fight.state = fight.state.with_actor(kara.with_(sheet=replace(kara.sheet,
                                                                  gear=("medical-kit",))))
    with pytest.raises(RuleViolation, match=r"Ida is 3 units away; tending reaches 1"):
        fight.do(tend, TendRequest("kara", "ida"))


def test_t15_a_round_is_6_seconds_off_every_dying_timer(fight):
    downed_ida(fight)
    fight.do(pass_, PassRequest("guard"))
    fight.do(pass_, PassRequest("kara"))                   # everyone spent: round 2
    assert fight.state.round == 2
    assert fight.info("ida").dying_left == 294              # 5 - 0.1 minutes
    assert tev.TimePassed(0, 6, "round 1 (6 s, T15)") in fight.events
    assert fight.state.system.seconds == 6


def test_t15_wait_moves_the_clock_and_refuses_nothing_but_positive_time(fight):
    downed_ida(fight)
    out = fight.do(wait, WaitRequest(120))
    assert out == tev.TimePassed(0, 120, "waited 2 min (T15)")
    assert fight.info("ida").dying_left == 180
    with pytest.raises(RuleViolation, match=r"time only moves forward \(T15\)"):
        fight.do(wait, WaitRequest(0))


def test_gm_damage_through_dr_direct_and_nonlethal(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    state, events = fight.rs.damage(fight.state, "guard", 5, {})
    assert state.actors["guard"].hp == 9                    # mail DR 2
    state, _ = fight.rs.damage(state, "guard", 5, {"direct": True})
    assert state.actors["guard"].hp == 4
    state, _ = fight.rs.damage(state, "guard", 20, {"nonlethal": True})
    assert state.actors["guard"].system.condition == UNCONSCIOUS
    with pytest.raises(RuleViolation, match="no option pierce"):
        fight.rs.damage(state, "guard", 1, {"pierce": 1})
    with pytest.raises(RuleViolation, match="cannot be negative"):
        fight.rs.damage(state, "guard", -1, {})


def test_going_down_on_its_own_turn_ends_it(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").add("ren", "ren").start()
    state, events = settled(fight.rs, *fight.rs.damage(fight.state, "kara", 40, {}))
    assert state.turn == "guard" and ev.TurnEnded("kara", ()) in events


def test_down_actors_do_not_pass_or_take_turns(fight):
    downed_ida(fight)
    with pytest.raises(RuleViolation, match="Ida is down and has nothing to give up"):
        fight.do(pass_, PassRequest("ida"))
    fight.do(end)
    assert fight.state.turn == "kara"                       # Ida is skipped


@pytest.mark.parametrize("text,seconds", [("2", 120), ("2m", 120), ("0.5", 30), ("30s", 30),
                                          ("0.1", 6), (" 1.5 min ", 90)])
def test_t15_wait_times_are_minutes_or_seconds(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["0", "-1", "2h", "0.01", "soon", "1.5s"])
def test_t15_bad_wait_times_are_refused(text):
    with pytest.raises(RuleViolation, match=r"\(T15\)"):
        parse_duration(text)


def test_t15_timers_show_in_minutes(fight):
    downed_ida(fight)
    fight.do(wait, WaitRequest(6))
    assert dying_timers(fight.state) == [("ida", 294)]
    assert [minutes(s) for s in (294, 300, 15, 180)] == ["4.9", "5", "0.25", "3"]
