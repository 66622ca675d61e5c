"""What a GM found playing the demo on the Shaper-shaped engine, fixed on the new one:
multi-target weapon attacks, reaction skills answering the attack they meet, effects
tied to a caster who is Down or gone, and Step Up's trigger (S5, S6, S20, S23, S24, S26)."""

from __future__ import annotations

from shaper_gm.engine.events import EffectEnded

from .conftest import (
    attack_outcome,
    engaged_with,
    events_of,
    lasting,
    left_from,
    payments,
    pool,
    refuse,
    skills_used,
    uses,
)

ARCHER = "add ivy --finesse 1 --weapon longbow --holding longbow --side party --at A1"


def test_a_plain_weapon_attack_has_one_target(make_session):
    s = make_session(ARCHER, "add gob --count 2 --weapon dagger --at A3", "init ivy gob-1 gob-2",
                     "start")
    refuse(s, "attack gob-2,gob-1", "one target", "S5", "Overswing")
    assert pool(s.state.actors["ivy"])["major"] == 3          # nothing spent


def test_overswing_still_strikes_every_engaged_enemy(make_session):
    s = make_session("add mo --as monica --side party --holding greatsword --at B2",
                     "add ra --vigor 1 --weapon longsword --holding longsword --at B2",
                     "add rv --vigor 1 --weapon longsword --holding longsword --at B2",
                     "init mo ra rv", "start", "engage ra", "end", "end", "engage mo", "end")
    out = attack_outcome(s.execute("attack ra --skill overswing --roll 3,3,3 "
                                   "--evade 1,1,2 --evade 1,1,2"))
    assert [t.id for t in out.targets] == ["ra", "rv"]


BLOCKER = ("add ann --vigor 1 --weapon longsword --holding longsword --side party --at B2",
           "add bo --as bandit --at B2", "init ann bo", "start", "end", "raise", "end",
           "engage bo")


def test_a_targeted_skill_answers_the_attack_it_meets_and_only_that_one(make_session):
    s = make_session(*BLOCKER)
    assert s.state.actors["bo"].resource("sp") == 1
    result = s.execute("attack bo --react bo=shield-block --roll 3,4,4 --evade 3,3,4")
    out = attack_outcome(result)
    bo = out.target("bo")
    assert bo.reactions == ("shield-block",)
    # +2 from Shield Block (S23) and +1 for the raised shield (S20): 13 beats 11 + 1 Vigor
    assert out.attack.total == 12 and bo.evasion.total == 10 + 2 + 1 and not bo.hit
    assert s.state.actors["bo"].resource("sp") == 0                 # paid with 1 SP
    assert uses(s, "bo", "shield-block") == 1
    assert ("bo", "shield-block") in skills_used(result)
    assert "--react bo=shield-block" in s.log[-1]
    # The next attack meets no Shield Block: it was spent on the last one, no SP is left.
    again = attack_outcome(s.execute("attack bo --roll 3,4,4 --evade 3,3,4"))
    assert again.target("bo").reactions == () and again.target("bo").evasion.total == 11
    assert again.target("bo").hit


def test_an_unanswered_attack_defaults_to_no_reaction_and_logs_it(make_session):
    s = make_session(*BLOCKER)
    s.execute("attack bo --roll 3,4,4 --evade 3,3,3")
    assert s.log[-1].endswith("--react bo=none")
    assert s.state.actors["bo"].resource("sp") == 1


def test_a_reaction_skill_is_not_used_on_its_own(make_session):
    s = make_session(*BLOCKER)
    refuse(s, "skill bo shield-block --sp", "answers an attack", "S23", "--react bo=shield-block")


def test_an_on_hit_skill_adds_its_die_to_that_hit_alone(make_session):
    s = make_session("add ann --vigor 1 --weapon longsword --holding longsword --side party "
                     "--at B2", "add hal --vigor 1 --weapon longsword --armor armor-t1 "
                     "--skill hardy --at B2", "init ann hal", "start", "engage hal")
    out = attack_outcome(s.execute("attack hal --react hal=hardy --roll 3,4,4 --evade 1,2,2 "
                                   "--damage 4 --defense 2,3"))
    hal = out.target("hal")
    assert hal.reactions == ("hardy",)
    assert hal.defense.total == 2 + 3                   # armor 1d6 plus Hardy's 1d6
    assert hal.result.taken == 4 + 3 + 1 - 5            # longsword 1d6+3, +1 Vigor, Defense 5
    assert s.state.actors["hal"].resource("sp") == 0
    # No SP left: Hardy is not offered, so a declared answer finds no question.
    refuse(s, "attack hal --react hal=hardy --roll 3,4,4 --evade 1,2,2", "was not asked for")


def test_an_effect_ends_when_its_down_casters_slot_comes_round(make_session):
    s = make_session("add tay --as taylor --side party --at B2",
                     "add mo --as monica --side party --at B2",
                     "add ra --as raider --at B2", "init tay mo ra", "start",
                     "cast charm mo", "damage tay 20 --direct")
    assert s.state.turn == "mo"                # Taylor, down on its turn, hands it on
    assert [e.name for e in s.state.actors["mo"].effects] == ["Charm"]
    s.execute("end")                                   # Monica's turn ends: Raider's starts
    assert [e.name for e in s.state.actors["mo"].effects] == ["Charm"]
    result = s.execute("end")                          # past Taylor's slot: Charm ends
    assert s.state.turn == "mo" and s.state.round == 2
    assert s.state.actors["mo"].effects == ()
    ended = lasting(events_of(result, EffectEnded))
    assert [(e.actor, e.name) for e in ended] == [("mo", "Charm")]
    assert "came round while down" in ended[0].why


def test_an_effect_ends_at_once_when_its_caster_leaves(make_session):
    s = make_session("add tay --as taylor --side party --at B2",
                     "add mo --as monica --side party --at B2",
                     "add ra --as raider --at B2", "init tay mo ra", "start",
                     "cast charm mo", "end")
    result = s.execute("remove tay")
    assert s.state.actors["mo"].effects == ()
    assert [e.why for e in events_of(result, EffectEnded)] == ["Taylor left the fight"]


def test_a_reaction_attack_pays_only_the_sp(make_session):
    s = make_session(*BLOCKER)
    result = s.execute("attack bo --react bo=shield-block --roll 3,4,4 --evade 3,3,3")
    assert payments(result) == [("ann", (("major", 1),)), ("bo", (("sp", 1),))]


def test_step_up_answers_only_a_foe_that_disengaged_from_its_user(make_session):
    s = make_session("add mo --as monica --side party --at B2", "add rex --as reaver --at B2",
                     "init mo rex", "start", "engage rex")
    refuse(s, "skill step-up rex", "has not disengaged from Monica", "S23")
    assert pool(s.state.actors["mo"])["major"] == 3             # nothing was paid
    s.execute("skill rex retreat --sp")                               # off its turn: SP
    assert left_from(s.state, "rex", "mo")
    s.execute("skill step-up rex")
    assert engaged_with(s.state, "mo") == ["rex"]


def test_a_disengagement_is_answerable_only_in_its_round(make_session):
    s = make_session("add mo --as monica --side party --at B2", "add rex --as reaver --at B2",
                     "init mo rex", "start", "engage rex", "end", "disengage", "end")
    assert s.state.round == 2 and not left_from(s.state, "rex", "mo")
    refuse(s, "skill step-up rex", "has not disengaged", "S23")
