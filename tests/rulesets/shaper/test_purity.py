"""The core stays pure: no I/O, printing, global state, UI/yaml imports or `random`.

Checked with `ast` over every module of shaper_gm/engine, shaper_gm/dice,
shaper_gm/encounter and each ruleset's rules under shaper_gm/rulesets (its `views` and
`verbs` modules are the ruleset's screen and command layers, checked elsewhere).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import shaper_gm

ROOT = Path(shaper_gm.__file__).parent
PACKAGES = ("rulesets", "engine", "dice", "encounter")
# A ruleset's modules that belong to the screen or the command language, not its rules:
# views*.py and verbs*.py.
NOT_RULES = ("views", "verbs")
FORBIDDEN_MODULES = {"rich", "prompt_toolkit", "yaml", "random"}
# The rules core does no I/O at all, so it may not even import the means to.
RULES_ALSO_FORBIDDEN = {"os", "sys", "io", "pathlib", "shutil", "subprocess", "socket",
                        "tempfile", "logging", "time", "datetime", "builtins"}
FORBIDDEN_CALLS = {"print", "open", "input", "exec", "eval", "breakpoint", "__import__"}


def modules() -> list[Path]:
    found = []
    for pkg in PACKAGES:
        folder = ROOT / pkg
        if folder.is_dir():
            found.extend(p for p in sorted(folder.rglob("*.py"))
                         if not p.name.startswith(NOT_RULES))
    return found


def problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    banned = set(FORBIDDEN_MODULES)
    if path.is_relative_to(ROOT / "rulesets") or path.is_relative_to(ROOT / "engine"):
        banned |= RULES_ALSO_FORBIDDEN
    out = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            if name.split(".")[0] in banned:
                out.append(f"line {node.lineno}: imports {name}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in FORBIDDEN_CALLS:
            out.append(f"line {node.lineno}: calls {node.func.id}()")
        if isinstance(node, ast.Global | ast.Nonlocal):
            out.append(f"line {node.lineno}: global state ({', '.join(node.names)})")
    return out


def test_there_are_modules_to_check():
    assert any(p.is_relative_to(ROOT / "rulesets" / "shaper") for p in modules())
    assert any(p.is_relative_to(ROOT / "engine") for p in modules())


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_module_is_pure(path):
    assert problems(path) == []


def test_checker_catches_violations(tmp_path):
    bad = ROOT / "rulesets" / "_probe_not_a_module.py"   # never written: parse text instead
    source = ("import random\nfrom rich import print as p\nimport os.path\nX = 0\n"
              "def f():\n    global X\n    print(1)\n")
    tree_path = tmp_path / "bad.py"
    tree_path.write_text(source)
    found = problems(tree_path)
    assert any("random" in f for f in found) and any("rich" in f for f in found)
    assert any("print" in f for f in found) and any("global" in f for f in found)
    assert not bad.exists()
