"""The whole test run keeps parsed content in a folder of its own, never the user's
cache (`content/yamlcache.py`); programs the tests start inherit it."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "rulesets"


def pytest_addoption(parser) -> None:
    parser.addoption(
        "--as-data", default="", metavar="ID[,ID]",
        help="play these rulesets from their versions written as data "
             "(tests/fixtures/rulesets/ID-data), as the shipped content would after "
             "the ruleset's switch to data: how far a switch has come (a ruleset "
             "whose shipped content is written as data plays as it is)")


def pytest_configure(config) -> None:
    if "SHAPER_GM_CACHE" not in os.environ:
        os.environ["SHAPER_GM_CACHE"] = tempfile.mkdtemp(prefix="shaper-gm-cache-")
    switched = [i for i in config.getoption("--as-data").split(",") if i]
    if switched:
        os.environ["SHAPER_GM_CONTENT"] = str(_content_with_data(switched))


def _content_with_data(ruleset_ids: list[str]) -> Path:
    """A copy of the shipped content whose folder for each of `ruleset_ids` is its data
    version (a content folder with an actions.yaml plays as data, ahead of the Python
    package of its id); programs the tests start inherit it."""
    from shaper_gm.places import shipped_path
    content = Path(tempfile.mkdtemp(prefix="shaper-gm-as-data-")) / "content"
    shutil.copytree(shipped_path(), content)
    for ruleset_id in ruleset_ids:
        if not (FIXTURES / f"{ruleset_id}-data").is_dir():
            continue              # none kept: its shipped content is written as data
        shutil.rmtree(content / ruleset_id, ignore_errors=True)
        shutil.copytree(FIXTURES / f"{ruleset_id}-data", content / ruleset_id)
    return content


@pytest.fixture
def few_simulated_runs(monkeypatch):
    """Lines drawn at random may be a bare `simulate`: 1,000 whole fights, by design a
    minute's work on a demo (its cost is tests/bench's to measure). Fuzzing asks only
    that it works or refuses, so a bare `simulate` plays 10 fights here."""
    from shaper_gm.simulate import verb
    monkeypatch.setattr(verb, "DEFAULT_RUNS", 10)
