"""docs/rulesets.md names every key a ruleset written as data may hold: each key of
ruleset.yaml, of an action, of each step kind, of each change, of a resource."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shaper_gm.engine import asking, changes, declaring, odds_spec, vocab
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
    "an action's odds": odds_spec.ODDS_KEYS,
    **{f"a {kind} step": keys for kind, keys in vocab._STEP_KEYS.items()},
    "a repeat's body": vocab.REPEAT_KEYS,
    "an ask's answer": asking.ANSWER_KEYS,
    **{f"a {kind} change": keys | {kind} for kind, keys in changes.KINDS.items()},
}


@pytest.mark.parametrize("what", sorted(KEYS))
def test_the_docs_name_every_key(what):
    missing = sorted(KEYS[what] - WORDS)
    assert missing == [], f"docs/rulesets.md does not name {what}'s keys {missing}"


def test_the_docs_repeat_example_compiles_and_plays_as_written():
    import yaml

    from shaper_gm.dice import GivenFaces
    from shaper_gm.engine.decisions import Decisions
    from shaper_gm.engine.steps import PlayTape, play
    steps_at = SECTION.index("**Steps**")
    start = SECTION.index("```yaml", steps_at) + len("```yaml")
    steps = yaml.safe_load(SECTION[start:SECTION.index("```", start)])
    repeat = vocab.compile_steps(steps[-2:], ("reactions", "target"), keep=("left", "done"))
    tape = PlayTape(lambda slot, i, who: GivenFaces([(4, 13)[i]]),
                    Decisions(declared=[("bo", "block"), ("bo", "block")]))
    played = play(repeat, vocab.Facts({"reactions": 2, "target": "bo"}), tape)
    assert (played["left"], played["done"]) == (0, True)      # --block 4,13: one per round
