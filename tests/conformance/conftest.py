"""Every test with a `ruleset` argument runs once per registered ruleset; a (test,
ruleset) pair listed in `known_failures.KNOWN` is expected to fail (strictly), so
removing its line is how a fix is recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.known_failures import KNOWN
from shaper_gm.engine import registry

HERE = Path(__file__).resolve().parent


def pytest_generate_tests(metafunc):
    if "ruleset" in metafunc.fixturenames:
        metafunc.parametrize("ruleset", registry.ids())


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE not in Path(item.path).resolve().parents:
            continue
        callspec = getattr(item, "callspec", None)
        ruleset = callspec.params.get("ruleset") if callspec else None
        reason = KNOWN.get((item.originalname, ruleset))
        if reason is not None:
            item.add_marker(pytest.mark.xfail(strict=True, reason=reason))
