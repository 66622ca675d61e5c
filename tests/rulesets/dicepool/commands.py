"""Helpers for dice-pool fights driven through the command layer, as the shell runs them."""

from __future__ import annotations

import io

import pytest

from shaper_gm.commands import Session, new_session
from shaper_gm.errors import GmError
from shaper_gm.render.console import Renderer, make_console

# Freya (pool 5: STR 4 + longsword 1, CON 2, DEX 2, AC 3, 14 HP) against Barry the Guard
# (pool 4: STR 3 + halberd 1, CON 1, AC 3, 12 HP), Freya first.
DUEL = ("add freya --as freya --at A1", "add barry --as barry --at B2", "init freya barry")


def fight(*lines: str, setup: tuple[str, ...] = DUEL, start: bool = True,
          seed: int = 1) -> Session:
    session = new_session(ruleset="dicepool", seed=seed)
    for line in (*setup, *(("start",) if start else ()), *lines):
        session.execute(line)
    return session


def pool(session: Session, actor: str) -> int:
    return session.state.actors[actor].resource("pool")


def refused(session: Session, line: str, *fragments: str) -> str:
    """The line is refused with one line naming every fragment, changing nothing."""
    state, log = session.state, list(session.log)
    with pytest.raises(GmError) as caught:
        session.execute(line)
    message = caught.value.message
    assert "\n" not in message and "Traceback" not in message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert caught.value.hint, f"no hint for {line!r}"
    assert session.state is state and session.log == log
    return message


def replayed(session: Session) -> Session:
    """The session's log run again in a fresh session ends in the same state."""
    fresh = Session()
    fresh.run_lines(list(session.log))
    assert fresh.state == session.state
    assert fresh.log == session.log
    return fresh


def shown(session: Session, line: str, width: int = 100) -> str:
    """What the shell prints for `line`."""
    out = io.StringIO()
    renderer = Renderer(make_console(file=out, width=width, color_system=None),
                        ruleset_for=session.ruleset_for)
    renderer.show(session.execute(line), session.state)
    return out.getvalue()
