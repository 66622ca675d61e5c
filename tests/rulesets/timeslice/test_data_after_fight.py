"""An action written as data with `after_fight: true` (docs/rulesets.md, actions.yaml):
the time slices' tend may still be taken once the fight is over, checked as it
is and paying nothing (T14: the dying are tended after the fight)."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.errors import GmError

FIGHT = ("add kara --as kara --at B2", "add ida --as ida --at A3",
         "add ren --as ren --at J9", "add guard --as guard --at C2",
         "init --roll kara=6,3 --roll ida=7,1 --roll ren=0,0 --roll guard=5,5", "start",
         "damage kara 20", "damage guard 20")


@pytest.fixture
def over(monkeypatch):
    """Kara dying, the guard dead: the fight is over, the party's."""
    s = new_session(ruleset="timeslice", seed=1)
    for line in FIGHT:
        s.execute(line)
    assert s.state.over is not None
    return s


def test_after_the_fight_the_dying_are_tended_for_nothing(over):
    ts_before = dict(over.state.actors["ida"].resources)["ts"]
    over.execute("tend ida kara")
    kara = over.state.actors["kara"]
    assert [e.name for e in kara.effects] == ["unconscious"]
    assert dict(over.state.actors["ida"].resources)["ts"] == ts_before


def test_after_the_fight_tend_is_still_checked_as_it_is(over):
    """Ren carries no medical kit and stands far off: refused, and nothing changes."""
    before = over.state
    with pytest.raises(GmError, match="Ren has no medical-kit to tend with"):
        over.execute("tend ren kara")
    assert over.state == before


def test_after_the_fight_an_action_without_it_is_refused(over):
    with pytest.raises(GmError, match="fight is over"):
        over.execute("attack ida kara")
