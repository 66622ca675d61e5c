"""One or more cases for each ruling the live engine applies, S8 to S26."""

from __future__ import annotations

from fractions import Fraction
from fractions import Fraction as F

from shaper_gm.engine.events import (
    ActionSpent,
    EffectEnded,
    ResourceChanged,
    TurnEnded,
    TurnStarted,
    WentDown,
)
from tests.oddsread import flat
from tests.rulesets.shaper.test_data_examples import holding, unloaded

from .conftest import (
    attack_outcome,
    disengaged,
    engaged_with,
    engagement_of,
    engagements,
    events_of,
    lasting,
    pool,
    refuse,
    uses,
)

DUEL = ("add ann --vigor 1 --weapon longsword --holding longsword --side party --at B2",
        "add bob --vigor 1 --weapon longsword --holding longsword --side enemies --at B2",
        "init ann bob", "start")


def paid(result):
    """Each unit of a resource paid, by action: a move of 3 Major is three (the Python
    ruleset pays it in three payments of one, the version written as data in one of 3)."""
    return [(e.action, name) for e in events_of(result, ActionSpent)
            for name, amount in e.paid for _ in range(amount)]


# S8 Down -------------------------------------------------------------------------------

def test_s8_down_leaves_engagements_is_skipped_and_hp_stops_at_zero(make_session):
    s = make_session(*DUEL[:2], "add cy --weapon dagger --holding dagger --side party --at B2",
                     "add dee --weapon dagger --side enemies --at E5",
                     "init ann bob cy dee", "start", "engage bob")
    before = s.state
    result = s.execute("damage bob 50 --direct")
    bob = s.state.actors["bob"]
    assert (bob.hp, bob.down) == (0, True)
    assert events_of(result, WentDown) and "bob" in disengaged(before, s.state)
    assert engagements(s.state) == frozenset()
    s.execute("end")
    assert s.state.turn == "cy"                     # bob is skipped
    s.execute("end")
    s.execute("end")
    assert (s.state.round, s.state.turn) == (2, "ann")
    s.execute("heal bob 4")                         # the GM revives it
    assert (s.state.actors["bob"].hp, s.state.actors["bob"].down) == (4, False)
    s.execute("end")
    assert s.state.turn == "bob"


def test_s8_an_attack_that_downs_takes_hp_to_zero_not_below(make_session):
    s = make_session(*DUEL, "engage bob", "set bob hp=2")
    out = attack_outcome(s.execute("attack bob --roll 6,6,5 --evade 1,2,2 --damage 6,6"))
    assert out.target("bob").result.hp_after == 0 and s.state.actors["bob"].hp == 0
    assert s.state.actors["bob"].down and engaged_with(s.state, "ann") == []


# S9 / S10 Zones and distance -------------------------------------------------------------

def test_s9_zones_are_case_insensitive_and_shared(make_session):
    s = make_session("add ann --weapon dagger --at b2", "add bob --weapon dagger --at B2")
    assert {a.zone for a in s.state.actors.values()} == {"B2"}
    assert s.log[-1] == "add bob --weapon dagger --at B2 --side enemies"


def test_s9_any_grid_size(make_session):
    s = make_session()
    s.execute("new --grid 8x3 --seed 5")
    s.execute("add ann --weapon dagger --at H3")
    refuse(s, "place ann A4", "A4", "S9")


def test_s10_move_costs_by_distance_with_one_diagonal_free(make_session):
    s = make_session("add ann --weapon dagger --at A1", "init ann", "start")
    assert paid(s.execute("move B2")) == [("move", "major")]          # 1 + 1 - 1
    assert paid(s.execute("move B4")) == [("move", "major")] * 2      # straight: 2
    refuse(s, "move E1", "no Major action left", "S18")              # 3 + 3 - 1 = 5


# S11 / S12 / S13 ---------------------------------------------------------------------------

