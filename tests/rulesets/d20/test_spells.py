"""d20 spells as content/d20/actions.yaml declares them (G7, G21, G25, G26, G28), played
through the command language on the demo."""

from __future__ import annotations

import pytest

from shaper_gm.app import equip
from shaper_gm.app.demo import shipped_demo
from shaper_gm.engine.state import Effect
from shaper_gm.errors import GmError
from shaper_gm.persist.saves import read_save


@pytest.fixture
def fight():
    """The d20 demo with Sera the cleric (spell DC 13, Wis +3) up, next to the goblins."""
    session = equip(read_save(shipped_demo("d20")))
    session.save_path = None
    for line in ("place sera F6", "place gob-1 G6", "place gob-2 G7"):
        session.execute(line)
    session.state = session.state.with_(turn="sera", up=("sera",))
    return session


def test_sacred_flame_a_failed_save_takes_the_damage(fight):
    fight.execute("sacred-flame gob-1 --save 10 --damage 6")   # 10 + 2 < 13 (G25, G26)
    assert fight.state.actors["gob-1"].hp == 1
    assert fight.state.actors["sera"].resource("action") == 0


def test_sacred_flame_a_saved_target_takes_nothing(fight):
    fight.execute("sacred-flame gob-1 --save 11")              # 11 + 2 = 13: saved
    assert fight.state.actors["gob-1"].hp == 7
    assert fight.log[-1] == "sacred-flame sera gob-1 --save 11"


def test_a_paralyzed_target_fails_its_dex_save(fight):
    gob = fight.state.actors["gob-1"]
    fight.state = fight.state.with_actor(gob.with_(effects=(
        Effect("paralyzed", mods=(("fails_str_dex", 1),)),)))
    fight.execute("sacred-flame gob-1 --save 20 --damage 2")   # G28: fails regardless
    assert fight.state.actors["gob-1"].hp == 5


def test_burning_hands_rolls_once_and_each_target_saves_for_half(fight):
    sera = fight.state.actors["sera"]                          # a sheet that lists it
    fight.state = fight.state.with_actor(sera.with_(sheet=sera.sheet.with_values(
        spells=(*sera.sheet.spells, "burning-hands"))))
    fight.execute("burning-hands gob-1,gob-2 --damage 4,5,6 --save 12 --save 3")
    # 15 fire: gob-1 saves (12 + 2 >= 13) and takes 7, gob-2 fails (3 + 2) and takes 15
    assert (fight.state.actors["gob-1"].hp, fight.state.actors["gob-2"].hp) == (0, 0)
    assert fight.state.actors["sera"].resource("slot_1") == 3


def test_healing_word_wakes_the_dying_with_a_bonus_action_and_a_slot(fight):
    fight.execute("damage nim 24")
    nim = fight.state.actors["nim"]
    assert nim.down and sorted(e.name for e in nim.effects) == ["dying", "unconscious"]
    fight.execute("place nim E6")
    fight.execute("healing-word nim --heal 2")                 # 2 + 3 (G21)
    nim, sera = fight.state.actors["nim"], fight.state.actors["sera"]
    assert (nim.hp, nim.down, nim.effects) == (5, False, ())
    assert (sera.resource("bonus"), sera.resource("slot_1"), sera.resource("action")) == \
        (0, 3, 1)


def test_a_spell_the_caster_does_not_know_is_refused(fight):
    fight.state = fight.state.with_(turn="brak", up=("brak",))
    with pytest.raises(GmError) as caught:
        fight.execute("sacred-flame gob-1")
    assert "Brak does not know sacred flame" in str(caught.value)


def test_death_saves_count_to_three_and_a_twenty_wakes(fight):
    """G24: 10+ passes, under 10 fails, a 1 fails twice, a 20 wakes with 1 HP; three
    passes stabilise, three failures kill; the counts start again after."""
    fight.execute("damage nim 24")
    fight.execute("death-save nim --death 12")
    fight.execute("death-save nim --death 1")
    nim = fight.state.actors["nim"]
    assert (nim.resource("death_successes"), nim.resource("death_failures")) == (1, 2)
    fight.execute("death-save nim --death 20")
    nim = fight.state.actors["nim"]
    assert (nim.hp, nim.down, nim.effects) == (1, False, ())
    assert (nim.resource("death_successes"), nim.resource("death_failures")) == (0, 0)
    with pytest.raises(GmError) as caught:
        fight.execute("death-save nim --death 12")
    assert "Nim is not dying" in str(caught.value)


def test_three_passes_stabilise_and_three_failures_kill(fight):
    fight.execute("damage nim 24")
    for face in (10, 15, 19):
        fight.execute(f"death-save nim --death {face}")
    nim = fight.state.actors["nim"]
    assert sorted(e.name for e in nim.effects) == ["stable", "unconscious"]
    assert fight.ruleset_for(fight.state).down_word(nim) == "stable"
    fight.execute("damage brak 28")
    for face in (5, 9, 2):
        fight.execute(f"death-save brak --death {face}")
    brak = fight.state.actors["brak"]
    assert sorted(e.name for e in brak.effects) == ["dead", "unconscious"]
    assert brak.hp == 0 and brak.down
    assert fight.ruleset_for(fight.state).down_word(brak) == "dead"
