"""reactions is its folder alone (R1-R12): no Python module or folder serves it, and no
code names its module; the engine finds it in content/reactions and plays it like any other
ruleset."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import shaper_gm
from shaper_gm.engine import registry

PACKAGE = Path(shaper_gm.__file__).resolve().parent
ID = re.compile(r"rulesets[./]reactions\b")     # "reactions" alone is a common word


def strings_in_code(path: Path) -> list[str]:
    """The string constants of a module's code: docstrings aside (they may cite R-rulings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


def test_no_python_serves_reactions():
    assert not (PACKAGE / "rulesets" / "reactions").exists()
    named = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                   if any(ID.search(text) for text in strings_in_code(path)))
    assert named == []
    assert "reactions" in registry.written_as_data()
    assert registry.known()["reactions"][0] == registry.DATA
