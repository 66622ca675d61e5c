"""G29: who cannot be seen, named per attack (`--unseen attacker|target|both`), in play
and in the exact odds."""

from __future__ import annotations

from fractions import Fraction

from tests.rulesets.d20.conftest import demo, odds

FAR = ("place nim F6", "place gob-1 G6", "place fang A1", "place gob-2 A10",
       "place grum L12", "place brak J1", "place sera J3")


def test_an_unseen_attacker_has_advantage_and_an_unseen_target_disadvantage():
    fight = demo(*FAR, turn="nim")
    # Nim's shortsword +5 against the goblin's AC 15 hits on 10-20: 11/20
    assert odds(fight, "odds gob-1")["hit"] == Fraction(11, 20)
    # unseen attacker: advantage, 1 - (9/20)^2 = 319/400
    assert odds(fight, "odds gob-1 --unseen attacker")["hit"] == Fraction(319, 400)
    # unseen target: disadvantage, (11/20)^2 = 121/400
    assert odds(fight, "odds gob-1 --unseen target")["hit"] == Fraction(121, 400)
    # both unseen: --unseen target with --advantage stands for it, the two cancel (G12)
    assert odds(fight, "odds gob-1 --unseen target --advantage")["hit"] == Fraction(11, 20)


def test_the_kept_face_follows_who_is_unseen_in_play():
    fight = demo(*FAR, turn="nim")
    # unseen attacker: 3 and 12 keep 12, 17 >= AC 15 hits; advantage brings Nim's sneak
    # attack: 1 + 3 + (1 + 1) = 6 of the goblin's 7 HP
    fight.execute("attack gob-1 --unseen attacker --attack 3,12 --damage 1 --sneak 1,1")
    assert fight.state.actors["gob-1"].hp == 1
    fight.state = fight.state.with_actor(fight.state.actors["nim"].with_resource("action", 1))
    # unseen target: 12 and 3 keep 3, 8 misses
    fight.execute("attack gob-1 --unseen target --attack 12,3")
    assert fight.state.actors["gob-1"].hp == 1
