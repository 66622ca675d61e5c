"""Every ruling T1-T17 through the commands a GM types, with the dice given as flags;
the issue's worked examples among them."""

from __future__ import annotations

import pytest

from shaper_gm.dice.exact import roll_dist
from shaper_gm.engine import events as ev
from shaper_gm.errors import GmError
from shaper_gm.render.text import describe_events

from .commands_kit import PARTY, hp, info, of, outcome, run, session, surprised, told, ts
from .conftest import ruleset_with


def started(*order: str, extra: tuple[str, ...] = ()):
    return session(*PARTY, *extra, f"init {' '.join(order or ('kara', 'guard', 'ren'))}",
                   "start")


def refused(s, line: str, match: str) -> None:
    before, log = s.state, list(s.log)
    with pytest.raises(GmError, match=match):
        s.execute(line)
    assert s.state is before and s.log == log


# --- T1, T2: d10s read 0-9; stat rolls ------------------------------------------------------

def test_t1_a_d10_reads_0_to_9_in_every_roll_and_2d10_has_mean_9():
    s = session()
    rs = s.ruleset_for(s.state)
    assert roll_dist(rs.dice_expression("2d10")).mean() == 9
    assert of(run(s, "roll 2d10 --faces 0,9"), ev.DiceRolled)[0].roll.total == 9
    assert of(run(s, "roll 1d6 --faces 6"), ev.DiceRolled)[0].roll.total == 6   # others as usual
    assert not any(line.startswith("roll") for line in s.log)     # side rolls: not logged
    refused(s, "roll 1d10 --faces 10", r"--faces: 10 is not a face here: a d10 reads 0-9.*\(T1\)")


def test_t1_a_10_given_to_an_attack_or_initiative_is_refused_with_the_reason():
    s = started()
    refused(s, "attack guard --roll 10,3", r"--roll: 10 is not a face here.*\(T1\)")
    refused(s, "attack guard --roll 3,3 --defend 3,10", r"--defend: 10 .*\(T1\)")
    s2 = session(*PARTY)
    refused(s2, "init kara --roll 10,3", r"--roll: 10 .*\(T1\)")
    refused(s2, "init --roll kara=3,10", r"--roll: 10 .*\(T1\)")


def test_t2_a_stat_roll_is_2d10_plus_the_stat_minus_10():
    s = started()
    low = outcome(run(s, "attack guard --roll 0,0 --defend 0,0"))
    high = outcome(run(s, "attack guard --roll 9,9 --defend 0,0"))
    assert (low.attack_total, high.attack_total) == (3, 21)         # Kara's V 13: +3
    assert low.defense_total == 1                                    # the guard's V 11 parry


# --- T3-T7: TS, initiative, passes, costs ---------------------------------------------------

def test_t3_ts_is_the_sheets_maximum_each_round():
    s = session(*PARTY, "add zed --stat ts_max=6 --at A1", "init", "start")
    assert [ts(s, a) for a in ("kara", "guard", "ren", "zed")] == [10, 10, 11, 6]


def test_t4_initiative_2d10_plus_q_bonus_ties_to_the_higher_q():
    s = session(*PARTY, "init --roll kara=0,9 --roll guard=9,0 --roll ren=5,1")
    actors = s.state.actors
    assert [actors[a].initiative for a in ("kara", "guard", "ren")] == [10, 9, 9]
    assert s.state.order == ("kara", "ren", "guard")                # Ren's Q 13 beats 10
    run(s, "init kara --roll 0,7")
    assert s.state.actors["kara"].initiative == 8 and s.log[-1] == "init kara --roll 0,7"


