"""Shaper's concepts live in Shaper's folder: the engine and every shared layer speak of
resources, actions, steps and modifiers, never of Shaper's own terms.

A ruleset's folder owns its words (Dungeoneers has a finesse score and a pierce check
of its own, from its source), so only the shared layers are scanned, every line of them,
code, strings and comments alike.
"""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "shaper_gm"
SHAPER_TERMS = ("vigor", "finesse", "mentality", "evasion", "pierce", "major", "minor",
                "sp", "engagement", "engagements", "engaged", "edge", "pressured",
                "advantage", "disadvantage")
PATTERN = re.compile(r"\b(" + "|".join(SHAPER_TERMS) + r")\b", re.IGNORECASE)


def shared_modules() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py"))
            if p.relative_to(PACKAGE).parts[0] != "rulesets"]


def offences(text: str) -> list[str]:
    return [f"line {n}: {m.group(0)!r}" for n, line in enumerate(text.splitlines(), 1)
            for m in PATTERN.finditer(line)]


def test_the_scan_sees_the_shared_layers():
    layers = {p.relative_to(PACKAGE).parts[0] for p in shared_modules()}
    assert {"engine", "dice", "commands", "render", "persist", "shell", "content"} <= layers


def test_the_pattern_catches_what_it_names():
    assert offences("cost = {'Major': 1}  # pays SP\nengaged = edge") == [
        "line 1: 'Major'", "line 1: 'SP'", "line 2: 'engaged'", "line 2: 'edge'"]
    assert offences("spend, edges, disengage, majority, sparse") == []


def test_no_shared_module_names_a_shaper_concept():
    found = {p.relative_to(PACKAGE).as_posix(): offences(p.read_text(encoding="utf-8"))
             for p in shared_modules()}
    assert {path: lines for path, lines in found.items() if lines} == {}
