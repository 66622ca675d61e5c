"""Shaper written as data beside the Python ruleset: `cast` is one verb whose word picks
the spell (S21-S26). Minion brings a summon in beside its caster, acting in her turn with
a pool of its own (S21), wearing tier 1 armor or taking the bonus a Mentality point buys
(S28); `cast ACTOR spell TARGET` is the offensive spell, an attack (S25, the format's
`word_actions`); spell skills added to a cast cost a Major each, less one a Mentality
point (S25)."""

from __future__ import annotations

import pytest

from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, attack, both, numbers
from tests.rulesets.shaper.test_data_examples import play_alike as alike

__all__ = ["both"]

SETUP = ("add taylor --as taylor --at B1", "add josh --as josh --at B2",
         "add raider --as raider --at C1", "init taylor josh raider", "start")


def test_the_minion_joins_its_casters_turn_with_its_own_pool_alike(both):
    sessions = both(*SETUP)
    alike(sessions, [("cast taylor minion", True),       # 1 Major (S23)
                     ("move taylor-minion C1", True),    # its own Major (S21)
                     ("move taylor-minion B1", False),   # it had one
                     ("engage taylor-minion raider", True),
                     ("cast taylor minion", False),      # once a round at level 1 (S24)
                     ("end", True), ("end", True), ("end", True),
                     ("move taylor-minion B1", None)])
    minion = sessions[DATA].state.actors["taylor-minion"]
    assert (minion.summoner, minion.max_hp, minion.sheet.armor) == ("taylor", 5, "armor-t1")


@pytest.mark.parametrize("bonus, hp, attack_bonus", [("hp", 8, 0), ("attack", 5, 1)])
def test_the_minion_bonus_is_alike(both, bonus, hp, attack_bonus):
    sessions = both(*SETUP, f"cast taylor minion --minion-bonus {bonus}")
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON])
    minion = sessions[DATA].state.actors["taylor-minion"]
    assert (minion.max_hp, minion.effect_total("attack")) == (hp, attack_bonus)


def test_a_summon_brought_down_is_gone_alike(both):
    sessions = both(*SETUP, "cast taylor minion")
    alike(sessions, [("damage taylor-minion 9 --direct", True)])
    assert "taylor-minion" not in sessions[DATA].state.actors


def test_the_offensive_spell_is_cast_as_an_attack_alike(both):
    """Raider at Short from Taylor, one band past the spell's Close: Disadvantage (S13),
    4+4+1 = 9 against 4; 6 damage, Defense 9 halved to 4 (magic, S7)."""
    sessions = both(*SETUP)
    line = "cast taylor spell raider --roll 4,4,4 --evade 1,1,2 --damage 3 --defense 6"
    results = {rs: attack(s, s.execute(line)) for rs, s in sessions.items()}
    assert results[DATA] == results[PYTHON]
    assert results[DATA][:3] == (9, 4, True)
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON])


def test_spell_skills_added_to_a_cast_cost_less_a_mentality_point_alike(both):
    sessions = both("add kim --level 4 --mentality 1 --skill charm --skill energy-shield "
                    "--skill minion --side party --at C5", "add monica --as monica --at C5",
                    "init kim monica", "start")
    alike(sessions, [("cast kim charm monica --skill energy-shield --skill minion:sp", True),
                     ("cast kim energy-shield --skill longshot", False)])
    kim = sessions[DATA].state.actors["kim"]
    assert (kim.resource("major"), kim.resource("sp")) == (2, 1)    # 1 + 2 - 1: a Major, 1 SP
