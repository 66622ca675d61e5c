"""The Ruleset protocol lists every ruleset method the encounter and commands call."""

from __future__ import annotations

import re
from pathlib import Path

from shaper_gm.rules.ruleset import Ruleset

PACKAGE = Path(__file__).resolve().parents[3] / "shaper_gm"
CALLS = re.compile(r"\b(?:rs|ctx\.ruleset)\.([a-z_]+)")


def test_every_ruleset_call_outside_rules_is_in_the_protocol():
    used = set()
    for folder in ("encounter", "commands"):
        for path in (PACKAGE / folder).rglob("*.py"):
            used |= set(CALLS.findall(path.read_text(encoding="utf-8")))
    declared = {name for name in dir(Ruleset) if not name.startswith("_")}
    declared |= set(Ruleset.__annotations__)
    assert used, "the scan found no ruleset calls"
    assert used <= declared, f"not in the Ruleset protocol: {sorted(used - declared)}"