def test_s11_same_zone_is_close_but_melee_needs_the_engagement(make_session):
    s = make_session(*DUEL)
    refuse(s, "attack bob", "S11")
    s.execute("engage bob")
    out = attack_outcome(s.execute("attack bob --roll 3,3,3 --evade 4,4,4"))
    assert not out.target("bob").hit and out.attack.total == 10     # 9 + 1 Vigor


def test_s12_moving_costs_a_major_per_short_distance(battle):
    result = battle.execute("move D2")            # B4 to D2: 2 + 2 - 1 = 3
    assert paid(result) == [("move", "major")] * 3
    assert battle.state.actors["josh"].zone == "D2"


def test_s13_one_band_beyond_max_range_is_disadvantaged(battle):
    battle.execute("draw longbow")
    out = attack_outcome(battle.execute("attack crossbowman --roll 6,5,4 --evade 1,1,2"))
    assert [(m.name, m.reason, m.rule) for m in out.plan.modifiers] == [
        ("disadvantage", "beyond max range", "S13")]
    assert out.attack.total == 1 + 5 + 4 + 1        # the 6 becomes 1, +1 Finesse


def test_s13_a_wand_extends_spell_reach_to_short(make_session):
    s = make_session("add kim --mentality 1 --weapon wand --skill charm --side party --at A1",
                     "add lee --weapon dagger --side party --at A2", "init kim", "start")
    refuse(s, "cast charm lee", "S13")
    s.execute("draw wand")
    s.execute("cast charm lee")
    assert [e.name for e in s.state.actors["lee"].effects] == ["Charm"]


# S14 Engagement ----------------------------------------------------------------------------

def test_s14_an_engagement_with_no_enemy_left_dissolves(make_session):
    s = make_session(*DUEL[:2], "add cy --weapon dagger --holding dagger --side party --at B2",
                     "init ann bob cy", "start", "engage bob", "end", "end",
                     "engage cy bob")
    assert engaged_with(s.state, "ann") == ["bob", "cy"]
    before = s.state
    s.execute("damage bob 50 --direct")
    assert engagements(s.state) == frozenset()          # ann and cy no longer engaged
    assert disengaged(before, s.state) == {"ann", "bob", "cy"}


def test_s14_engaging_an_ally_who_is_in_no_fight_is_refused(make_session):
    s = make_session(*DUEL[:1], "add cy --weapon dagger --holding dagger --side party --at B2",
                     *DUEL[1:2], "init ann bob cy", "start")
    refuse(s, "engage cy", "in no fight", "S14")
    s.execute("engage bob")
    s.execute("end")
    s.execute("end")
    s.execute("engage ann")                            # cy joins ann's fight
    assert engaged_with(s.state, "cy") == ["ann", "bob"]


def test_s14_engaging_joins_the_group_and_disengaging_stays_in_the_zone(make_session):
    s = make_session(*DUEL[:2], "add cy --weapon dagger --holding dagger --at B2",
                     "init ann bob cy", "start")
    assert paid(s.execute("engage bob")) == [("engage", "minor")]
    s.execute("end")
    s.execute("end")
    s.execute("engage ann")                       # cy joins ann and bob's group
    assert engagement_of(s.state, "cy") == frozenset({"ann", "bob", "cy"})
    assert paid(s.execute("disengage")) == [("disengage", "major")]   # Minor spent: a Major
    assert engagement_of(s.state, "ann") == frozenset({"ann", "bob"})
    assert s.state.actors["cy"].zone == "B2"


# S15 / S16 -------------------------------------------------------------------------------

def test_s15_firing_into_melee_and_thread_the_needle(battle):
    s = battle
    s.execute("place monica B1")
    s.execute("place josh B3")                     # Short from the raider
    s.execute("end")
    s.execute("engage monica raider")
    for _ in range(5):
        s.execute("end")
    assert s.state.turn == "josh"
    s.execute("draw longbow")
    out = attack_outcome(s.execute("attack raider --roll 6,2,2 --evade 1,1,2"))
    assert [(m.reason, m.rule) for m in out.plan.modifiers] == [("firing into melee", "S15")]
    out = attack_outcome(s.execute("attack raider --skill thread-the-needle --roll 6,2,2 "
                                   "--evade 1,1,2 --damage 1 --defense 1"))
    assert out.plan.modifiers == () and out.attack.total == 11


