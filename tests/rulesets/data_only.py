"""What tells that no Python serves a ruleset written as data: no folder of its own in
the package, and no module's code naming it (docstrings may cite its rulings)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import shaper_gm

PACKAGE = Path(shaper_gm.__file__).resolve().parent


def strings_in_code(path: Path) -> list[str]:
    """The string constants of a module's code, docstrings aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


def modules_naming(pattern: re.Pattern[str]) -> list[str]:
    """The package's modules whose code has a string `pattern` finds, by path."""
    return sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                  if any(pattern.search(text) for text in strings_in_code(path)))
