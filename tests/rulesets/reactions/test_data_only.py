"""reactions is its folder alone (R1-R12): no Python module or folder serves it, and no
code names its module; the engine finds it in content/reactions and plays it like any other
ruleset."""

from __future__ import annotations

import re

from shaper_gm.engine import registry
from tests.rulesets.data_only import PACKAGE, modules_naming

ID = re.compile(r"rulesets[./]reactions\b")     # "reactions" alone is a common word


def test_no_python_serves_reactions():
    assert not (PACKAGE / "rulesets" / "reactions").exists()
    assert modules_naming(ID) == []
    assert "reactions" in registry.written_as_data()
    assert registry.known()["reactions"][0] == registry.DATA
