"""Shaper written as data beside the Python ruleset: an attack on several targets
(Overswing: every enemy engaged with the attacker, or those the GM names), one attack
roll, an evasion roll a target, one damage roll whose critical die counts for the
critical targets alone (S6), each target's Defense (S7). The format's `spread` (who a
named target brings along) and `together` step (every target's verdict before the
damage roll) play it."""

from __future__ import annotations

import pytest

from shaper_gm.errors import GmError
from tests.replaying import replayed
from tests.rulesets.shaper.test_data_examples import DATA, PYTHON, both, numbers
from tests.rulesets.twins import python_played

__all__ = ["both"]

# Monica (Overswing, Power Strike, Vigor 1, a longsword 1d6+3) engaged with the raider
# (no armor) and the reaver (tier 1 armor, 1d6); Josh on her side, in the zone.
CROWD = ("add raider --as raider --at B2", "add reaver --as reaver --at B2",
         "add monica --as monica --at B2", "add josh --as josh --at B2",
         "init raider reaver monica josh", "start", "engage raider monica", "end",
         "engage reaver monica", "end", "draw monica longsword")


def struck(s, result) -> list[tuple]:
    """Each target's id, attack and evasion totals, hit, critical, damage, Defense and
    HP lost, in the order the attack took them (S5-S7)."""
    if python_played(s.state.ruleset, PYTHON):
        from shaper_gm.rulesets.shaper.events import AttackResolved
        swing = next(e for e in result.events if isinstance(e, AttackResolved)).outcome
        out = []
        for i, aimed in enumerate(swing.aimed):
            done = swing.results[i] if swing.results else None
            out.append((aimed.id, swing.attack.total, swing.evasions[i].total, swing.hits[i],
                        swing.crits[i], done.damage if done else 0,
                        done.defense if done else 0, done.hp_lost if done else 0))
        return out
    from shaper_gm.engine.events import Played
    played = next(e for e in result.events if isinstance(e, Played)).outcome
    return [(r.target, r.facts["attack_total"], r.facts["evade_total"], r.facts["hit"],
             r.facts["crit"], r.facts["damage_total"], r.facts["defense"], r.facts["lost"])
            for r in played.results]


def played_alike(sessions, line: str):
    """The line on both: its targets' results, or refused by both (nothing changed)."""
    results = {}
    for rs, s in sessions.items():
        before = s.state
        try:
            results[rs] = struck(s, s.execute(line))
        except GmError:
            results[rs] = "refused"
            assert s.state == before
    assert results[DATA] == results[PYTHON], line
    assert numbers(sessions[DATA]) == numbers(sessions[PYTHON]), line
    return results[PYTHON]


