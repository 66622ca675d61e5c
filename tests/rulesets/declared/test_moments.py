"""Actions any ruleset written as data runs by themselves (`at: {moment, when}`,
docs/rulesets.md), shown on a copy of the tutorial's Duel with two more: a beaten
duellist's rally as its turn starts, and a flinch whenever a duellist takes damage,
whatever deals it, which costs it a metre and 1 vigour more (damage that brings no
flinch of its own: what a moment's actions bring about does not bring them again)."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.declared.duel import SETUP, duel_copy, duel_fight

MORE = '''
rally:
  what: a rally
  words: rallies
  timing: either
  while_down: true
  at: {moment: turn_start, when: actor.down}
  steps:
    - {roll: d6, slot: rally, into: face, who: actor, what: rally}
  apply:
    - when: face == 6
      hp: {who: actor, change: "2"}
  line: "{face}"

flinch:
  what: a flinch
  words: flinches
  at: {moment: damaged, when: damage >= 1 and not actor.down}
  apply:
    - resource: {who: actor, name: steps, change: "-1"}
    - hp: {who: actor, change: "-1"}
'''


@pytest.fixture
def duel(tmp_path, monkeypatch):
    folder = duel_copy(tmp_path, MORE)
    session = duel_fight(folder.parent, monkeypatch, (
        *SETUP[:3], "add crow --as rook --at F6", "init ash rook crow", "start"))
    assert session.state.order == ("ash", "rook", "crow") and session.state.turn == "ash"
    return session


def test_a_down_actor_whose_turn_brings_an_action_has_its_turn_for_it(duel):
    duel.execute("damage rook 14")                     # Rook's 14 vigour: beaten
    duel.execute("end --rally 3")                      # no 6: the turn passes on by itself
    assert (duel.state.turn, duel.state.actors["rook"].hp) == ("crow", 0)
    duel.execute("end")
    duel.execute("end --rally 6")                      # a 6: 2 vigour, and its own turn
    assert (duel.state.round, duel.state.turn, duel.state.actors["rook"].hp) == \
        (2, "rook", 2)
    assert duel.log[-3:] == ["end --rally 3", "end", "end --rally 6"]


def test_one_not_down_rolls_nothing_and_the_end_takes_no_face(duel):
    state = duel.state
    with pytest.raises(GmError, match="nobody rolled a rally: "):     # refused, not lost
        duel.execute("end --rally 6")
    assert duel.state == state
    assert duel.execute("end").line == "end"
    assert duel.state.turn == "rook"


def test_damage_brings_its_action_whatever_deals_it_and_not_again(duel):
    duel.execute("damage rook 3")                      # a flinch; its own 1 more brings
    rook = duel.state.actors["rook"]                   #   no second flinch
    assert (rook.hp, rook.resource("steps")) == (14 - 3 - 1, 3 - 1)
    duel.execute("damage rook 0")                      # no damage: nothing
    assert duel.state.actors["rook"].hp == 10
    # a strike: 5 + 1 + 2 >= 7 + 1 hits for 6 + 1 - armour 2 = 5: a flinch
    duel.execute("strike rook --roll 5,1 --damage 6")
    assert duel.state.actors["rook"].hp == 10 - 5 - 1


def test_a_moment_action_that_reads_the_damage_is_no_verb(duel):
    assert "flinch" not in duel.registry.verbs
    assert "rally" in duel.registry.verbs
    assert "--rally" in duel.registry.verbs["end"].usage
