"""A defender with reactions beyond count costs an attack, and its odds, no more than the
attempts it can actually make: odds run one step per declared answer, not one per
reaction, and an attack's later attempt steps cost nothing once the defender is done."""

from __future__ import annotations

from shaper_gm.engine import decisions
from tests.oddsread import flat
from tests.rulesets.reactions.conftest import session
from tests.rulesets.work import Work


def duel(reactions: int):
    return session(setup=("add ann --as duellist --side party --at B2",
                          f"add bo --as duellist --at C2 --stat reactions={reactions}",
                          "init ann bo", "start"))


def test_a_huge_reaction_count_costs_only_the_attempts_made(monkeypatch):
    work, asked = Work(monkeypatch), []
    made = decisions.Ask            # each ask of the attack's ask step makes one Ask;

    def ask(*args, **kwargs):       # one played (not weighed exactly) has its prompt
        out = made(*args, **kwargs)
        asked.extend([1] if out.prompt else [])
        return out
    monkeypatch.setattr(decisions, "Ask", ask)
    duel(3).execute("odds bo --react bo=dodge --react bo=block")
    few = work.branches                       # the same answers with just enough to pay
    work.reset()
    s = duel(999999)
    odds = flat(s.execute("odds bo --react bo=dodge --react bo=block").view)
    assert odds.reactions == ("dodge", "block") and 0 < odds.dodged < 1
    # no more work than with 3 reactions; the declared steps weigh each note and set
    # on each outcome (about 290 branches here, where the Python steps took under 200)
    assert work.branches == few and work.branches < 300
    asked.clear()
    played = s.execute("attack bo --react bo=dodge")
    assert "--react bo=dodge" in played.line
    assert len(asked) <= 3
