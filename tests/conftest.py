"""The whole test run keeps parsed content in a folder of its own, never the user's
cache (`content/yamlcache.py`); programs the tests start inherit it."""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config) -> None:
    if "SHAPER_GM_CACHE" not in os.environ:
        os.environ["SHAPER_GM_CACHE"] = tempfile.mkdtemp(prefix="shaper-gm-cache-")


@pytest.fixture
def few_simulated_runs(monkeypatch):
    """Lines drawn at random may be a bare `simulate`: 1,000 whole fights, by design a
    minute's work on a demo (its cost is tests/bench's to measure). Fuzzing asks only
    that it works or refuses, so a bare `simulate` plays 10 fights here."""
    from shaper_gm.simulate import verb
    monkeypatch.setattr(verb, "DEFAULT_RUNS", 10)
