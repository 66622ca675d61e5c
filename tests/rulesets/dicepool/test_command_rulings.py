"""Every ruling P1-P12 through the commands a GM types, the issue's worked examples with
the same dice given as flags, and every face written into the log."""

from __future__ import annotations

from shaper_gm.engine.events import Resolved
from tests.rulesets.dicepool.commands import DUEL, fight, pool, refused

# What resolved: an attack, or a pool test (act, react, ability) as the Python ruleset's
# AttackResolved and TestResolved events told them apart.
AttackResolved, TestResolved = "attack", "test"


class Read:
    """An outcome's final facts, read by name as the Python outcome's fields were."""

    def __init__(self, facts) -> None:
        self._facts = dict(facts)

    def __getattr__(self, name: str):
        try:
            return self._facts[name]
        except KeyError:
            raise AttributeError(name) from None


def outcome(result, kind=AttackResolved):
    """The facts resolved; the faces the Python outcome held (the damage dice's, the
    pool's failures) are read from the log line, which writes every face rolled."""
    found = [e.outcome for e in result.events if isinstance(e, Resolved)
             and (e.action == "attack") == (kind == AttackResolved)]
    assert len(found) == 1
    facts = dict(found[0].results[-1].facts)
    words = (result.line or "").split()
    given = {flag[2:]: tuple(map(int, value.split(",")))
             for flag, value in zip(words, words[1:], strict=False) if flag.startswith("--")
             and value.replace(",", "").isdigit()}
    if "damage_dice" in facts:
        facts.setdefault("damage_faces", given.get("damage", ()))
    if "successes" in facts and "roll" in given:
        facts.setdefault("lost_faces", tuple(f for f in given["roll"]
                                             if f < facts.get("success_on", 4)))
    return Read(facts)


# --- the "Done when" examples ------------------------------------------------------

def test_pool_5_rolling_4_6_2_5_1_against_dt_2_hits_margin_1_two_damage_dice_pool_3():
    s = fight()
    result = s.execute("attack barry --roll 4,6,2,5,1 --damage 3,7")
    o = outcome(result)
    assert (o.ac, o.proficiency, o.dt) == (3, 1, 2)
    assert (o.successes, o.hit, o.margin) == (3, True, 1)
    assert o.damage_dice == 2 and o.damage_faces == (3, 7)
    assert o.damage == 3 + 7 + 4                  # + STR 4: the longsword adds it (P8)
    assert pool(s, "freya") == 3 and s.state.actors["barry"].hp == 0
    assert s.log[-1] == "attack freya barry --roll 4,6,2,5,1 --damage 3,7"


def test_a_turn_with_no_actions_ends_with_the_pool_grown_by_con():
    s = fight()
    s.execute("end")
    assert pool(s, "freya") == 5 + 2                        # CON 2 (P4)
    assert s.state.turn == "barry"


def test_two_attacks_in_one_turn_draw_on_the_same_shrinking_pool():
    s = fight("set barry hp=12 ac=9")
    first = outcome(s.execute("attack barry --roll 6,1,1,4,2"))
    assert (first.dice, first.pool_after) == (5, 2)
    second = outcome(s.execute("attack barry --roll 5,3"))
    assert (second.dice, second.pool_before, second.pool_after) == (2, 2, 1)
    assert pool(s, "freya") == 1
    refused(s, "attack barry --roll 6", "needs 1 action; Freya has 0 left")


def test_prepare_against_the_named_attacker_raises_ac_by_half_dex_for_that_attack_only():
    s = fight("prepare if Barry swings his halberd at me, I dodge --against barry", "end")
    dodged = outcome(s.execute("attack freya --roll 6,6,6,1"))
    assert (dodged.ac, dodged.dodge, dodged.dt) == (3, 1, 3)      # DEX 2 // 2 = 1
    assert dodged.hit and dodged.margin == 0
    again = outcome(s.execute("attack freya --roll 6,1,1"))
    assert (again.dodge, again.dt) == (0, 2)                  # used up: that attack only


# --- P1-P12 --------------------------------------------------------------------------------

def test_p1_faces_of_4_or_more_succeed_and_faces_are_d6():
    s = fight("set barry ac=9")
    o = outcome(s.execute("attack barry --roll 1,3,4,5,6"))
    assert (o.successes, o.failures, o.lost_faces) == (3, 2, (1, 3))
    refused(fight(), "attack barry --roll 7,1,1,1,1", "out of range 1-6")


def test_p2_the_pool_is_built_when_the_fight_starts_from_the_weapon_in_hand():
    s = fight(start=False)
    s.execute("add zed --stat str=2 --stat dex=3 --weapon dagger --holding dagger "
              "--prof dagger=2 --at C3")
    s.execute("set zed pool=0")
    s.execute("start")
    assert pool(s, "zed") == 3 + 2


def test_p3_dice_n_rolls_part_of_the_pool_and_the_rest_stays():
    s = fight("set barry ac=9")
    o = outcome(s.execute("attack barry --dice 2 --roll 1,5"))
    assert (o.dice, o.pool_before, o.pool_after) == (2, 5, 4)
    assert s.log[-1] == "attack freya barry --dice 2 --roll 1,5"


def test_p3_a_skill_is_a_pool_test_against_the_gms_dt():
    s = fight()
    o = outcome(s.execute("act action climb the wall --dt 2 --roll 6,1,4,2,2"), TestResolved)
    assert (o.successes, o.success, o.margin, o.pool_after) == (2, True, 0, 2)
    assert s.log[-1] == "act freya action 'climb the wall' --dt 2 --roll 6,1,4,2,2"


