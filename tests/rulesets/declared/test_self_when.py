"""An action's `self_when` (docs/rulesets.md): with no target named, its actor is its own
target when the item its word names makes the test hold (Dungeoneers' `spellcast
alberich mend`, a spell of range self); another item still needs its target named. On an
action without a target or without `word: with`, or reading more than the item, it is
refused at load in one line."""

from __future__ import annotations

import pytest

from shaper_gm.engine.declaring import compile_action
from shaper_gm.engine.events import Played
from shaper_gm.engine.stepkit import VocabError
from shaper_gm.errors import GmError
from tests.rulesets.declared.duel import duel_copy, duel_fight

TOSS = '''
toss:
  what: a toss
  words: tosses
  target: any
  item: weapons
  word: with
  self_when: item.reach == 0
  given:
    weapon: item.name
  line: "the {weapon}"
'''
FLASK = "    - {id: flask, name: Flask, damage: 1d4, reach: 0}\n"


@pytest.fixture
def duel(tmp_path, monkeypatch):
    folder = duel_copy(tmp_path, TOSS)
    sheets = (folder / "duellists.yaml").read_text()
    anchor = "    - {id: rapier, name: Rapier, damage: 1d6+1, reach: 1}\n"
    (folder / "duellists.yaml").write_text(sheets.replace(anchor, anchor + FLASK))
    return duel_fight(folder.parent, monkeypatch)


def targets(result) -> list[str]:
    return [r.target for e in result.events if isinstance(e, Played)
            for r in e.outcome.results]


def test_an_item_that_makes_the_test_hold_takes_its_actor_as_target(duel):
    result = duel.execute("toss ash flask")
    assert targets(result) == ["ash"]
    assert result.line == duel.log[-1] == "toss ash ash --with flask"


def test_another_item_still_needs_its_target(duel):
    with pytest.raises(GmError, match="needs a target"):
        duel.execute("toss ash rapier")
    assert targets(duel.execute("toss ash rapier rook")) == ["rook"]


@pytest.mark.parametrize("raw, message", [
    ({"self_when": "item.reach == 0"}, "only an action with a target and word: with"),
    ({"target": "any", "item": "weapons", "word": "with", "self_when": "actor.hp > 0"},
     "reads 'actor.hp': it reads the item named, item.X"),
    ({"target": "any", "word": "spell", "flags": {"spell": {"kind": "text"}},
      "self_when": "actor.hp > 0"}, "reads 'actor.hp': it reads its word, flag.spell"),
])
def test_a_misplaced_self_when_is_refused(raw, message):
    with pytest.raises(VocabError) as err:
        compile_action("toss", {"words": "tosses", **raw})
    assert err.value.where == "toss.self_when" and message in err.value.message
