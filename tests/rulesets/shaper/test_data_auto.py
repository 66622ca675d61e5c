"""Shaper written as data beside the Python ruleset: `--auto [ID=]success|failure` (S2).
The faces decide an automatic result, so a total called out (`--roll =9`) has none
unless the GM declares it: the attacker's, or ID's evasion. Declared on faces given or
rolled, it is refused on both. The format's `declare` on a roll step with `automatic`;
the words and their checks are the fixture's (`flag.auto`, its `requires`). And
`--pierce 0` is no Pierce, not the weapon's: `has_flag.pierce` tells a flag given 0 from
one left out (S7)."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, attack, both, numbers
from tests.rulesets.twins import said

__all__ = ["both"]

SETUP = ("add josh --as josh --at B4", "add raider --as raider --at B1", "init josh raider",
         "start", "draw josh longbow")


@pytest.mark.parametrize("line, hit", [
    # 9 against 12 misses, but an automatic success always hits (S5)
    ("attack josh raider --roll =9 --auto success --evade 4,4,4 --damage 3 --defense 1",
     True),
    # 16 against 9 hits, but an automatic failure always misses
    ("attack josh raider --roll =16 --auto failure --evade 3,3,3", False),
    # the raider's evasion an automatic success: evaded (S5)
    ("attack josh raider --roll 5,5,5 --evade =6 --auto raider=success", False),
    # ... an automatic failure: hit, though its total is higher
    ("attack josh raider --roll 3,3,3 --evade =15 --auto raider=failure --damage 3 "
     "--defense 1", True),
    # no --auto: a total called out is no automatic result
    ("attack josh raider --roll =9 --evade 4,4,4", False),
])
def test_a_declared_automatic_result_decides_alike(both, line, hit):
    sessions = both(*SETUP)
    results = {rs: attack(s, s.execute(line)) for rs, s in sessions.items()}
    assert results[DATA] == results[PYTHON]
    assert results[PYTHON][2] is hit
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON])


@pytest.mark.parametrize("line, says", [
    ("attack josh raider --roll 4,4,4 --auto success --evade 3,3,3", "--auto success"),
    ("attack josh raider --roll =12 --evade 3,3,3 --auto raider=failure", "--auto failure"),
    ("attack josh raider --roll =12 --auto maybe", "--auto"),
    ("attack josh raider --roll =12 --auto bob=success", ("no actor 'bob'", "--auto")),
    ("attack josh raider --roll =12 --auto success --auto failure", "--auto"),
])
def test_a_result_declared_where_the_faces_decide_is_refused_alike(both, line, says):
    sessions = both(*SETUP)
    before = {rs: numbers(s) for rs, s in sessions.items()}
    for rs, s in sessions.items():
        with pytest.raises(GmError) as refused:
            s.execute(line)
        assert numbers(s) == before[rs], rs
        assert str(refused.value).startswith(said(says, rs, DATA)), rs


@pytest.mark.parametrize("line, defense_after", [
    # the longbow's Pierce 2 off Defense 3 + 3 (S7); --pierce 0 none: a flag given 0 is
    # not a flag left out (`has_flag.pierce`)
    ("attack josh raider --roll 4,4,4 --evade 2,2,2 --damage 3 --defense 3", 4),
    ("attack josh raider --roll 4,4,4 --evade 2,2,2 --damage 3 --defense 3 --pierce 0", 6),
    ("attack josh raider --roll 4,4,4 --evade 2,2,2 --damage 3 --defense 3 --pierce 1", 5),
])
def test_pierce_given_0_is_no_pierce_alike(both, line, defense_after):
    sessions = both(*SETUP)
    results = {rs: attack(s, s.execute(line)) for rs, s in sessions.items()}
    assert results[DATA] == results[PYTHON]
    after = [value for label, value, _ in results[PYTHON][6] if label.startswith("Defense")]
    assert after[-1] == defense_after
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON])