@pytest.mark.parametrize("line, expected", [
    # 18 + 1 against 4 (critical, margin 14) and 12 (a hit, 6): one damage roll, 4 + 3 + 1
    # Vigor + 1 Overswing = 9, its critical die 5 for the raider alone: 14 against its
    # Defense 2 + 3 (tier 2 armor); 9 against the reaver's 1 (tier 1)
    ("attack monica raider --skill overswing --roll 6,6,5 --evade 1,1,2 --evade 4,4,4 "
     "--damage 4,5 --defense 2 --defense 1",
     [("raider", 18, 4, True, True, 14, 5, 9), ("reaver", 18, 12, True, False, 9, 1, 8)]),
    # both critical: the critical die in the one damage roll
    ("attack monica raider --skill overswing --roll 6,6,5 --evade 1,1,2 --evade 1,1,3 "
     "--damage 4,5 --defense 2 --defense 1",
     [("raider", 18, 4, True, True, 14, 5, 9), ("reaver", 18, 5, True, True, 14, 1, 13)]),
    # the raider critical, the reaver evades
    ("attack monica raider --skill overswing --roll 6,5,5 --evade 1,1,2 --evade 6,6,6 "
     "--damage 4,5 --defense 2", None),
    # the raider evades: the reaver's Defense is the second --defense, in its place
    ("attack monica raider --skill overswing --roll 6,5,5 --evade 6,6,6 --evade 1,1,2 "
     "--damage 4,5 --defense 2 --defense 1",
     [("raider", 17, 18, False, False, 0, 0, 0), ("reaver", 17, 4, True, True, 14, 1, 13)]),
    # and Power Strike's die after the weapon's and the critical one (S23)
    ("attack monica raider --skill overswing --skill power-strike --roll 6,6,5 "
     "--evade 1,1,2 --evade 4,4,4 --damage 4,5,3 --defense 2 --defense 1", None),
    # both miss: no damage roll
    ("attack monica reaver --skill overswing --roll 1,2,2 --evade 6,6,5 --evade 5,5,5", None),
    # the GM names them: just those, in that order; --only: the one named
    ("attack monica reaver,raider --skill overswing --roll 4,4,5 --evade 2,2,2 "
     "--evade 3,3,3 --damage 3 --defense 1 --defense 2", None),
    ("attack monica reaver --skill overswing --only --roll 4,4,5 --evade 2,2,2 --damage 3 "
     "--defense 1", None),
])
def test_overswing_strikes_every_engaged_enemy_alike(both, line, expected):
    """S6, S7, S11, S14 and Overswing (+1 damage): one attack roll, an evasion a target,
    one damage roll with the critical die for the critical targets alone."""
    sessions = both(*CROWD)
    results = played_alike(sessions, line)
    if expected is not None:
        assert results == expected
    else:
        assert results != "refused"
    assert replayed(sessions[DATA]).state == sessions[DATA].state
    if results != "refused":                # S24: once a round (level 1)
        for s in sessions.values():
            s.execute("set monica major=3 sp=1")
        played_alike(sessions, line.replace("--sp ", ""))


@pytest.mark.parametrize("line", [
    "attack monica raider,josh --skill overswing --roll 4,4,5",     # an ally named
    "attack monica raider,reaver --roll 4,4,5",         # several without the skill
    "attack monica raider --only --roll 4,4,5",         # --only without it
])
def test_targets_overswing_cannot_take_are_refused_in_the_same_words(both, line):
    sessions = both(*CROWD)
    said = {}
    for rs, s in sessions.items():
        before = s.state
        with pytest.raises(GmError) as refused:
            s.execute(line)
        said[rs] = refused.value.message
        assert s.state == before
    assert said[DATA] == said[PYTHON]


def test_the_reaver_overswings_at_monica_and_josh_alike(both):
    """The source battle's third enemy (saves/demo-fight.txt): Overswing paid with SP,
    one evasion roll each, the second target critical."""
    sessions = both("add monica --as monica --at B2", "add josh --as josh --at B2",
                    "add reaver --as reaver --at B2", "init reaver josh monica", "start",
                    "engage reaver monica", "end", "engage josh reaver", "end", "end")
    results = played_alike(sessions, "attack reaver monica --skill overswing --sp "
                           "--roll 4,5,6 --evade 3,4,6 --evade 1,2,2 --damage 2,5 "
                           "--defense 3")
    assert [r[0] for r in results] == ["monica", "josh"]
    assert [r[4] for r in results] == [False, True]


def test_the_odds_of_each_target_of_an_overswing_are_alike(both):
    """Odds weigh each target alone (its own critical die), on both."""
    from tests.rulesets.shaper.test_data_examples import exact_odds
    sessions = both(*CROWD)
    line = "odds monica raider --skill overswing"
    python, data = (exact_odds(sessions[rs], line) for rs in (PYTHON, DATA))
    assert data == python


def test_engaging_into_another_engagement_merges_both_alike(both):
    """S14: Monica, engaged with the raider, engages the reaver, engaged with Josh: one
    engagement of the four (the format's `relabel`); Josh leaving it leaves three."""
    sessions = both("add monica --as monica --at B2", "add josh --as josh --at B2",
                    "add raider --as raider --at B2", "add reaver --as reaver --at B2",
                    "init monica josh raider reaver", "start")
    for line in ("engage monica raider", "end", "engage josh reaver", "end", "end", "end",
                 "engage monica reaver", "end", "disengage josh", "end", "end"):
        for s in sessions.values():
            s.execute(line)
        assert numbers(sessions[DATA]) == numbers(sessions[PYTHON]), line
    assert numbers(sessions[DATA])["raider"][9] == {"monica", "reaver"}
