"""A verb's help written as data states the content's numbers: an action's summary reads
`{rules.NAME}` (docs/rulesets.md, actions.yaml), so a GM who changes a cost or a
distance in the time slices' ruleset.yaml reads the changed number in `help`."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from shaper_gm.app import new_session
from shaper_gm.commands import build_registry

FOLDER = Path(__file__).resolve().parents[3] / "content" / "timeslice"


def summary(tmp_path, monkeypatch, verb: str, **numbers) -> str:
    """`help VERB`'s summary over a copy of the shipped content with those numbers of ruleset.yaml
    rewritten (`  attack_cost: 3`, or a top key, `diagonal_size: 1`)."""
    copy = tmp_path / "timeslice-help"
    shutil.copytree(FOLDER, copy)
    text = (copy / "ruleset.yaml").read_text(encoding="utf-8")
    for key, value in numbers.items():
        text, count = re.subn(rf"^(  )?{key}: \d+", rf"\g<1>{key}: {value}", text, flags=re.M)
        assert count == 1, key
    (copy / "ruleset.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(tmp_path))
    session = new_session(ruleset=copy.name)
    return build_registry(session.ruleset_for(session.state)).verbs[verb].summary


CASES = [
    ("attack", {"attack_cost": 4}, "attack (4 TS): a [V] roll"),
    ("move", {"move_cost": 5, "move_units": 3, "diagonal_size": 2},
     "5 TS per move of up to 3 units (diagonals count 2)"),
    ("tend", {"tend_cost": 6}, "with a medical kit (6 TS; free once"),
    ("draw", {"draw_cost": 7, "pick_up_cost": 8},
     "draw a carried weapon (7 TS), or pick a dropped one up (8 TS)"),
]


@pytest.mark.parametrize(("verb", "numbers", "said"), CASES, ids=[c[0] for c in CASES])
def test_help_states_the_contents_numbers(tmp_path, monkeypatch, verb, numbers, said):
    assert said in summary(tmp_path, monkeypatch, verb, **numbers)


SHIPPED = {
    "attack": "attack (3 TS): a [V] roll against the defender's roll; only higher hits",
    "move": "move to a unit: 2 TS per move of up to 2 units (diagonals count 1), or of its "
            "speed in a movement mode",
    "tend": "tend a dying character with a medical kit (3 TS; free once the fight is over): "
            "it stops dying",
    "draw": "draw a carried weapon (1 TS), or pick a dropped one up (2 TS)",
}


@pytest.mark.parametrize("verb", SHIPPED)
def test_help_with_the_shipped_numbers_reads_as_before(tmp_path, monkeypatch, verb):
    assert summary(tmp_path, monkeypatch, verb) == SHIPPED[verb]
