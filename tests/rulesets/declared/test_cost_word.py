"""An action written with `cost_word: true` takes the shared act's words, `[ACTOR] COST
TEXT` (a reaction's `ACTOR COST TEXT`), in place of the shared verb of its name (the
dice pool's act and react, whose --dt makes them pool tests); its expressions read the
command's words (`words.text`), what the cost word spends (`priced.RESOURCE`) and which
flags were given (`has_flag.NAME`, where `flag.NAME` reads 0 either way)."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.declared.duel import duel_copy, duel_fight

ACT = '''
act:
  what: an action
  words: acts
  cost_word: true
  cost: {action: spent}
  flags:
    dc: {kind: int, metavar: N, help: "a check against DC N"}
  requires:
    - test: not has_flag.dc or flag.dc >= 0
      refuse: "DC {flag.dc} is below 0"
      hint: give --dc 0 or more
  given:
    spent: priced.action
    text: words.text
    checked: has_flag.dc
    dc: flag.dc
  line:
    - {when: checked, text: "{text} against DC {dc}"}
    - {text: "{text}"}
'''


@pytest.fixture
def duel(tmp_path, monkeypatch):
    folder = duel_copy(tmp_path, ACT)
    return duel_fight(folder.parent, monkeypatch)


def test_the_declared_act_takes_the_shared_words_and_pays_what_its_word_prices(duel):
    result = duel.execute("act action climb the wall --dc 0")
    assert result.line == "act ash action 'climb the wall' --dc 0"
    assert duel.state.actors["ash"].resource("action") == 0
    played = [e for e in result.events if hasattr(e, "outcome")]
    facts = dict(played[-1].outcome.results[-1].facts)
    assert (facts["spent"], facts["text"], facts["checked"], facts["dc"]) == (
        1, "climb the wall", True, 0)


def test_a_flag_not_given_reads_as_not_given(duel):
    played = [e for e in duel.execute("act 1 shout").events if hasattr(e, "outcome")]
    facts = dict(played[-1].outcome.results[-1].facts)
    assert (facts["spent"], facts["text"], facts["checked"]) == (1, "shout", False)


def test_its_refusals_change_nothing(duel):
    state = duel.state
    with pytest.raises(GmError, match="DC -1 is below 0"):
        duel.execute("act action shout --dc -1")
    assert duel.state is state
