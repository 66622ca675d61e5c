"""An action's `checks` (docs/rulesets.md): requirements tested once `given` is worked
out, so that they and their words read its facts (the dice pool's DT in "Freya's pool
is empty: no die to roll, so no success against DT 2", a name read from the content),
refused in one line before anything is rolled or paid, in play and in odds alike."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.declared.duel import duel_fight

DUEL = Path(__file__).resolve().parents[2] / "fixtures" / "rulesets" / "duel"
CHECKS = '''  checks:
    - test: target_at < 10
      refuse: "{weapon_name} against {target.name}'s {target_at}: no roll of 2d6 + {skill}
        reaches it"
      hint: pick a weaker foe
  requires:
'''


@pytest.fixture
def duel(tmp_path, monkeypatch):
    folder = tmp_path / "rulesets" / "duel"
    shutil.copytree(DUEL, folder)
    actions = (folder / "actions.yaml").read_text()
    assert "  requires:\n" in actions
    actions = actions.replace("  requires:\n", CHECKS, 1)
    actions = actions.replace("  given:\n", "  given:\n    weapon_name: item.name\n"
                              "    target_at: 7 + target.guard\n", 1)
    (folder / "actions.yaml").write_text(actions)
    return duel_fight(folder.parent, monkeypatch)


def test_a_check_that_holds_lets_the_action_play(duel):
    duel.execute("strike rook --roll 6,6 --damage 3,3")
    assert duel.state.actors["rook"].hp < 14


def test_a_check_reads_the_given_facts_and_its_words_fill_them(duel):
    duel.execute("set rook guard=3")
    state, log = duel.state, list(duel.log)
    for line in ("strike rook --roll 6,6", "odds rook"):
        with pytest.raises(GmError) as refused:
            duel.execute(line)
        assert refused.value.message == ("Rapier against Rook's 10: no roll of 2d6 + 2 "
                                          "reaches it")
        assert refused.value.hint == "pick a weaker foe"
        assert duel.state is state and duel.log == log


def test_a_requirements_fields_are_worked_out_for_its_words(tmp_path, monkeypatch):
    """`requires[].fields`: values its refusal reads, worked out only when it fails."""
    folder = tmp_path / "rulesets" / "duel"
    shutil.copytree(DUEL, folder)
    actions = (folder / "actions.yaml").read_text()
    old = ('      refuse: "{target.name} is {distance} m away; the {item.name} reaches '
           '{item.reach} m"\n')
    assert old in actions
    actions = actions.replace(old, '      refuse: "{target.name} is {short} m too far"\n'
                                   "      fields: {short: distance - item.reach}\n")
    (folder / "actions.yaml").write_text(actions)
    session = duel_fight(folder.parent, monkeypatch)
    session.execute("place rook H8")
    with pytest.raises(GmError) as refused:
        session.execute("strike rook")
    assert refused.value.message == "Rook is 5 m too far"         # 6 away, reach 1
