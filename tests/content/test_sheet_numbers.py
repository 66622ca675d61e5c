"""A sheet number takes the same values wherever it is given: a content template may
hold exactly what `add --stat`/`--hp` accepts, so no template makes an actor the GM
could not make by hand (nor the other way round), and the save of either opens again."""

from __future__ import annotations

import copy
import importlib

import pytest

from shaper_gm.app import new_session
from shaper_gm.content.folders import ruleset_files
from shaper_gm.content.schema import ContentError
from shaper_gm.engine import registry
from shaper_gm.engine.limits import MAX_NUMBER
from shaper_gm.errors import GmError

RULESETS = ("dungeoneers", "timeslice", "dicepool", "reactions")
# Around every bound a ruleset might set: zero, one, a d20's faces, 30, the largest.
PROBES = (-MAX_NUMBER - 1, -MAX_NUMBER, -21, -1, 0, 1, 20, 21, 22, 30, 31, MAX_NUMBER,
          MAX_NUMBER + 1)
HP_KEYS = {"dungeoneers": None, "timeslice": "hp", "dicepool": "hp", "reactions": "health"}


def content_takes(ruleset: str, files: list, name: str, value: int) -> bool:
    """Whether the ruleset's content loads with the first creature's `name` at `value`."""
    files = copy.deepcopy(files)
    creatures = next(data for display, data in files if display.endswith("creatures.yaml"))
    first = next(iter(creatures.values()))
    held_in = nested_in(ruleset, name)
    if ruleset == "dicepool" and name not in ("ac", "hp", "speed"):
        first.setdefault("stats", {})[name] = value
    elif held_in:                       # a number held in a mapping (`speeds.ground`)
        first[held_in] = {**(first.get(held_in) or {}), name: value}
    else:
        first[name] = value
    try:
        if ruleset in registry.written_as_data():      # read as its folder is read
            data_library(ruleset, files)
        else:
            importlib.import_module(f"shaper_gm.rulesets.{ruleset}.content") \
                .build_library(files)
    except ContentError:
        return False
    return True


def nested_in(ruleset: str, name: str) -> str | None:
    """The sheet key whose mapping holds the number `name` on a ruleset written as data
    (`add --stat ground=N` sets `speeds.ground`), None for a number of its own."""
    if ruleset not in registry.written_as_data():
        return None
    from shaper_gm.rulesets.data.numbers import nested_numbers
    return nested_numbers(registry.build(ruleset).library.default_sheet).get(name)


def data_library(ruleset: str, files: list) -> None:
    """A ruleset written as data loaded from a copy of its folder holding `files`."""
    import shutil
    import tempfile
    from pathlib import Path

    from shaper_gm.content.yamlio import dump_yaml
    from shaper_gm.rulesets.data.library import load
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / ruleset
        shutil.copytree(registry.written_as_data()[ruleset], folder)
        for display, data in files:
            (folder / display.split(f"{ruleset}/", 1)[1]).write_text(dump_yaml(data))
        load(folder)


def add_takes(session, name: str, value: int, number: int) -> bool:
    flag = f"--hp {value}" if name in ("hp", "health") else f"--stat {name}={value}"
    try:
        session.execute(f"add probe{number} {flag}")
    except GmError:
        return False
    return True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_content_and_add_take_the_same_sheet_numbers(ruleset):
    files = ruleset_files(ruleset)
    session = new_session(seed=1, ruleset=ruleset)
    names = [*session.ruleset_named(ruleset).sheet_numbers, *filter(None, [HP_KEYS[ruleset]])]
    differ, count = [], 0
    for name in names:
        for value in PROBES:
            count += 1
            by_content = content_takes(ruleset, files, name, value)
            by_add = add_takes(session, name, value, count)
            if by_content != by_add:
                differ.append(f"{name}={value}: content {by_content}, add {by_add}")
    assert differ == []
