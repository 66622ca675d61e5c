"""`odds` through the command layer: exact fractions (as the view holds them and as
`--json` writes them) against brute force over every d20 face; nothing is logged."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.oddsread import chance, flat, mean, values
from tests.rulesets.reactions.conftest import session
from tests.rulesets.reactions.test_odds import DUELLIST, brute_force


def odds_json(s, line: str) -> dict:
    result = s.execute(line + " --json")
    assert result.line is None                       # odds change nothing: never logged
    return json.loads(result.view.text)


def fractions(entry: dict) -> dict[int, Fraction]:
    return values(entry)


@pytest.mark.parametrize("setup, line, declared, shield, true", [
    ((), "odds bo", (), 0, False),
    ((), "odds bo --with spellblade --react bo=block", ("block",), 0, False),
    ((), "odds ann bo --react bo=block --react bo=block", ("block", "block"), 0, False),
    ((), "odds bo --with hex --react b=dodge", ("dodge",), 0, False),
    (("set bo shield=10",), "odds bo --react bo=block --react bo=dodge",
     ("block", "dodge"), 10, False),
    (("set bo shield=12",), "odds bo --type true --react bo=dodge", ("dodge",), 12, True),
])
def test_odds_fractions_match_brute_force(setup, line, declared, shield, true):
    reactions = sum(2 if r == "dodge" else 1 for r in declared)
    s = session(*setup, setup=("add ann --as duellist --side party --at B2",
                               f"add bo --as duellist --at C2 --stat reactions={reactions}",
                               "init ann bo", "start"))
    log = list(s.log)
    whole = odds_json(s, line)
    data = whole["targets"][0]
    totals, damage, lost = brute_force(declared, **DUELLIST, shield=shield, true=true)
    assert [chance(data[k]) for k in ("dodged", "blocked", "critical")] == [
        totals["dodged"], totals["blocked"], totals["critical"]]
    assert chance(data["hit"]) == 1 - totals["dodged"]
    assert fractions(data["damage"]) == damage
    assert fractions(data["health_lost"]) == lost
    assert mean(data["damage"]) == sum(k * p for k, p in damage.items())
    assert whole["reactions"] == list(declared) and data["target"] == "bo"
    assert s.log == log


def test_the_odds_view_holds_the_same_fractions():
    s = session()
    odds = s.execute("odds bo --react bo=block --react bo=block").view
    view = flat(odds)
    assert view.blocked == Fraction(279, 400) and view.critical == Fraction(1, 4)
    assert view.damage[28] == Fraction(121, 400) * Fraction(1, 4)
    assert any("block 12+ (9/20 each" in line for line in odds.assumed)


def test_odds_before_the_fight_need_the_attacker_named():
    s = session(setup=("add ann --as duellist --side party --at B2",
                       "add bo --as duellist --at C2"))
    data = odds_json(s, "odds ann bo")
    assert chance(data["targets"][0]["critical"]) == Fraction(1, 4)
    assert data["attacker"] == "ann"
