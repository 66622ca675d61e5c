"""The Ruleset protocol lists every ruleset member the shared layers use, and every
shipped ruleset (and the tests' own) provides it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shaper_gm.engine import registry
from shaper_gm.engine.ruleset import Ruleset

PACKAGE = Path(__file__).resolve().parents[2] / "shaper_gm"
SHARED = ("encounter", "commands", "render", "shell", "persist", "engine")
# `rs.X`, `ctx.ruleset.X`, `self.ruleset(state).X`, `session.ruleset_for(state).X`
CALLS = re.compile(r"\b(?:rs|ctx\.ruleset|self\.ruleset\(\w+\)|ruleset_for\([^)]*\))\.([a-z_]+)")


def declared() -> set[str]:
    names = {name for name in dir(Ruleset) if not name.startswith("_")}
    return names | set(Ruleset.__annotations__)


def test_every_ruleset_call_in_the_shared_layers_is_in_the_protocol():
    used = set()
    for folder in SHARED:
        for path in (PACKAGE / folder).rglob("*.py"):
            used |= set(CALLS.findall(path.read_text(encoding="utf-8")))
    assert used, "the scan found no ruleset calls"
    assert used <= declared(), f"not in the Ruleset protocol: {sorted(used - declared())}"


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_each_ruleset_provides_the_protocol(ruleset_id):
    rs = registry.build(ruleset_id)
    missing = sorted(name for name in declared() if not hasattr(rs, name))
    assert missing == []
    assert isinstance(rs, Ruleset)