def test_p4_a_reaction_roll_adds_con_right_after():
    s = fight("end", "prepare I shove whoever comes near", "end")
    o = outcome(s.execute("react barry action shove Freya back --dt 1 --roll 6,1,2,5,3"),
                TestResolved)
    assert o.reaction and (o.pool_spent, o.pool_after) == (2, 3)   # +CON 1
    assert s.state.turn == "freya"


def test_p5_init_rolls_2d6_plus_dex_or_the_gm_sets_the_order():
    s = fight(start=False)
    s.execute("init --roll freya=1,1 --roll barry=6,6")
    assert s.state.order == ("barry", "freya")
    assert s.state.actors["barry"].initiative == 12 + 1
    assert s.state.actors["freya"].initiative == 2 + 2
    s.execute("init freya barry")
    assert s.state.order == ("freya", "barry")


def test_p6_two_actions_any_mix_then_the_turn_is_spent():
    s = fight("move A3", "act action shout a warning")
    assert s.state.actors["freya"].resource("actions") == 0
    refused(s, "prepare I dodge --against barry", "Freya has 0 left", "P6")
    s.execute("end")
    s.execute("end")
    assert s.state.actors["freya"].resource("actions") == 2


def test_p7_p8_a_weapon_without_the_damage_stat_and_a_miss():
    s = fight(setup=("add kit --as kit --at A1", "add barry --as barry --at B2",
                     "init kit barry"))
    o = outcome(s.execute("attack barry --roll 6,6,6,6 --damage 2,3,4"))
    assert (o.dt, o.margin, o.damage_dice, o.damage_bonus, o.damage) == (2, 2, 3, 0, 9)
    s.execute("end")
    miss = outcome(s.execute("attack kit --roll 1,1,1,3"))          # DT 2 - 1
    assert not miss.hit and miss.damage_faces == () and s.state.actors["kit"].hp == 10


def test_p8_damage_takes_hp_down_to_0_and_the_target_is_down():
    s = fight("attack barry --roll 6,6,6,6,6 --damage 8,8,8,8",
              setup=(*DUEL[:2], "add raider --as raider --at E5", "init freya barry raider"))
    barry = s.state.actors["barry"]
    assert barry.hp == 0 and barry.down
    refused(s, "attack barry", "already down at 0 HP (P8)")


def test_p9_failure_dice_leave_the_pool_on_a_miss_too():
    s = fight("set barry ac=9")
    o = outcome(s.execute("attack barry --roll 1,2,3,4,5"))
    assert not o.hit and pool(s, "freya") == 2
    assert s.log[-1] == "attack freya barry --roll 1,2,3,4,5"     # no damage was rolled


def test_p10_moves_up_to_10_m_a_diagonal_step_costing_2():
    s = fight()
    refused(s, "move J10", "J10 is 18 m from Freya, who moves 10 m", "P10")
    s.execute("move F6")                       # 5 diagonal steps = 10 m
    assert s.state.actors["freya"].zone == "F6"
    s.execute("move f8")
    assert s.log[-1] == "move freya F8"


def test_p11_a_prepared_action_is_taken_as_a_reaction_attack():
    s = fight("end", "prepare when she comes near, I strike", "end")
    o = outcome(s.execute("attack barry freya --roll 6,6,1,1,1 --damage 5"))
    assert o.reaction and o.hit and (o.pool_spent, o.pool_after) == (2, 3)
    refused(s, "attack barry freya", "only with an action it prepared (P11)")


def test_p12_abilities_augment_attacks_test_the_pool_and_discard_dice():
    s = fight("set barry ac=9")
    o = outcome(s.execute("attack barry --ability heavy --roll 6,6,1,1,1"))
    assert o.ability == "heavy-blow" and o.pool_after == 2 - 1
    assert s.log[-1] == "attack freya barry --ability heavy-blow --roll 6,6,1,1,1"
    rally = outcome(s.execute("ability rally --roll 6"), TestResolved)
    assert (rally.dt, rally.success, rally.pool_after) == (2, False, 0)


def test_p12_a_reaction_ability_is_used_outside_ones_turn():
    s = fight(setup=(*DUEL, "add odo --as odo --at C3", "init freya barry odo"))
    o = outcome(s.execute("ability odo parry --dt 1 --roll 6,1,1"), TestResolved)
    assert o.reaction and (o.pool_spent, o.pool_after) == (1, 4)      # +CON 3
    refused(s, "ability freya parry", "no ability of Freya 'parry'")


def test_a_weapon_reaches_its_squares_a_diagonal_neighbour_counting_one():
    # P7 (provisional): the longsword reaches 1 square, Barry's halberd 2, a thrown
    # dagger 10; an empty pool cannot attack unless the DT is 0.
    s = fight(setup=("add freya --as freya --at A1", "add barry --as barry --at C3",
                     "init freya barry"))
    refused(s, "attack barry --roll 6,6,6,6,6",
            "Barry the Guard is 2 squares away; the Longsword reaches 1 square (P7)")
    s.execute("end")
    assert outcome(s.execute("attack freya")).weapon == "halberd"     # it reaches 2
    s.execute("end")
    s.execute("move B2")                                   # next to Barry, diagonally
    assert outcome(s.execute("attack barry")).weapon == "longsword"
    s2 = fight(setup=("add freya --as freya --at A1", "add barry --as barry --at J1",
                      "init freya barry"))
    s2.execute("wield dagger")
    assert outcome(s2.execute("attack barry")).weapon == "dagger"   # 9 away, range 10
    s3 = fight(setup=("add freya --as freya --at A1", "add barry --as barry --at A9",
                      "init freya barry"), seed=1)
    s3.execute("set freya pool=0")
    s3.execute("move A8")
    refused(s3, "attack barry", "Freya's pool is empty: no die to roll, so no success "
                                "against DT 2 (P3, P7)")
