"""Verdict first (issue 22): `details brief` prints each action's verdict lines only,
`why` the last command with every roll, number and ruling, `details full` (the default,
or SHAPER_GM_DETAILS) every breakdown as it happens; none is logged or undone."""

from __future__ import annotations

import io

import pytest

from shaper_gm.errors import GmError
from shaper_gm.persist.saves import read_save
from shaper_gm.render.console import Renderer, make_console
from tests.render.test_order_fits import DEMOS, SAVES

ATTACK = ("attack josh raider --skill piercing-strike --roll 3,6,6 --evade 4,6,6 "
          "--damage 6,3 --defense 1")
HEAD = ("Josh attacks Raider with the longbow (Piercing Strike; spent 2 Major): hit, 9 HP "
        "lost (HP 18 → 9)")


def screen(details: str | None = None):
    session = read_save(SAVES / DEMOS["shaper"])
    out = io.StringIO()
    renderer = Renderer(make_console(out, width=100), ruleset_for=session.ruleset_for,
                        details=details)

    def shown(line: str) -> str:
        out.seek(0), out.truncate()
        renderer.show(session.execute(line), session.state)
        return out.getvalue()
    shown("draw josh longbow")
    return session, shown


def test_brief_prints_the_verdict_and_why_prints_the_rest():
    session, shown = screen()
    assert "Breakdowns: the verdict lines only" in shown("details brief")
    brief = shown(ATTACK)
    assert HEAD in brief and "evasion" not in brief and "S7" not in brief
    assert all(not line.startswith(" ") for line in brief.splitlines())
    logged = list(session.log)
    full = shown("why")
    assert full.startswith("Why: " + ATTACK[:40])
    assert HEAD in full and "hit      16 ≥ 16 (S5); margin 0" in full
    assert "Defense after Pierce 5" in full
    assert list(session.log) == logged                           # not logged
    shown("details full")
    assert "Defense after Pierce 2" in shown("attack josh raider --roll 3,3,3 "
                                             "--evade 1,1,1 --damage 1 --defense 6")


def test_the_default_comes_from_the_gms_setting(monkeypatch):
    monkeypatch.setenv("SHAPER_GM_DETAILS", "brief")
    _, shown = screen()
    assert "evasion" not in shown(ATTACK)
    monkeypatch.setenv("SHAPER_GM_DETAILS", "loud")               # not a setting: full
    _, shown = screen()
    assert "evasion" in shown(ATTACK)


def test_why_and_details_refuse_what_they_cannot_do():
    _, shown = screen()
    with pytest.raises(GmError, match=r"details takes brief or full"):
        shown("details loud")
    session = read_save(SAVES / DEMOS["shaper"])
    session.history.clear()
    with pytest.raises(GmError, match=r"nothing has happened yet to explain"):
        session.execute("why")
