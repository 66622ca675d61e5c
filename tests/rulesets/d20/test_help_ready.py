"""G9 Help (`aid`: the next attack roll on the foe has advantage, spent by it) and Ready
(`ready`, then `readied-attack` with the reaction when the trigger happens)."""

from __future__ import annotations

from fractions import Fraction

from tests.rulesets.d20.conftest import demo, odds, refused

APART = ("place fang A12", "place gob-2 C12", "place grum E12", "place brak A1",
         "place sera E1", "place nim F6", "place gob-1 G6")


def test_help_gives_the_next_attack_on_the_foe_advantage_once():
    fight = demo(*APART, "place brak F7", turn="brak")
    assert "ft away: Help names a foe within 5 ft (G9)" in refused(fight, "aid gob-2")
    fight.execute("aid gob-1")
    assert fight.state.actors["brak"].resource("action") == 0
    fight.state = fight.state.with_(turn="nim", up=("nim",))
    # shortsword +5 against AC 15 hits on 10-20: with advantage 1 - (9/20)^2
    assert odds(fight, "odds gob-1")["hit"] == Fraction(319, 400)
    # 3 and 12 keep 12: a hit, 1 + 3 and the sneak attack's 1 + 1
    fight.execute("attack gob-1 --attack 3,12 --damage 1 --sneak 1,1")
    assert fight.state.actors["gob-1"].hp == 1
    assert "aided" not in [e.name for e in fight.state.actors["gob-1"].effects]
    assert odds(fight, "odds gob-1")["hit"] == Fraction(11, 20)       # spent


def test_help_lapses_at_the_helpers_next_turn():
    fight = demo(*APART, "place brak F7", turn="brak")
    fight.execute("aid gob-1")
    assert [e.until for e in fight.state.actors["gob-1"].effects] == ["start:brak"]


def test_a_readied_attack_is_taken_off_turn_with_the_reaction():
    fight = demo(*APART, turn="nim")
    assert "Nim has readied no attack (G9)" in refused(fight, "readied-attack gob-1")
    fight.execute("ready")
    nim = fight.state.actors["nim"]
    assert (nim.resource("action"), [e.name for e in nim.effects]) == (0, ["readied"])
    fight.state = fight.state.with_(turn="gob-1", up=("gob-1",))
    # the trigger: 15 + 5 hits AC 15 for 1 + 3
    fight.execute("readied-attack nim gob-1 --attack 15 --damage 1")
    nim = fight.state.actors["nim"]
    assert fight.state.actors["gob-1"].hp == 7 - 4
    assert (nim.resource("reaction"), nim.effects) == (0, ())
    assert "Nim has readied no attack (G9)" in refused(fight, "readied-attack nim gob-1")
