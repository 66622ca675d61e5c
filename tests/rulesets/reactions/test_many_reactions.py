"""A defender with reactions beyond count costs an attack, and its odds, no more than the
attempts it can actually make: odds run one step per declared answer, not one per
reaction, and an attack's later attempt steps cost nothing once the defender is done."""

from __future__ import annotations

from shaper_gm.rulesets.reactions.steps import Strike
from tests.oddsread import flat
from tests.rulesets.reactions.conftest import session
from tests.rulesets.work import Work


def test_a_huge_reaction_count_costs_only_the_attempts_made(monkeypatch):
    work, asked = Work(monkeypatch), []
    options = Strike.options
    monkeypatch.setattr(Strike, "options", lambda self: asked.append(1) or options(self))
    s = session(setup=("add ann --as duellist --side party --at B2",
                       "add bo --as duellist --at C2 --stat reactions=999999",
                       "init ann bo", "start"))
    odds = flat(s.execute("odds bo --react bo=dodge --react bo=block").view)
    assert odds.reactions == ("dodge", "block") and 0 < odds.dodged < 1
    assert work.branches < 200
    asked.clear()
    played = s.execute("attack bo --react bo=dodge")
    assert "--react bo=dodge" in played.line
    assert len(asked) <= 3