def test_s16_outnumbered_disadvantages_evasion(make_session):
    s = make_session(*DUEL[:2], "add cy --weapon dagger --holding dagger --side party --at B2",
                     "init ann bob cy", "start", "engage bob", "end", "end", "engage bob",
                     "end")
    assert s.state.turn == "ann"
    out = attack_outcome(s.execute("attack bob --roll 1,2,3 --evade 6,6,5"))
    bob = out.target("bob")
    assert [(m.reason, m.rule) for m in bob.evasion_modifiers] == [("Outnumbered", "S16")]
    assert bob.evasion.total == 1 + 6 + 5 and not bob.hit    # 6 becomes 1: 12 > 7


# S17 Turn order ----------------------------------------------------------------------------

def test_s17_initiative_higher_first_then_finesse(make_session):
    s = make_session("add ann --finesse 1 --weapon longbow --weapon dagger --at A1",
                     "add bob --weapon dagger --at A2", "add cy --weapon dagger --at A3")
    s.execute("init --roll ann=3,3,3 --roll bob=4,3,3 --roll cy=2,2,2")
    assert s.state.order == ("ann", "bob", "cy")      # 10 (9+1) ties bob's 10: Finesse wins
    assert [s.state.actors[a].initiative for a in s.state.order] == [10, 10, 6]
    s.execute("init cy ann")                          # by hand
    assert s.state.order == ("cy", "ann", "bob")
    s.execute("init bob --before cy")
    assert s.state.order == ("bob", "cy", "ann")


# S18 Action economy ------------------------------------------------------------------------

def test_s18_minor_by_major_free_by_minor_then_major(make_session):
    s = make_session(*DUEL)
    assert paid(s.execute("act free speak")) == [("act", "free")]
    assert paid(s.execute("act free shout")) == [("act", "minor")]
    assert paid(s.execute("act free wave")) == [("act", "major")]
    assert paid(s.execute("engage bob")) == [("engage", "major")]
    assert pool(s.state.actors["ann"]) == {"major": 1, "minor": 0, "free": 0}
    s.execute("act major swing")
    refuse(s, "act minor kick", "no Minor action left and nothing that may pay for it", "S18")
    refuse(s, "act free blink", "no Free action left", "S18")


def test_s18_unused_actions_lapse(make_session):
    s = make_session(*DUEL, "act major a")
    result = s.execute("end")
    assert events_of(result, TurnEnded)[0].lapsed == (("major", 2), ("minor", 1), ("free", 1))
    assert pool(s.state.actors["ann"]) == {"major": 0, "minor": 0, "free": 0}
    s.execute("end")
    assert pool(s.state.actors["ann"]) == {"major": 3, "minor": 1, "free": 1}


# S19 / S19a ---------------------------------------------------------------------------------

def test_s19_costs_and_s19a_hands(make_session):
    s = make_session("add cat --finesse 1 --weapon crossbow --weapon dagger --at A1",
                     "add dan --weapon dagger --side party --at A2", "init cat dan", "start")
    assert holding(s, "cat") == ()           # nothing in hand by default
    assert paid(s.execute("draw crossbow")) == [("draw", "minor")]
    refuse(s, "draw dagger", "hands are full", "S19a")   # the crossbow takes both hands
    assert paid(s.execute("reload")) == [("reload", "major")]
    s.execute("attack dan --roll 1,1,2 --evade 3,3,3")
    assert unloaded(s, "cat") == ("crossbow",)
    assert paid(s.execute("sheathe crossbow")) == [("sheathe", "major")]


# S20 Shield ---------------------------------------------------------------------------------

