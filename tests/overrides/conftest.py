"""Sessions for the GM's overrides, one per ruleset: the shipped demo set up and started.

`demo(ruleset)` runs the demo script's lines (comments and views left out); `refuse`
(the encounter tests' own) checks a refusal is one line that says why and what to do
and changes nothing, redo history included.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from encounter.conftest import refuse  # noqa: F401 - the overrides' tests use it too

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session

SAVES = Path(__file__).resolve().parents[2] / "saves"
RULESETS = ("shaper", "dungeoneers", "timeslice", "dicepool", "reactions")
VIEWS = ("order", "show", "map", "log", "help", "odds")

# The source's 3-vs-3 battle (the Shaper demo's layout), started: Josh to act.
SHAPER_SETUP = (
    "new --seed 1234",
    "add josh --as josh --side party --at B4",
    "add monica --as monica --side party --at C5",
    "add taylor --as taylor --side party --at C5",
    "add raider --as raider --side enemies --at B1",
    "add crossbowman --as crossbowman --side enemies --at E2",
    "add reaver --as reaver --side enemies --at B2",
    "init josh monica raider taylor crossbowman reaver",
    "start",
)


def demo_lines(ruleset: str) -> list[str]:
    if ruleset == "shaper":
        return list(SHAPER_SETUP)
    text = (SAVES / f"{ruleset}-demo.txt").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")
            and line.split()[0] not in VIEWS]


def session_of(*lines: str) -> Session:
    session = new_session(seed=1234)
    for line in lines:
        session.execute(line)
    return session


@pytest.fixture
def demo():
    def make(ruleset: str, *more: str) -> Session:
        return session_of(*demo_lines(ruleset), *more)
    return make


def replayed(session: Session) -> Session:
    """A fresh session that ran `session`'s log as replay does."""
    fresh = new_session(seed=1234)
    fresh.run_lines(list(session.log))
    return fresh


def screen(session: Session, line: str, width: int = 100) -> str:
    """Run `line` and return what the shell prints for it, as plain text."""
    import io

    from rich.console import Console

    from shaper_gm.render import Renderer

    console = Console(file=io.StringIO(), width=width, color_system=None,
                      force_terminal=False)
    result = session.execute(line)
    Renderer(console, ruleset_for=session.ruleset_for).show(result, session.state)
    return console.file.getvalue()


def as_data() -> bool:
    """Whether Shaper plays from its version written as data (`--as-data shaper`)."""
    from shaper_gm.places import data_rulesets
    return "shaper" in data_rulesets()


def swing(result):
    """The Shaper attack among a command's events, from whichever version plays it (the
    encounter tests' attack_outcome: the Python Swing, or the data version's final facts
    read in its words), each target's margin (S6) and its evasion's automatic result
    (S2) read from the facts too."""
    from encounter.conftest import DataSwing, attack_outcome

    found = attack_outcome(result)
    if isinstance(found, DataSwing):
        facts = [r.facts for r in found.outcome.results if "attack_total" in r.facts]
        for target, its in zip(found.targets, facts, strict=True):
            target.margin = its["margin"]
            target.evasion.automatic = its["evade_auto"] or None
    return found


def recap(session: Session) -> str:
    from shaper_gm.render.recap import recap_markdown

    return recap_markdown(session.history, session.state)     # as `export` writes it
