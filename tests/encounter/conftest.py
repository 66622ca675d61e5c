"""Fixtures for the live encounter engine: sessions on the shipped content, refusal checks."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session
from shaper_gm.errors import GmError
from shaper_gm.rulesets.shaper.content.loader import load_library

# The source's 3-vs-3 battle on the 5x5 grid (context: the demo layout).
BATTLE_SETUP = (
    "add josh --as josh --side party --at B4",
    "add monica --as monica --side party --at C5",
    "add taylor --as taylor --side party --at C5",
    "add raider --as raider --side enemies --at B1",
    "add crossbowman --as crossbowman --side enemies --at E2",
    "add reaver --as reaver --side enemies --at B2",
    "init josh monica raider taylor crossbowman reaver",
)


@pytest.fixture(scope="session")
def library():
    """The Python ruleset's library of the shipped content; None (the content folder
    itself) when a version written as data plays `shaper` (`--as-data shaper`)."""
    from shaper_gm.places import data_rulesets
    return None if "shaper" in data_rulesets() else load_library()


@pytest.fixture
def make_session(library):
    """A fresh session (`new --seed N`), optionally running some lines first."""
    def make(*lines: str, seed: int = 1234) -> Session:
        session = new_session(library=library, seed=seed)
        for line in lines:
            session.execute(line)
        return session
    return make


@pytest.fixture
def battle(make_session):
    """The source's battle set up and started: Josh's turn, round 1."""
    return make_session(*BATTLE_SETUP, "start")


def fresh(library) -> Session:
    return Session(content=library)


def refuse(session: Session, line: str, *fragments: str) -> GmError:
    """Run a line that must be refused: the message names each fragment, is one line, and
    the session's state and log are exactly as before."""
    state, log = session.state, list(session.log)
    future = list(session.future)
    with pytest.raises(GmError) as info:
        session.execute(line)
    error = info.value
    text = str(error)
    for fragment in fragments:
        assert fragment in text, f"{fragment!r} not in {text!r}"
    assert "\n" not in text
    assert error.message and error.hint, f"a refusal says why and what to do: {text!r}"
    assert session.state is state
    assert session.log == log
    assert session.future == future
    return error


def attack_outcome(result):
    """The attack outcome (Shaper: the played Swing) among a command's events."""
    from shaper_gm.rulesets.shaper.events import AttackResolved
    found = [e for e in result.events if isinstance(e, AttackResolved)]
    assert len(found) == 1, result.events
    return found[0].outcome


def events_of(result, kind):
    return [e for e in result.events if isinstance(e, kind)]
