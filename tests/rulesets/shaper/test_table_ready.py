"""What a GM at a live table needs from Shaper (issue 22): mixed payment of skills,
item handling on the battlefield, free hands for spells, creation limits, the words of
results, attacks on allies, effects and GM overrides. Numbers worked from the rulings."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session
from shaper_gm.errors import GmError
from shaper_gm.render.text import describe_events

# The source's 3-vs-3 battle, started: Josh to act.
SETUP = ("add josh --as josh --side party --at B4",
         "add monica --as monica --side party --at C5",
         "add taylor --as taylor --side party --at C5",
         "add raider --as raider --side enemies --at B1",
         "add crossbowman --as crossbowman --side enemies --at E2",
         "add reaver --as reaver --side enemies --at B2",
         "init josh monica raider taylor crossbowman reaver", "start")


def session(*lines: str) -> Session:
    s = new_session(seed=1234)
    for line in (*SETUP, *lines):
        s.execute(line)
    return s


def replayed(s: Session) -> Session:
    fresh = Session()
    fresh.run_lines(list(s.log))
    return fresh


def lines(s: Session, command: str) -> list[str]:
    result = s.execute(command)
    return describe_events(result.events, {a.id: a.name for a in s.state.actors.values()})


# --- 1. a skill paid with any mix of Major actions and SP (S18, S23) -------------------

def test_a_skill_can_be_paid_with_sp_beside_others_paid_with_majors():
    """Josh (3 Major, 1 SP) spends a Major, then attacks with two skills: the attack and
    each skill cost a Major (S19, S23), 3 in all, and he has 2 left. Refused whole, with
    what it costs and what he has; then Piercing Strike paid with his 1 SP: 1 Major for
    the attack + 1 for Longshot = 2 Major, and 1 SP."""
    s = session("draw longbow", "act major aims")
    with pytest.raises(GmError) as refused:
        s.execute("attack raider --skill piercing-strike --skill longshot")
    text = str(refused.value)
    assert "costs 3 Major" in text and "has 2 Major" in text and "spent 3 of 3" not in text
    assert "--skill longshot:sp" in text
    out = lines(s, "attack raider --skill piercing-strike:sp --skill longshot "
                   "--roll 4,4,4 --evade 1,1,1 --damage 1,1,1 --defense 1")
    assert "Josh uses Piercing Strike (1 SP)" in out and "Josh uses Longshot (Major)" in out
    josh = s.state.actors["josh"]
    assert (josh.resource("major"), josh.resource("sp")) == (0, 0)
    assert "--skill piercing-strike:sp --skill longshot" in s.log[-1]
    assert replayed(s).state == s.state