def test_t5_t6_a_round_of_three_one_ends_early_one_passes_the_last_ts_ends_it():
    s = started()
    assert (s.state.turn, s.state.passes) == ("kara", 1)
    run(s, "act 3 shove the table")
    run(s, "end")                                         # Kara keeps 7 TS for a later pass
    assert s.state.turn == "guard" and ts(s, "kara") == 7
    passed = run(s, "pass")                               # the guard gives up its round
    assert of(passed, ev.Passed) == [ev.Passed("guard", (("ts", 10),), "T6")]
    assert s.state.turn == "ren" and ts(s, "guard") == 0
    spent = run(s, "act 11 run")                          # spent: the turn ends by itself
    assert of(spent, ev.PassStarted) == [ev.PassStarted(1, 2, "TS", "T5")]
    assert s.state.turn == "kara" and s.state.passes == 2
    last = run(s, "act 7 climb")                          # the last TS: the round ends
    assert of(last, ev.RoundEnded) == [ev.RoundEnded(1, ("TS",), "T6")]
    assert (s.state.round, s.state.turn, s.state.passed) == (2, "kara", frozenset())
    assert [ts(s, a) for a in ("kara", "guard", "ren")] == [10, 10, 11]


def test_t6_leftover_ts_lapses_when_the_round_ends():
    s = started()
    run(s, "act 4 look", "end", "pass", "pass ren")
    assert s.state.round == 1 and s.state.turn == "kara" and ts(s, "kara") == 6
    ended = run(s, "pass")
    assert ev.ResourceChanged("kara", "ts", 0, 10, "round 2 starts") not in ended.events
    assert s.state.round == 2 and ts(s, "kara") == 10


def test_t7_maneuvers_cost_their_ts_and_what_cannot_be_paid_is_refused():
    s = started()
    run(s, "attack guard --roll 0,0 --defend 9,9")
    assert ts(s, "kara") == 7
    run(s, "move D2")                                     # 2 units: one move
    assert ts(s, "kara") == 5 and s.log[-1] == "move kara D2"
    run(s, "draw knife")
    assert ts(s, "kara") == 4 and info(s, "kara").held == "knife"
    refused(s, "act 5 heave", r"act needs 5 TS; Kara has 4 left \(T3, T7\)")


def test_t8_a_defense_roll_may_cost_ts_off_turn_and_one_not_paid_for_is_refused(library):
    library = ruleset_with(library, dodge_cost=2)
    s = session(*PARTY, "init kara guard ren", "start", library=library)
    run(s, "attack guard --defense dodge --roll 0,0 --defend 0,0")
    assert ts(s, "guard") == 8 and s.state.turn == "kara"
    run(s, "react guard 7 step back")
    assert ts(s, "guard") == 1
    refused(s, "attack guard --defense dodge", r"cannot dodge: a dodge costs 2 TS and it has 1 "
                                               r"\(T8\)")


# --- T9-T12: attacks -------------------------------------------------------------------------

def test_t9_a_tie_between_attack_and_defense_misses():
    s = started()
    tie = run(s, "attack guard --roll 3,4 --defend 4,5")          # 7+3 = 10 vs 9+1 = 10
    o = outcome(tie)
    assert (o.attack_total, o.defense_total, o.hit) == (10, 10, False) and hp(s, "guard") == 12
    assert "a tie goes to the defender (T9)" in describe_events(tie.events, {})[0]
    assert outcome(run(s, "attack guard --roll 3,5 --defend 4,5")).hit      # 11 vs 10


def test_t10_the_defender_chooses_its_defense_roll_default_the_best():
    s = started(extra=("add thug --at C3",))
    default = outcome(run(s, "attack guard --roll 0,0 --defend 0,0"))
    assert default.defense == "parry"                  # +1 ties brace +1; parry is listed first
    braced = outcome(run(s, "attack guard --defense brace --roll 0,0 --defend 9,9"))
    assert (braced.defense, braced.defense_total) == ("brace", 19)          # [U] 11
    run(s, "attack guard --react guard=dodge --roll 0,0 --defend 0,0")
    assert s.log[-1] == "attack kara guard --roll 0,0 --defend 0,0 --defense dodge"
    s2 = started(extra=("add thug --at C3",))
    refused(s2, "attack thug --defense parry", r"cannot parry: a parry needs a held weapon .*"
                                               r"\(T10\)")


