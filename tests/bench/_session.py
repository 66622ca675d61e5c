"""Building long sessions for the benchmarks (not collected by pytest)."""

from __future__ import annotations

from shaper_gm.app import new_session

SETUP = ["add josh --as josh --at B4", "add raider --as raider --at B4",
         "add monica --as monica --at B4", "init josh raider monica", "start",
         "draw longbow"]
CYCLE = ["damage raider 1 --direct", "heal raider 1", "end", "end", "end"]


def long_session(length: int, seed: int = 1):
    """A session whose log holds `length` entries: a real fight's setup, then GM turns."""
    session = new_session(seed=seed)
    for line in SETUP:
        session.execute(line)
    while len(session.log) < length:
        for line in CYCLE:
            if len(session.log) >= length:
                break
            session.execute(line)
    return session
