"""Abilities as content (P12): action, reaction and passive; attack augments; discards."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.dicepool import conftest as act
from tests.rulesets.dicepool.conftest import Fight


def use(fight, actor, ability, dt=None, dice=None, **faces):
    return fight.run(act.use_ability, act.AbilityRequest(actor, ability, dt, dice), **faces)


@pytest.fixture
def party():
    f = Fight().add("freya", "freya", "A1").add("kit", "kit", "A3").add("odo", "odo", "A5")
    return f.add("barry", "barry", "B2").add("wolf", "wolf", "C3")


def test_p12_an_attack_ability_adds_damage_dice_and_discards_one_more(party):
    party.start()
    out = party.attack("freya", "barry", ability="heavy-blow", roll=[4, 6, 2, 5, 1],
                       damage=[1, 1, 1, 1])
    assert out.ability == "heavy-blow" and out.margin == 1
    assert out.damage_dice == 1 + 1 + 2           # margin + proficiency + Heavy Blow
    assert (out.pool_before, out.pool_spent) == (5, 2)     # 2 failures, 1 more discarded
    notes = {n.label: (n.value, n.rule) for n in out.notes}
    assert notes["dice discarded by the ability"] == (-1, "P12")
    assert party.actions("freya") == 1


def test_p12_an_ability_may_lower_the_dt_and_cost_the_whole_turn(party):
    party.start("kit", "barry")
    out = party.attack("kit", "barry", ability="steady-aim", roll=[6, 1, 1, 1], damage=[2])
    assert out.dt == 3 - 1 - 1 and out.hit and out.margin == 0
    assert party.actions("kit") == 0


def test_p12_an_action_ability_tests_the_pool_against_its_dt(party):
    party.start()
    out = use(party, "freya", "rally", roll=[4, 5, 1, 2, 6])
    assert out.test.dt == 2 and out.test.success and out.test.margin == 1
    assert out.test.discarded == 1 and party.pool("freya") == 5 - 2 - 1
    assert party.actions("freya") == 1 and not out.reaction


def test_p12_a_reaction_costs_no_action_comes_outside_ones_turn_and_adds_con(party):
    party.start("freya", "odo")
    assert party.pool("odo") == 2 + 1                      # STR 2 + mace 1
    with pytest.raises(GmError, match=r"needs a DT \(P3, P12\)"):
        use(party, "odo", "parry", roll=[6, 6, 6])
    out = use(party, "odo", "parry", dt=2, roll=[6, 4, 1])
    assert out.reaction and out.test.success and out.test.margin == 0
    assert (out.pool_before, out.pool_after) == (3, 2 + 3)  # 1 failure off, then CON 3 (P4)
    assert party.state.turn == "freya" and party.actions("freya") == 2
    party.end()                                            # Odo's own turn
    with pytest.raises(GmError, match=r"Parry is a reaction \(P12\).*Odo's own turn"):
        use(party, "odo", "parry", dt=1, roll=[6] * 5)


def test_p12_one_reaction_ability_between_two_turns_so_con_dice_come_once(party):
    # reactions_per_round: 1 (provisional): Odo parries once on Freya's turn, a second
    # parry is refused before anything is rolled (its pool and CON dice stay as they
    # are), and Odo has its reaction back when its own turn starts.
    party.start("freya", "odo")
    use(party, "odo", "parry", dt=2, roll=[6, 4, 1])
    assert party.pool("odo") == 5 and party.state.actors["odo"].resource("reactions") == 0
    with pytest.raises(GmError, match=r"reaction"):
        use(party, "odo", "parry", dt=1, roll=[6] * 5)
    assert party.pool("odo") == 5
    party.end()                                            # Odo's own turn
    assert party.state.actors["odo"].resource("reactions") == 1


def test_p12_a_passive_ability_is_always_on_and_cannot_be_used(party):
    party.start("wolf", "kit")
    with pytest.raises(GmError, match=r"passive: always on, never used \(P12\)"):
        use(party, "wolf", "tough-hide")
    party.end()
    # the wolf's AC as the data version reads it: the AC an attack on it is made against
    assert party.attack("kit", "wolf", roll=[1] * 4).ac == 2 + 1       # Tough Hide


def test_p12_refusals(party):
    party.start()
    cases = [
        (lambda: use(party, "freya", "parry", dt=1), r"Freya has no ability 'parry' \(P12\)"),
        (lambda: use(party, "freya", "heavy-blow"), r"augments a basic attack \(P12\)"),
        (lambda: party.attack("freya", "barry", ability="rally"),
         r"Rally does not augment an attack \(P12\)"),
        (lambda: party.attack("freya", "barry", ability="nope"), r"no ability 'nope'"),
        (lambda: use(party, "freya", "rally", dt=-1), r"DT -1 must be a whole number"),
    ]
    for run, message in cases:
        before = party.state
        with pytest.raises(GmError, match=message) as caught:
            run()
        assert caught.value.hint and party.state is before


def test_p12_an_ability_of_two_actions_cannot_be_a_prepared_reaction(party):
    party.start("kit", "barry")
    party.run(act.prepare, act.PrepareRequest("kit", "if Barry charges, I shoot"))
    party.end()
    with pytest.raises(GmError, match=r"takes 2 actions; a prepared action stands for one"):
        party.attack("kit", "barry", ability="steady-aim", roll=[6] * 4)
    out = party.attack("kit", "barry", roll=[6, 6, 1, 1, 1], damage=[3])
    assert out.reaction and out.hit and out.pool_after == 2 + 1
