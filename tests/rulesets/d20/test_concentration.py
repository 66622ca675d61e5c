"""G27 concentration with hold person: one spell at a time, a Con save after a hit
(DC the larger of 10 and half the damage), and 0 HP end it; its end ends the spell."""

from __future__ import annotations

from tests.rulesets.d20.conftest import demo, refused

APART = ("place fang A12", "place gob-2 F7", "place grum H5", "place brak A1",
         "place nim C1", "place sera F6", "place gob-1 G6")


def names(fight, actor_id):
    return sorted(e.name for e in fight.state.actors[actor_id].effects)


def sera_casts(fight, line):
    fight.state = fight.state.with_(turn="sera", up=("sera",))
    fight.state = fight.state.with_actor(fight.state.actors["sera"].with_resource("action", 1))
    fight.execute(line)


def test_hold_person_paralyzes_while_the_caster_concentrates():
    fight = demo(*APART, turn="sera")
    fight.execute("hold-person grum --save 12")            # 12 + 0 < DC 13: held
    assert names(fight, "grum") == ["paralyzed"]
    assert names(fight, "sera") == ["concentrating"]
    assert fight.state.actors["sera"].resource("slot_2") == 1
    assert "Fang is no humanoid" in refused(fight, "hold-person fang")


def test_a_second_concentration_spell_ends_the_first():
    fight = demo(*APART, turn="sera")
    fight.execute("hold-person grum --save 3")
    sera_casts(fight, "hold-person gob-1 --save 3")         # 3 - 1 < 13
    assert (names(fight, "grum"), names(fight, "gob-1")) == ([], ["paralyzed"])
    assert names(fight, "sera") == ["concentrating"]


def test_a_failed_con_save_after_a_hit_ends_the_spell():
    fight = demo(*APART, turn="sera")
    fight.execute("hold-person grum --save 3")
    fight.state = fight.state.with_(turn="gob-2", up=("gob-2",))
    # scimitar +4: 14 + 4 hits AC 16 for 6 + 2 = 8; DC max(10, 4) = 10; Con +2: 8 + 2 keeps
    fight.execute("attack sera --attack 14 --damage 6 --concentration 8")
    assert (fight.state.actors["sera"].hp, names(fight, "grum")) == (16, ["paralyzed"])
    fight.state = fight.state.with_actor(fight.state.actors["gob-2"].with_resource("action", 1))
    fight.execute("attack sera --attack 14 --damage 6 --concentration 7")   # 9 < 10
    assert (names(fight, "sera"), names(fight, "grum")) == ([], [])


def test_zero_hit_points_end_the_spell():
    fight = demo(*APART, turn="sera")
    fight.execute("hold-person grum --save 3")
    fight.execute("damage sera 24")
    assert names(fight, "sera") == ["dying", "unconscious"]
    assert names(fight, "grum") == []


def test_a_spells_damage_asks_the_con_save_too():
    fight = demo(*APART, turn="sera")
    fight.execute("hold-person grum --save 3")
    fight.execute("add hex --as cleric --side enemies --at H7")
    fight.state = fight.state.with_(turn="hex", up=("hex",))
    # sacred flame: Sera fails (2 + 0 < 13), 1d8 = 6 radiant; DC 10; 7 + 2 < 10: lost
    fight.execute("sacred-flame sera --save 2 --damage 6 --concentration 7")
    assert (fight.state.actors["sera"].hp, names(fight, "sera"), names(fight, "grum")) == \
        (18, [], [])
