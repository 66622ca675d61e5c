"""docs/rulesets.md names every key a ruleset written as data may hold: each key of
ruleset.yaml, of an action, of each step kind, of each change, of a resource."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shaper_gm.engine import changes, declaring, vocab
from shaper_gm.rulesets.data import library

DOCS = (Path(__file__).resolve().parents[3] / "docs" / "rulesets.md").read_text()
SECTION = DOCS[DOCS.index("## A ruleset written as data"):]
# every word inside `code` (fences aside), and every `key:` of the examples
PROSE = re.sub(r"```[a-z]*", "", SECTION)
WORDS = {word for span in re.findall(r"`([^`]+)`", PROSE)
         for word in re.findall(r"[a-z_]+", span)} | set(re.findall(r"\b([a-z_]+):", SECTION))

KEYS = {
    "ruleset.yaml": set(library.RULESET),
    "a resource": set(library.RESOURCE),
    "an action": declaring.KEYS,
    "an action's flag": declaring.FLAG_KEYS,
    "an action's odds": declaring.ODDS_KEYS,
    **{f"a {kind} step": keys for kind, keys in vocab._STEP_KEYS.items()},
    "a repeat's body": vocab.REPEAT_KEYS,
    "an ask's answer": vocab.ANSWER_KEYS,
    **{f"a {kind} change": keys | {kind} for kind, keys in changes.KINDS.items()},
}


@pytest.mark.parametrize("what", sorted(KEYS))
def test_the_docs_name_every_key(what):
    missing = sorted(KEYS[what] - WORDS)
    assert missing == [], f"docs/rulesets.md does not name {what}'s keys {missing}"
