"""A real session of the source's battle, and plain consoles to render it on.

Snapshots live in tests/render/snapshots/*.txt; run with UPDATE_SNAPSHOTS=1 to rewrite
them (then read the diff: every number in them was checked by hand).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from rich.console import Console

from shaper_gm.app import new_session
from shaper_gm.render import Renderer

SNAPSHOTS = Path(__file__).parent / "snapshots"

# The demo layout (context.md): josh B4, monica C5, taylor C5, raider B1, crossbowman E2,
# reaver B2; round 1 ends with raider and reaver engaged with monica in B3.
SETUP = [
    "add josh --as josh --side party --at B4",
    "add monica --as monica --side party --at C5",
    "add taylor --as taylor --side party --at C5",
    "add raider --as raider --side enemies --at B1",
    "add crossbowman --as crossbowman --side enemies --at E2",
    "add reaver --as reaver --side enemies --at B2",
    "init josh monica taylor raider crossbowman reaver",
    "start",
]
ROUND_1 = [
    "draw longbow",
    "attack raider --roll 4,5,5 --evade 2,3,3 --damage 3 --defense 6",
    "end",
    "draw longsword",
    "move B3",
    "end",
    "cast energy-shield",
    "cast minion",
    "end",
    "move B3",
    "engage monica",
    "end",
    "end",
    "move B3",
    "engage monica",
    "end",
]


def plain_console(width: int = 80) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)


def output(console: Console) -> str:
    return console.file.getvalue()


@pytest.fixture
def session():
    s = new_session(seed=1)
    for line in SETUP:
        s.execute(line)
    return s


@pytest.fixture
def battle(session):
    """The session at the start of round 2 (Josh's turn), melee in B3."""
    for line in ROUND_1:
        session.execute(line)
    return session


@pytest.fixture
def render():
    """render(result, state) -> the text a Renderer prints on an 80-column plain console."""
    def run(result, state, **options) -> str:
        console = plain_console()
        Renderer(console, **options).show(result, state)
        return output(console)
    return run


@pytest.fixture
def snapshot():
    def check(name: str, text: str) -> None:
        path = SNAPSHOTS / f"{name}.txt"
        if os.environ.get("UPDATE_SNAPSHOTS") == "1":
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        assert path.exists(), f"no snapshot {path.name}; run with UPDATE_SNAPSHOTS=1"
        assert text == path.read_text(encoding="utf-8")
    return check
