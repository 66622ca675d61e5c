"""S18 action economy: Major, Minor and Free as engine resources, a lesser kind paid by
a greater one, paid by the engine's payer rules and refused in Shaper's words; played
through commands, whichever version plays `shaper`."""

import pytest

from shaper_gm.app import new_session
from shaper_gm.engine import resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.errors import GmError
from tests.encounter.conftest import payments, pool
from tests.rulesets.shaper.conftest import battle


def paid(session, *lines):
    """The kind that paid each line's action, in order."""
    return [payments(session.execute(line))[0][1][0][0] for line in lines]


def zed_in_hand():
    """Zed with a longsword and a shield in hand, and a Minion (S21), to act first."""
    s = new_session(seed=1234)
    for line in ("add zed --shield --weapon longsword --holding longsword --holding shield "
                 "--at B4 --side party", "add minion --as minion --at B4 --side party",
                 "add raider --as raider --at B1", "init zed minion raider", "start"):
        s.execute(line)
    return s


def test_pool_from_numbers_and_own_pool():
    s = zed_in_hand()
    assert pool(s.state.actors["zed"]) == {"major": 3, "minor": 1, "free": 1}
    s.execute("end")                            # the Minion's own pool (S21)
    assert pool(s.state.actors["minion"]) == {"major": 1, "minor": 1, "free": 0}


def test_minor_still_works_after_three_majors():
    s = battle()
    assert paid(s, "move josh B3", "move josh B4", "move josh B3", "draw josh longbow") == [
        "major", "major", "major", "minor"]
    assert pool(s.state.actors["josh"]) == {"major": 0, "minor": 0, "free": 1}


def test_free_paid_by_minor_then_major():
    s = zed_in_hand()
    assert paid(s, "drop zed longsword", "drop zed shield") == ["free", "minor"]
    s.execute("pickup zed longsword")           # beside it: a Minor, here paid by a Major
    s.execute("set zed major=3")
    assert paid(s, "drop zed longsword") == ["major"]
    assert pool(s.state.actors["zed"]) == {"major": 2, "minor": 0, "free": 0}
    s = battle("set josh minor=1")
    assert paid(s, "draw josh longbow", "sheathe josh longbow") == ["minor", "major"]


def test_fourth_major_refused_naming_s18():
    s = battle("move josh B3", "move josh B4", "move josh B3")
    with pytest.raises(GmError) as err:
        s.execute("move josh B4")
    assert err.value.message == "no Major action left (S18): Josh has spent 3 of 3 Major"
    assert "end" in err.value.hint


def test_minor_refused_when_no_minor_and_no_major():
    s = battle("set josh major=0 minor=0")
    with pytest.raises(GmError, match=r"no Minor action left.*\(S18\)"):
        s.execute("draw josh longbow")
    # a kind the ruleset has no resource for: the engine's payer refuses it, given the
    # resources the session's ruleset declares (no command pays an unknown kind)
    specs = s.ruleset_for(s.state).resources
    with pytest.raises(RuleViolation, match="which this ruleset does not track"):
        resources.pay(specs, s.state.actors["josh"].resource_map(), {"bonus": 1},
                      action="bonus", who="Josh", on_turn=True)
