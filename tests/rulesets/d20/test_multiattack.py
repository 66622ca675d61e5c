"""G18 Multiattack: the bandit captain's three attacks make one action; each is an
`attack` of its own, rolled alone, on any target. The GM types `attack` as at the
table, one line a roll; the first takes the action, the next two the attacks it left."""

from __future__ import annotations

from tests.rulesets.d20.conftest import demo, refused

APART = ("place fang A12", "place gob-2 C12", "place grum E12", "place gob-1 G12",
         "place sera A1", "place brak E6", "place nim G6")


def test_a_multiattack_is_three_attacks_for_one_action_on_any_targets():
    fight = demo(*APART, "add cap --as bandit-captain --at F6", turn="cap")
    # scimitar +5: 15 + 5 against Brak's AC 18 hits for 4 + 3; then Nim (AC 14) twice
    fight.execute("attack brak --attack 15 --damage 4")
    cap = fight.state.actors["cap"]
    assert (cap.resource("action"), cap.resource("attacks_left")) == (0, 2)
    fight.execute("attack nim --attack 10 --damage 2")             # 15: a hit for 5
    fight.execute("attack nim --with dagger --attack 1")           # a natural 1 misses
    assert (fight.state.actors["brak"].hp, fight.state.actors["nim"].hp) == (28 - 7, 24 - 5)
    cap = fight.state.actors["cap"]
    assert (cap.resource("action"), cap.resource("attacks_left")) == (0, 0)
    assert "action" in refused(fight, "attack nim")               # the fourth: none left
    fight.execute("end")
    assert fight.state.actors["cap"].resource("attacks_left") == 0


def test_one_attack_a_turn_without_multiattack_and_none_opened_by_a_reaction():
    fight = demo(*APART, "add cap --as bandit-captain --at F6", "place gob-1 H6",
                 turn="nim")
    fight.execute("attack gob-1 --attack 2")
    nim = fight.state.actors["nim"]
    assert (nim.resource("action"), nim.resource("attacks_left")) == (0, 0)
    assert "action" in refused(fight, "attack gob-1")
    # leaving the captain's reach: its opportunity attack is one attack, no Multiattack
    fight.execute("move G9 --react cap=opportunity --react gob-1=none --attack 2")
    cap = fight.state.actors["cap"]
    assert (cap.resource("reaction"), cap.resource("attacks_left")) == (0, 0)
    # its own turn: the Multiattack is there
    fight.state = fight.state.with_(turn="cap", up=("cap",))
    fight.execute("place cap G8")
    fight.execute("attack nim --attack 2")
    assert fight.state.actors["cap"].resource("attacks_left") == 2
