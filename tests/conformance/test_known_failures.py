"""The table of known failures names real tests of this suite and registered rulesets."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

from conformance.known_failures import KNOWN
from shaper_gm.engine import registry


def suite_tests() -> dict[str, bool]:
    """Every test of the suite -> whether it runs once per ruleset."""
    found = {}
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        module = importlib.import_module(f"conformance.{path.stem}")
        for name, test in vars(module).items():
            if name.startswith("test_") and callable(test):
                found[name] = "ruleset" in inspect.signature(test).parameters
    return found


def test_every_known_failure_names_a_test_and_a_ruleset_it_runs_for():
    tests = suite_tests()
    for (name, ruleset), reason in KNOWN.items():
        assert name in tests, f"no test {name}"
        assert reason, f"{name}: say what fails"
        if tests[name]:
            assert ruleset in registry.ids(), f"{name}: no ruleset {ruleset!r}"
        else:
            assert ruleset is None, f"{name} runs once, not per ruleset"
