"""An action's `word:` standing for a whole-number flag (docs/rulesets.md, `word`): the
word after the actor is read as the flag reads its value (`brace 2` is `brace --guard
2`), a word that is no whole number refused as the flag refuses one, and with the flag
given no word is read."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.declared.duel import duel_copy, duel_fight

BRACE = '''
brace:
  what: bracing
  words: braces
  word: guard
  flags:
    guard: {kind: int, metavar: N, help: the guard from now on}
  given:
    guard: flag.guard
  apply:
    - sheet: {who: actor, name: guard, value: guard}
  line: "guard {guard}"
'''


@pytest.fixture
def duel(tmp_path, monkeypatch):
    folder = duel_copy(tmp_path, BRACE)
    return duel_fight(folder.parent, monkeypatch)


def test_the_word_is_the_number_flag(duel):
    duel.execute("brace 3")
    assert duel.state.actors["ash"].sheet.guard == 3
    duel.execute("brace ash 2")
    assert duel.state.actors["ash"].sheet.guard == 2
    duel.execute("brace --guard 4")
    assert duel.state.actors["ash"].sheet.guard == 4
    assert duel.log[-3:] == ["brace ash --guard 3", "brace ash --guard 2",
                             "brace ash --guard 4"]          # the actor named, the flag


def test_a_word_that_is_no_whole_number_is_refused_as_the_flag_is(duel):
    state = duel.state
    with pytest.raises(GmError) as refused:
        duel.execute("brace lots")
    assert refused.value.message == "brace: --guard needs a whole number, got 'lots'"
    assert duel.state is state
