"""T13-T15: 0 HP, dying timers, healing, tending, time by round and by wait."""

from __future__ import annotations

import pytest

from shaper_gm.engine import events as ev
from shaper_gm.engine.clock import minutes, parse_duration
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.errors import GmError

from .commands_kit import told
from .conftest import (
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
    pass_,
    ruleset_with,
    tend,
    wait,
    wake,
)

UP, UNCONSCIOUS, DYING, DEAD = "up", "unconscious", "dying", "dead"     # T13, T14
HIT = {"roll": [(9, 9)], "defend": [(0, 0)]}


def downed_ida(fight):
    """The guard drops Ida (12 HP, leather DR 1) to 0 with a direct hit."""
    fight.add("guard", "guard", side="foes").add("ida", "ida").add("kara", "kara").start()
    fight.execute("damage ida 13")
    return fight


def lines(fight) -> list[str]:
    """The last command's events in words."""
    return told(fight.session, fight.result)


def fight_seconds(fight) -> int:
    """The fight's clock (T15): the encounter's number."""
    return dict(fight.state.system.numbers)["seconds"]


def test_t13_a_player_character_at_0_hp_is_unconscious_and_dying(fight):
    downed_ida(fight)
    ida = fight.actor("ida")
    assert (ida.hp, ida.down, fight.info("ida").condition) == (0, True, DYING)
    assert fight.info("ida").dying_left == 300
    assert [(e.actor, e.before, e.after) for e in fight.events_of(ev.HpChanged)] == \
        [("ida", 12, 0)]                                  # 13 damage - DR 1 (T12)
    assert [e.actor for e in fight.events_of(ev.WentDown)] == ["ida"]


def test_t14_dying_hit_twice_then_healed_4(fight):
    downed_ida(fight)
    out = fight.do(attack, AttackRequest("guard", "ida"))
    assert out.after == 240                                # 300 s, a minute off
    assert fight.session.log[-1] == "attack guard ida"     # no roll against a dying target
    fight.do(attack, AttackRequest("guard", "ida"))
    assert fight.info("ida").dying_left == 180             # 5 -> 3 minutes
    assert fight.ts("guard") == 4
    fight.execute("heal ida 4")                            # 3 + 4 = 7: 2 above 5 become HP
    ida = fight.actor("ida")
    assert ida.hp == 2 and fight.info("ida").condition == UNCONSCIOUS and ida.down
    assert fight.info("ida").dying_left is None
    with pytest.raises(GmError, match=r"Ida is unconscious \(T13, T14\) and cannot act"):
        fight.do(act, ActRequest("ida", 1, "get up"))
    fight.do(wake, WakeRequest("ida"))
    assert fight.info("ida").condition == UP and not fight.actor("ida").down


def test_t14_heal_wakes_switch_wakes_at_once(library):
    fight = downed_ida(Fight(ruleset_with(library, heal_wakes=True)))
    fight.execute("heal ida 1")                            # timer full: the point is HP
    assert fight.actor("ida").hp == 1 and fight.info("ida").condition == UP
    assert ev.Revived("ida") in fight.events and not fight.actor("ida").down


def test_t14_healing_that_does_not_fill_the_timer_adds_minutes_only(fight):
    downed_ida(fight)
    fight.do(attack, AttackRequest("guard", "ida"))
    fight.do(attack, AttackRequest("guard", "ida"))
    fight.do(attack, AttackRequest("guard", "ida"))       # 2 minutes left
    fight.execute("heal ida 2")
    assert fight.info("ida").dying_left == 240 and fight.actor("ida").hp == 0


def test_t14_the_timer_running_out_kills(fight):
    downed_ida(fight)
    fight.execute("damage ida 1")                          # as an attack: 4 minutes
    assert fight.info("ida").dying_left == 240
    fight.do(wait, WaitRequest(240))
    assert fight.info("ida").condition == DEAD
    assert "Ida's dying timer has run out (T14, T15)" in lines(fight)
    with pytest.raises(GmError, match=r"Ida is dead \(T13, T14\)"):
        fight.execute("heal ida 3")
    with pytest.raises(GmError, match=r"Ida is dead"):
        fight.do(attack, AttackRequest("guard", "ida"))