def test_s20_shield_adds_evasion_until_the_next_turn_starts(make_session):
    s = make_session("add hal --vigor 1 --weapon longsword --shield --holding longsword "
                     "--holding shield --side party --at A1",
                     "add ivo --vigor 1 --weapon longsword --holding longsword --at A1",
                     "init hal ivo", "start", "raise", "end", "engage hal")
    out = attack_outcome(s.execute("attack hal --roll 3,3,3 --evade 3,3,3"))
    hal = out.target("hal")
    assert [(p.amount, p.rule) for p in hal.evasion_bonus] == [(1, "S20")]
    assert hal.evasion.total == 10 and hal.hit            # 10 vs 10: a tie hits
    result = s.execute("end")
    assert [(e.actor, e.name) for e in events_of(result, EffectEnded)] == [
        ("hal", "Shield raised")]
    assert s.state.actors["hal"].effects == ()


# S21 Summons --------------------------------------------------------------------------------

def test_s21_summons_act_on_the_summoners_turn(make_session):
    s = make_session("add kim --mentality 1 --weapon wand --skill minion --side party --at A1",
                     "add ray --weapon dagger --holding dagger --at B1",
                     "init kim ray", "start", "cast minion")
    assert s.state.order == ("kim", "kim-minion", "ray")
    assert s.state.controls_turn("kim-minion")
    s.execute("move kim-minion B1")
    refuse(s, "move kim-minion C1", "no Major action left", "S18")   # its own pool: 1 Major
    s.execute("end")
    assert s.state.turn == "ray"                       # the minion takes no turn of its own
    refuse(s, "move kim-minion A1", "not Kim's Minion's turn", "S18")
    s.execute("end")
    assert s.state.turn == "kim"
    assert pool(s.state.actors["kim-minion"]) == {"major": 1, "minor": 1, "free": 0}


# S22 / S23 / S24 -------------------------------------------------------------------------------

def test_s22_sp_regen_is_capped(make_session):
    s = make_session(*DUEL)
    s.execute("end")
    result = s.execute("end")
    assert s.state.actors["ann"].resource("sp") == 1                # already full: no regen event
    assert [e for e in result.events if isinstance(e, ResourceChanged)] == []
    s.execute("set ann sp=0")
    s.execute("end")
    result = s.execute("end")
    assert s.state.actors["ann"].resource("sp") == 1
    assert [(e.resource, e.before, e.after) for e in result.events
            if isinstance(e, ResourceChanged)] == [("sp", 0, 1)]


def test_s23_off_turn_skill_with_sp(make_session):
    s = make_session("add ann --vigor 1 --weapon longsword --holding longsword --side party "
                     "--at B2", "add rex --as reaver --at B2", "init ann rex", "start",
                     "engage rex")
    refuse(s, "skill rex retreat", "not Reaver's turn", "S18", "--sp")
    result = s.execute("skill rex retreat --sp")
    assert paid(result) == [("skill", "sp")]
    assert s.state.actors["rex"].resource("sp") == 0 and engagements(s.state) == frozenset()
    assert s.state.actors["rex"].zone == "B2"
    assert pool(s.state.actors["ann"]) == {"major": 3, "minor": 0, "free": 1}


def test_s24_uses_reset_at_the_start_of_the_actors_turn(make_session):
    s = make_session("add ivy --finesse 1 --weapon longbow --weapon dagger "
                     "--holding longbow --skill piercing-strike --side party --at A1",
                     "add jay --weapon dagger --at A3", "init ivy jay", "start",
                     "attack jay --skill piercing-strike --roll 1,1,2 --evade 3,3,3")
    assert uses(s, "ivy", "piercing-strike") == 1
    s.execute("end")
    assert uses(s, "ivy", "piercing-strike") == 1   # still this actor's round
    s.execute("end")
    assert uses(s, "ivy", "piercing-strike") == 0


# S25 Spells ---------------------------------------------------------------------------------

def test_s25_mentality_removes_the_cost_of_an_added_spell_skill(make_session):
    s = make_session("add kim --mentality 1 --weapon wand --skill charm --skill energy-shield "
                     "--level 2 --side party --at A1", "init kim", "start")
    result = s.execute("cast energy-shield --skill charm")
    # 1 + 1 added - 1 Mentality: one Major (the data version's action is cast itself)
    assert [payer for _, payer in paid(result)] == ["major"]
    assert {action for action, _ in paid(result)} <= {"skill", "cast"}
    assert s.state.actors["kim"].resource("major") == 2


