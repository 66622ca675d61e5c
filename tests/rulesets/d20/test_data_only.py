"""d20 is its folder alone (G1): no Python module or folder serves it, and no code names
it; the engine finds it in content/d20 and plays it like any other ruleset."""

from __future__ import annotations

import re

from shaper_gm.engine import registry
from tests.rulesets.data_only import PACKAGE, modules_naming

ID = re.compile(r"\bd20\b")


def test_no_python_serves_d20():
    assert not (PACKAGE / "rulesets" / "d20").exists()
    assert modules_naming(ID) == []
    assert "d20" in registry.written_as_data()
    assert registry.known()["d20"][0] == registry.DATA