def test_t13_a_non_player_at_0_hp_dies_unless_nonlethal(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes", numbers={"hp": 3})
    fight.add("brute", "brute", side="foes", numbers={"hp": 3}).start()
    fight.do(attack, AttackRequest("kara", "guard"), HIT)
    assert fight.info("guard").condition == DEAD
    assert fight.actor("guard").hp == 0 and fight.actor("guard").down
    fight.do(attack, AttackRequest("kara", "brute", nonlethal=True), HIT)
    brute = fight.actor("brute")
    assert brute.hp == 0 and brute.down
    assert fight.info("brute").condition == UNCONSCIOUS        # alive


def test_t13_an_unconscious_target_makes_no_defense_roll(fight):
    fight.add("kara", "kara").add("brute", "brute", side="foes", numbers={"hp": 3})
    fight.add("guard", "guard", side="foes").start()        # the guard fights on
    fight.do(attack, AttackRequest("kara", "brute", nonlethal=True), HIT)
    out = fight.do(attack, AttackRequest("kara", "brute"), {"roll": [(0, 1)]})
    assert (out.defense, out.defense_total, out.hit) == ("none", 0, True)
    assert fight.info("brute").condition == DEAD            # lethal damage now


def test_t14_tend_with_a_medical_kit_3_ts(fight):
    fight.add("ida", "ida", zone="A1").add("kara", "kara", zone="B2")
    fight.add("guard", "guard", side="foes", zone="C3").start()
    fight.execute("damage kara 30 --direct")
    assert fight.state.turn == "ida"
    fight.do(tend, TendRequest("ida", "kara"))
    assert "Ida tends Kara (3 TS, T14)" in lines(fight)
    kara = fight.actor("kara")
    assert (kara.hp, fight.info("kara").condition, fight.info("kara").dying_left) == \
        (0, UNCONSCIOUS, None)
    assert fight.ts("ida") == 7
    with pytest.raises(GmError, match=r"Kara is not dying \(T14\)"):
        fight.do(tend, TendRequest("ida", "kara"))


def test_t14_tend_refusals(fight):
    fight.add("kara", "kara", zone="A1").add("ida", "ida", zone="D4")
    fight.add("guard", "guard", side="foes").start()
    fight.execute("damage ida 30 --direct")
    with pytest.raises(GmError, match=r"Kara has no medical-kit to tend with \(T14\)"):
        fight.do(tend, TendRequest("kara", "ida"))
    kitted = Fight()
    kitted.add("kara", "kara", zone="A1", extra={"gear": ["medical-kit"]})
    kitted.add("ida", "ida", zone="D4").add("guard", "guard", side="foes").start()
    kitted.execute("damage ida 30 --direct")
    with pytest.raises(GmError, match=r"Ida is 3 units away; tending reaches 1"):
        kitted.do(tend, TendRequest("kara", "ida"))


def test_t15_a_round_is_6_seconds_off_every_dying_timer(fight):
    downed_ida(fight)
    fight.do(pass_, PassRequest("guard"))
    fight.do(pass_, PassRequest("kara"))                   # everyone spent: round 2
    assert fight.state.round == 2
    assert fight.info("ida").dying_left == 294              # 5 - 0.1 minutes
    assert any(line.startswith("Time passes: 0:00 → 0:06") for line in lines(fight))
    assert fight_seconds(fight) == 6


def test_t15_wait_moves_the_clock_and_refuses_nothing_but_positive_time(fight):
    downed_ida(fight)
    fight.do(wait, WaitRequest(120))
    assert any(line.startswith("Time passes: 0:00 → 2:00") for line in lines(fight))
    assert fight.info("ida").dying_left == 180
    with pytest.raises(GmError, match=r"not a whole, positive number of seconds \(T15\)"):
        fight.do(wait, WaitRequest(0))


def test_gm_damage_through_dr_direct_and_nonlethal(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").start()
    fight.execute("damage guard 5")
    assert fight.actor("guard").hp == 9                     # mail DR 2
    fight.execute("damage guard 5 --direct")
    assert fight.actor("guard").hp == 4
    fight.execute("damage guard 20 --nonlethal")
    assert fight.info("guard").condition == UNCONSCIOUS
    with pytest.raises(GmError, match="unknown flag --pierce"):
        fight.execute("damage guard 1 --pierce 1")
    with pytest.raises(GmError, match="-1"):
        fight.execute("damage guard -1")


def test_going_down_on_its_own_turn_ends_it(fight):
    fight.add("kara", "kara").add("guard", "guard", side="foes").add("ren", "ren").start()
    fight.execute("damage kara 40")
    assert fight.state.turn == "guard" and ev.TurnEnded("kara", ()) in fight.events


def test_down_actors_do_not_pass_or_take_turns(fight):
    downed_ida(fight)
    with pytest.raises(GmError, match="Ida is down and has nothing to give up"):
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
    assert fight.info("ida").dying_left == 294
    assert [minutes(s) for s in (294, 300, 15, 180)] == ["4.9", "5", "0.25", "3"]