def test_t11_called_shots_head_limb_weapon():
    s = started()
    head = outcome(run(s, "attack guard --called head --roll 9,9 --defend 0,0"))
    assert (head.attack_total, head.damage, head.taken) == (17, 7, 5) and hp(s, "guard") == 7
    run(s, "attack guard --called limb --roll 9,9 --defend 0,0")
    assert ts(s, "guard") == 8
    run(s, "attack guard --called weapon --roll 9,9 --defend 0,0")
    assert (info(s, "guard").held, info(s, "guard").dropped) == (None, ("spear",))
    run(s, "end")
    picked = run(s, "draw spear")                                    # picking up: 2 TS
    assert ts(s, "guard") == 6 and "Guard picks up the spear (2 TS, T7)" in told(s, picked)


def test_t12_damage_less_dr_never_below_zero():
    s = started(extra=("add tank --stat dr=9 --at C1",))
    hit = outcome(run(s, "attack guard --roll 9,9 --defend 0,0"))
    assert (hit.damage, hit.dr, hit.taken, hp(s, "guard")) == (5, 2, 3, 9)
    armored = outcome(run(s, "attack tank --roll 9,9 --defend 0,0"))
    assert armored.hit and armored.taken == 0 and hp(s, "tank") == 10
    run(s, "damage guard 4", "damage tank 4 --direct")
    assert (hp(s, "guard"), hp(s, "tank")) == (7, 6)


# --- T13-T15: 0 HP, dying, time --------------------------------------------------------------

def test_t13_an_npc_dropped_by_nonlethal_damage_lives_and_others_die_or_go_dying():
    s = session("add kara --as kara --at B2", "add guard --as guard --hp 2 --at C2",
                "add brute --as brute --hp 2 --at C3", "init kara guard brute", "start")
    out = run(s, "attack guard --nonlethal --roll 9,9 --defend 0,0")
    knocked_out = [line for line in told(s, out) if line.startswith("Guard is ")]
    assert "unconscious" in knocked_out[-1] and info(s, "guard").condition == "unconscious"
    assert s.state.actors["guard"].down and hp(s, "guard") == 0
    run(s, "attack brute --roll 9,9 --defend 0,0")
    assert info(s, "brute").condition == "dead"
    run(s, "damage kara 30")
    assert info(s, "kara").condition == "dying" and info(s, "kara").dying_left == 300


def test_t14_a_dying_character_hit_twice_then_healed_4():
    s = session(*PARTY, "init guard kara ren", "start", "damage kara 30")
    assert info(s, "kara").dying_left == 300
    first = run(s, "attack kara")
    assert outcome(first).after == 240
    run(s, "attack kara")
    assert info(s, "kara").dying_left == 180                      # 5 -> 3 minutes
    assert s.log[-1] == "attack guard kara"                       # no dice to log
    run(s, "heal kara 4")                                         # 3 -> 5, then 2 HP
    kara = s.state.actors["kara"]
    assert (kara.hp, info(s, "kara").condition, info(s, "kara").dying_left) == \
        (2, "unconscious", None)
    assert kara.down                                              # still unconscious
    run(s, "wake kara")
    assert info(s, "kara").condition == "up" and not s.state.actors["kara"].down


def test_t14_tending_with_a_medical_kit_costs_3_ts():
    s = session("add ida --as ida --at B3", "add kara --as kara --at B2",
                "add guard --as guard --at C2", "init ida kara guard", "start",
                "damage kara 30")
    tended = run(s, "tend kara")
    assert ts(s, "ida") == 7 and info(s, "kara").condition == "unconscious"
    assert "Ida tends Kara (3 TS, T14)" in describe_events(tended.events,
                                                           {"ida": "Ida", "kara": "Kara"})
    run(s, "end")
    refused(s, "tend guard kara", r"Guard has no medical-kit to tend with \(T14\)")


def test_t15_rounds_and_wait_count_the_dying_timer_down_and_say_when_it_runs_out():
    s = session(*PARTY, "init guard ren kara", "start", "damage kara 30")
    run(s, "pass", "pass")                                         # round 1 ends: 6 s
    assert s.state.round == 2 and info(s, "kara").dying_left == 294
    run(s, "wait 2")
    assert info(s, "kara").dying_left == 174 and s.log[-1] == "wait 2"
    out = run(s, "wait 3")
    assert "Kara dies (the dying timer ran out (T14))" in told(s, out)
    assert info(s, "kara").condition == "dead"
    lines = describe_events(out.events, {"kara": "Kara"})
    assert "Kara's dying timer has run out (T14, T15)" in lines