def test_s25_offensive_spell_is_magic_and_costs_an_attack(make_session):
    s = make_session("add kim --mentality 1 --weapon wand --side party --at A1",
                     "add ray --weapon dagger --armor armor-t2 --at A1", "init kim", "start")
    result = s.execute("cast spell ray --roll 6,6,5 --evade 1,1,2 --damage 4,2 --defense 5")
    assert paid(result) == [("attack", "major")]
    ray = attack_outcome(result).target("ray")
    assert ray.critical and ray.damage == 9               # 1d6+3 (4) + critical 2
    assert (ray.result.defense, ray.result.defense_after_magic, ray.result.taken) == (8, 4, 5)


# S26 Durations ------------------------------------------------------------------------------

def test_s26_charm_ends_at_the_casters_next_turn_and_effects_until_round(make_session):
    s = make_session("add kim --mentality 1 --weapon wand --skill charm --side party --at A1",
                     "add lee --weapon dagger --side party --at A1", "init kim lee", "start",
                     "cast charm lee", "effect lee haste --attack 2 --until round")
    assert [e.until for e in s.state.actors["lee"].effects] == ["start:kim", "round:1"]
    s.execute("end")
    result = s.execute("end")                             # round 2, Kim's turn
    assert lasting((e.name, e.why) for e in events_of(result, EffectEnded)) == (
        ("haste", "end of round 1"), ("Charm", "start of Kim's turn"))
    assert s.state.actors["lee"].effects == ()
    assert any(isinstance(e, TurnStarted) for e in result.events)


def test_s26_energy_shield_is_used_up(battle):
    battle.execute("cast taylor energy-shield --sp")
    battle.execute("damage taylor 1 --direct")            # direct damage skips absorption
    battle.execute("damage taylor 1 --defense 1")         # Defense 1 stops it
    assert lasting(battle.state.actors["taylor"].effects)[0].mod("absorb") == 2
    battle.execute("damage taylor 4 --defense 1")         # 3 through: 2 absorbed, 1 taken
    assert lasting(battle.state.actors["taylor"].effects) == ()
    assert battle.state.actors["taylor"].hp == 13 - 1 - 1


# odds ---------------------------------------------------------------------------------------

def test_odds_are_exact_fractions(battle):
    # Josh's longbow (+1 Finesse) at the raider (evasion +0): 3d6+1 against 3d6, a hit on
    # a tie, a critical on a margin of 9 or more; with Disadvantage at the crossbowman, one
    # band beyond max range (S13): the sums tests/rulesets/shaper/test_odds.py works by hand
    battle.execute("draw longbow")
    view = flat(battle.execute("odds raider").view)
    hit, critical = F(7427, 11664), F(31, 864)
    assert (view.hit, view.critical) == (hit, critical)
    assert isinstance(view.hit, Fraction) and 0 < view.critical < view.hit < 1
    assert sum(view.hp_lost.values()) == 1
    assert view.hp_lost[0] >= 1 - hit                     # misses count as 0 taken
    beyond = flat(battle.execute("odds crossbowman").view)
    assert beyond.hit == F(929, 5184)
    assert battle.log[-1] == "draw josh longbow"             # odds is not logged


def test_s23_step_up_answers_a_retreat(make_session):
    s = make_session("add mo --as monica --side party --at B2", "add rex --as reaver --at B2",
                     "init mo rex", "start", "engage rex")
    s.execute("skill rex retreat --sp")                   # off its turn: SP
    assert engagements(s.state) == frozenset()
    result = s.execute("skill step-up rex")               # her turn: a Major
    assert paid(result) == [("skill", "major")]
    assert engaged_with(s.state, "mo") == ["rex"]
    refuse(s, "skill step-up rex --sp", "already used 1 of 1", "S24")
