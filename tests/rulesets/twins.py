"""A ruleset and its version written as data (tests/fixtures/rulesets/ID-data), played
side by side through the same lines: the comparison tests' shared start."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from shaper_gm.app import new_session

FOLDER = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets"


def said(line, ruleset: str, data: str) -> str:
    """A line both versions read alike, or a pair (the Python version's, `data`'s; a
    ruleset played as data reads `data`'s)."""
    if isinstance(line, str):
        return line
    from shaper_gm.places import data_rulesets
    return line[ruleset == data or ruleset in data_rulesets()]


def twin_sessions(monkeypatch, python: str, data: str) -> Callable[..., dict]:
    """`start(*lines)`: a session of each version (seed 1), each line run on both."""
    monkeypatch.setenv("SHAPER_GM_RULESETS", str(FOLDER))

    def start(*lines) -> dict:
        sessions = {rs: new_session(ruleset=rs, seed=1) for rs in (python, data)}
        for line in lines:
            for rs, s in sessions.items():
                s.execute(said(line, rs, data))
        return sessions
    return start


def python_played(ruleset: str, python: str) -> bool:
    """Whether a session of `ruleset` plays `python`'s Python package: its id, and no
    content folder playing that id as data (`--as-data ID`: both twins are data, each
    read as the data version)."""
    from shaper_gm.places import data_rulesets
    return ruleset == python and python not in data_rulesets()
