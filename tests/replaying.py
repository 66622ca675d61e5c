"""Replay as `shaper-gm replay` does it: a fresh session that ran a session's log."""

from __future__ import annotations


def replayed(session):
    """A fresh session that ran `session`'s log; replay must give the same state."""
    from shaper_gm.commands.session import Session
    fresh = Session()
    fresh.run_lines(list(session.log))
    return fresh
