"""d20 spells as content/d20/actions.yaml declares them (G7, G21, G25, G26, G28), played
through the command language on the demo."""

from __future__ import annotations

import json
from fractions import Fraction

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


def _turn(fight, actor_id):
    fight.state = fight.state.with_(turn=actor_id, up=(actor_id,))


def test_sneak_attack_once_a_turn_with_an_ally_beside_the_target(fight):
    for line in ("place sera A3", "place nim F6", "place brak H6", "place gob-1 G6"):
        fight.execute(line)
    _turn(fight, "nim")
    odds = json.loads(fight.execute("odds gob-1 --json").view.text)["targets"][0]
    # shortsword +5 against AC 15: 10-19 hit for 1d6+3 + 2d6, a 20 for 2d6+3 + 4d6
    assert Fraction(odds["damage"]["mean_exact"]) == \
        Fraction(10, 20) * Fraction(27, 2) + Fraction(1, 20) * 24
    fight.execute("attack gob-1 --attack 12 --damage 3 --sneak 2,5")
    assert fight.state.actors["gob-1"].hp == 0
    assert fight.state.actors["nim"].resource("sneak_attack") == 0


def test_no_sneak_attack_alone_without_advantage(fight):
    for line in ("place sera A3", "place nim F6", "place gob-1 G6", "place brak A1"):
        fight.execute(line)
    _turn(fight, "nim")
    fight.execute("attack gob-1 --attack 12 --damage 2")
    assert fight.state.actors["gob-1"].hp == 2                  # 2 + 3, no sneak dice
    assert fight.log[-1] == "attack nim gob-1 --attack 12 --damage 2"


def test_pack_tactics_and_a_ranged_attack_beside_a_foe(fight):
    from shaper_gm.engine.steps import distribution, exact
    for line in ("place sera L1", "place fang E6", "place brak D6", "place gob-1 C6",
                 "place nim A1"):
        fight.execute(line)
    rs = fight.ruleset_for(fight.state)
    attack = rs.library.action("attack")
    from shaper_gm.engine.request import Request

    def hit(actor, target, **flags):
        request = Request("attack", (("actor", actor), ("target", target)),
                          tuple(flags.items()))
        facts = attack.facts(fight.state, rs, request)[0]
        return distribution(exact(attack.steps, facts), lambda f: f["hit"])[True]
    # the wolf's bite +4 against Brak's AC 18 (needs 14); Goblin 1 beside Brak: advantage
    assert hit("fang", "brak") == 1 - Fraction(13, 20) ** 2
    fight.execute("place gob-1 A12")
    assert hit("fang", "brak") == Fraction(7, 20)
    # the goblin's shortbow +4 against Nim's AC 14 (needs 10): with Brak beside the
    # goblin, at disadvantage (G13)
    assert hit("gob-1", "nim", **{"with": "shortbow"}) == Fraction(11, 20)
    fight.execute("place gob-1 C6")
    assert hit("gob-1", "nim", **{"with": "shortbow"}) == Fraction(11, 20) ** 2


def test_second_wind_once_and_cunning_disengage_as_a_bonus_action(fight):
    fight.execute("damage brak 10")
    _turn(fight, "brak")
    fight.execute("second-wind --heal 4")                       # 4 + level 3
    brak = fight.state.actors["brak"]
    assert (brak.hp, brak.resource("bonus"), brak.resource("second_wind")) == (25, 0, 0)
    brak = brak.with_resource("bonus", 1)
    fight.state = fight.state.with_actor(brak)
    assert "second wind" in refused_line(fight, "second-wind --heal 4")
    assert "cannot disengage as a bonus action" in refused_line(fight, "cunning-disengage")
    _turn(fight, "nim")
    fight.execute("cunning-disengage")
    nim = fight.state.actors["nim"]
    assert (nim.resource("bonus"), nim.resource("action")) == (0, 1)
    assert [e.name for e in nim.effects] == ["disengaged"]


def refused_line(fight, line) -> str:
    with pytest.raises(GmError) as caught:
        fight.execute(line)
    return str(caught.value)
