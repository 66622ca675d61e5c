"""G15 weapon properties as the attack's declaration reads them from a sheet's attack:
versatile (`--two-handed`), heavy, two-handed, thrown, ammunition and loading."""

from __future__ import annotations

from fractions import Fraction

from tests.rulesets.d20.conftest import demo, odds, refused

# everyone out of the way unless a test places them
APART = ("place fang A12", "place gob-2 C12", "place grum E12", "place gob-1 G12",
         "place brak A1", "place nim C1", "place sera E1")


def with_sheet(fight, actor_id, **values):
    actor = fight.state.actors[actor_id]
    fight.state = fight.state.with_actor(actor.with_(sheet=actor.sheet.with_values(**values)))


def test_versatile_uses_its_two_handed_die_and_needs_both_hands():
    fight = demo(*APART, "place grum B1", turn="brak")
    assert "Brak holds a shield: the Longsword needs both hands (G15)" in \
        refused(fight, "attack grum --two-handed")
    assert "the Javelin is not versatile: it has no two-handed die (G15)" in \
        refused(fight, "attack grum --with javelin --two-handed")
    with_sheet(fight, "brak", shield=False)
    # two-handed: 1d10 + 3 (Dueling's +2 is one-handed only); 15 + 5 hits AC 13
    fight.execute("attack grum --two-handed --attack 15 --damage 9")
    assert fight.state.actors["grum"].hp == 15 - 12
    assert fight.log[-1] == "attack brak grum --two-handed --attack 15 --damage 9"
    # the odds read the d10: +5 against AC 13 hits on 8-18 (11/20), crits on 19-20
    # (2/20, Improved Critical): one-handed 11/20 * (4.5 + 5) + 2/20 * (9 + 5) = 53/8,
    # two-handed 11/20 * (5.5 + 3) + 2/20 * (11 + 3) = 243/40
    fight.state = fight.state.with_(turn="brak", up=("brak",))
    assert odds(fight, "odds grum")["damage"] == Fraction(53, 8)
    assert odds(fight, "odds grum --two-handed")["damage"] == Fraction(243, 40)


def test_a_small_wielder_of_a_heavy_weapon_has_disadvantage():
    fight = demo(*APART, "place gob-1 B2", "place grum A2", turn="gob-1")
    greataxe = fight.state.actors["grum"].sheet.attacks[0]
    with_sheet(fight, "gob-1", attacks=(greataxe,))
    # greataxe +5 against Brak's AC 18 needs 13: 8/20; the Small goblin rolls twice
    # and keeps the lower: (2/5)^2; the Medium orc does not
    assert odds(fight, "odds brak")["hit"] == Fraction(2, 5) ** 2
    fight.state = fight.state.with_(turn="grum", up=("grum",))
    assert odds(fight, "odds brak")["hit"] == Fraction(2, 5)


def test_a_thrown_weapon_is_a_ranged_attack_to_its_long_range():
    fight = demo(*APART, "place gob-1 G1", turn="nim")
    # dagger +5 against AC 15, 20 ft away (its normal range): 11/20
    assert odds(fight, "odds gob-1 --with dagger")["hit"] == Fraction(11, 20)
    fight.execute("place gob-1 K1")                            # 40 ft: long range
    assert odds(fight, "odds gob-1 --with dagger")["hit"] == Fraction(11, 20) ** 2
    # a thrown weapon beyond 5 ft is a ranged attack: a foe beside the thrower puts it
    # at disadvantage too (G13), and the two do not stack
    fight.execute("place gob-2 D1")
    assert odds(fight, "odds gob-1 --with dagger")["hit"] == Fraction(11, 20) ** 2
    fight.execute("place gob-1 G1")
    assert odds(fight, "odds gob-1 --with dagger")["hit"] == Fraction(11, 20) ** 2


def test_ammunition_a_piece_per_attack_and_none_refused():
    fight = demo(*APART, "place gob-1 C9", turn="nim")
    assert fight.state.actors["nim"].resource("ammunition") == 20
    fight.execute("attack gob-1 --with shortbow --attack 2")           # a miss spends one
    assert fight.state.actors["nim"].resource("ammunition") == 19
    fight.execute("set nim ammunition=0")
    fight.execute("set nim action=1")
    assert "Nim has no ammunition left for the Shortbow (G15)" in \
        refused(fight, "attack gob-1 --with shortbow")
    with_sheet(fight, "nim", shield=True)
    fight.execute("set nim ammunition=5")
    assert "Nim holds a shield: the Shortbow needs both hands (G15)" in \
        refused(fight, "attack gob-1 --with shortbow")


def test_loading_one_shot_per_action_even_in_a_multiattack():
    # G15 loading: a bandit with the captain's Multiattack (three attacks for the action)
    # shoots its light crossbow once; its scimitar may still strike
    fight = demo(*APART, "add bandy --as bandit --at C9", "place gob-1 D10", turn="bandy")
    bandy = fight.state.actors["bandy"]
    fight.state = fight.state.with_actor(bandy.with_(sheet=bandy.sheet.with_values(
        multiattacks=3)))
    fight.execute("attack nim --with light-crossbow --attack 2")
    assert "the Light crossbow is loading: Bandit has shot it this turn (G15)" in \
        refused(fight, "attack nim --with light-crossbow")
    fight.execute("place nim D9")
    fight.execute("attack nim --attack 2")                        # the scimitar
    assert fight.state.actors["bandy"].resource("attacks_left") == 1
