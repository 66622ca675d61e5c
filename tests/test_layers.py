"""Imports run one way between the package's layers, and no ruleset imports another."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "shaper_gm"
# Lowest first: a layer may import only layers before it.
LAYERS = ["errors", "words", "interrupts", "records", "files", "nesting", "places", "dice",
          "engine", "content", "encounter", "commands", "render", "rulesets", "persist", "view",
          "party", "simulate", "app", "shell", "arguments", "cli", "__main__", "__init__"]


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "shaper_gm" and len(parts) > 1 else None


def imports() -> set[tuple[str, str, str]]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        source = rel.parts[0].removesuffix(".py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                target = layer_of(name)
                if target and target != source:
                    found.add((source, target, rel.as_posix()))
    return found


def test_every_layer_imports_only_the_layers_below_it():
    upward = {(s, t, f) for s, t, f in imports() if LAYERS.index(t) > LAYERS.index(s)}
    assert upward == set()


def test_one_ruleset_never_imports_another():
    for path in (PACKAGE / "rulesets").rglob("*.py"):
        own = path.relative_to(PACKAGE / "rulesets").parts[0]
        text = path.read_text(encoding="utf-8")
        others = set(re.findall(r"shaper_gm\.rulesets\.(\w+)", text)) - {own}
        assert not others, f"{path} imports {others}"
