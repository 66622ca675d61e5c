"""A defender with reactions beyond count costs an attack, and its odds, no more than the
attempts it can actually make: odds run one step per declared answer, not one per
reaction, and an attack's later attempt steps cost nothing once the defender is done."""

from __future__ import annotations

from shaper_gm.engine import steps as engine_steps
from shaper_gm.rulesets.reactions.steps import Strike
from tests.rulesets.reactions.conftest import session


def test_a_huge_reaction_count_costs_only_the_attempts_made(monkeypatch):
    counted = {"branches": 0, "options": 0}
    branches, options = engine_steps.branches, Strike.options

    def counting_branches(*args, **kwargs):
        out = branches(*args, **kwargs)
        counted["branches"] += len(out)
        return out

    def counting_options(self):
        counted["options"] += 1
        return options(self)

    monkeypatch.setattr(engine_steps, "branches", counting_branches)
    monkeypatch.setattr(Strike, "options", counting_options)
    s = session(setup=("add ann --as duellist --side party --at B2",
                       "add bo --as duellist --at C2 --stat reactions=999999",
                       "init ann bo", "start"))
    odds = s.execute("odds bo --react bo=dodge --react bo=block").view
    assert odds.reactions == ("dodge", "block") and 0 < odds.dodged < 1
    assert counted["branches"] < 200
    counted["options"] = 0
    played = s.execute("attack bo --react bo=dodge")
    assert "--react bo=dodge" in played.line
    assert counted["options"] <= 3