# --- T16, T17 ---------------------------------------------------------------------------------

def test_t16_surprise_where_one_member_fails_and_starts_the_round_with_0_ts():
    s = session("add guard --as guard --at C2", "add sniper --as sniper --at H8",
                "add kara --as kara --at B2", "add ren --as ren --at B3",
                "add ida --as ida --at A3")
    # [Q]: guard 6+6+0 = 12, sniper 5+4+2 = 11: average 11. [U]: Kara 5+5 = 10 < 11;
    # Ren 5+5+1 = 11 and Ida 5+5+3 = 13 hold.
    out = run(s, "surprise ene --roll 6,6 --roll 5,4 --notice 5,5 --notice 5,5 --notice 5,5")
    assert surprised(s) == ["kara"] and "(T16)" in told(s, out)[0]
    assert s.log[-1].startswith("surprise enemies --roll 6,6 --roll 5,4 --notice 5,5")
    run(s, "init guard sniper kara ren ida", "start")
    assert [ts(s, a) for a in ("guard", "sniper", "kara", "ren", "ida")] == [10, 9, 0, 11, 10]
    for actor in ("guard", "sniper", "ren", "ida"):            # Kara is skipped in round 1
        assert s.state.turn == actor
        run(s, "pass")
    assert s.state.round == 2 and ts(s, "kara") == 10
    refused(s, "surprise party", r"a surprise (round )?starts the fight \(T16\)")


def test_t17_moves_count_units_and_reach_is_in_units():
    s = started(extra=("add sniper --as sniper --at H8",))
    run(s, "move E2")                                           # 3 units: two moves
    assert ts(s, "kara") == 6 and s.state.actors["kara"].zone == "E2"
    refused(s, "move Z9", r"off the 10x10 battlefield \(T17\)")
    refused(s, "attack sniper", r"Sniper is 6 units away; the Sword reaches 1 \(T17\)")


def test_t5_a_gm_change_that_leaves_the_acting_combatant_without_ts_or_down_ends_its_turn():
    s = started(extra=("add sniper --as sniper --at H8",))     # the sniper fights on
    run(s, "set kara ts=0")
    assert s.state.turn == "guard" and s.log[-1] == "set kara ts=0"
    run(s, "damage guard 30 --direct")                    # dead on its own turn
    assert s.state.turn == "ren"
    s2 = session("add kara --as kara --at B2", "add ren --as ren --at C2",
                 "init kara ren", "start", "damage ren 30")      # one side: no fight to end
    out = run(s2, "damage kara 30")                       # nobody is left who can act
    assert of(out, ev.NobodyLeft) == [ev.NobodyLeft(1)] and s2.state.turn is None


def test_t14_t15_once_the_fight_is_over_the_timers_stop_and_the_dying_are_tended_or_stabilised():
    s = session("add kara --as kara --at B2", "add ida --as ida --at B3",
                "add guard --as guard --at C2", "init guard kara ida", "start",
                "damage kara 30", "damage guard 30")             # the last enemy falls
    assert s.state.over is not None and info(s, "kara").dying_left == 300
    run(s, "wait 2")
    assert info(s, "kara").dying_left == 300                     # the timer stands still
    tended = run(s, "tend ida kara")                            # free: no turn runs now
    assert info(s, "kara").condition == "unconscious" and ts(s, "ida") == 10
    assert "Ida tends Kara (T14)" in told(s, tended)              # by Ida, paying nothing
    s2 = session("add kara --as kara --at B2", "add guard --as guard --at C2",
                 "add ren --as ren --at B3", "init guard kara ren", "start", "damage kara 30")
    run(s2, "stabilise kara")                                  # the GM's word, any time
    assert info(s2, "kara").condition == "unconscious" and s2.log[-1] == "stabilise kara"
    refused(s2, "stabilise ren", r"Ren is not dying \(T14\)")
