"""Fixtures for the shell: real sessions on the source's battle, and a scratch home."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session

BATTLE = ("add josh --as josh --at B4", "add monica --as monica --at C5",
          "add taylor --as taylor --at C5", "add raider --as raider --side enemies --at B1",
          "add crossbowman --as crossbowman --side enemies --at E2",
          "add reaver --as reaver --side enemies --at B2",
          "init josh raider monica crossbowman taylor reaver")


@pytest.fixture(autouse=True)
def scratch_home(tmp_path, monkeypatch):
    """History and saves go to tmp_path, never to the developer's home."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SHAPER_GM_SAVES", str(tmp_path / "saves"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def party():
    """Josh alone, before the fight starts."""
    session = new_session(seed=7)
    session.execute("add josh --as josh --at B4")
    return session


@pytest.fixture
def battle():
    """The source's battle, round 1, Josh acting."""
    session = new_session(seed=7)
    for line in (*BATTLE, "start"):
        session.execute(line)
    return session
