"""Shaper written as data beside the Python ruleset: an effect's Advantage on its
holder's attack rolls (`effect ACTOR NAME --adv N`, S3, S26), a point a die; a negative
N is Disadvantage (the fixture's effect key `adv`, read by its attack's pins); Energy
Shield cast with no target named on its caster (`self_when` over the spell's word)."""

from __future__ import annotations

import pytest

from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, attack, both

__all__ = ["both"]

SETUP = ("add josh --as josh --at B4", "add raider --as raider --at B1", "init josh raider",
         "start", "draw josh longbow")


@pytest.mark.parametrize("adv, faces, total", [
    (1, "1,2,3", 12),          # the lowest die a 6: 6+2+3 + 1 Finesse
    (-2, "4,5,6", 7),          # the two highest 1s: 4+1+1 + 1
    (0, "1,2,3", 7),           # none: 1+2+3 + 1
])
def test_an_effects_advantage_turns_the_attack_dice_alike(both, adv, faces, total):
    sessions = both(*SETUP, f"effect josh hawk --adv {adv}")
    line = f"attack josh raider --roll {faces} --evade 6,6,1"
    results = {rs: attack(s, s.execute(line)) for rs, s in sessions.items()}
    assert results[DATA] == results[PYTHON]
    assert results[PYTHON][0] == total


def test_energy_shield_cast_without_a_target_shields_its_caster_alike(both):
    """S26: `cast taylor energy-shield` names no target: Taylor's own (the fixture's
    `self_when` over the spell's word); 2 to absorb, her 1 SP paid off her turn."""
    sessions = both("add josh --as josh --at B4", "add taylor --as taylor --at C5",
                    "init josh taylor", "start", "cast taylor energy-shield --sp")
    for s in sessions.values():
        taylor = s.state.actors["taylor"]
        assert (taylor.effect_total("absorb"), taylor.resource("sp")) == (2, 0)


def test_the_odds_of_an_attack_need_no_major_left_alike(both):
    """S18: the odds weigh an attack whatever the actor has left to pay for it."""
    sessions = both(*SETUP, "act josh major a", "act josh major b", "act josh major c")
    for s in sessions.values():
        assert s.state.actors["josh"].resource("major") == 0
        assert s.execute("odds josh raider --json").view is not None
