"""`odds`: the attack's own steps run exactly, checked against brute force over every
face of every d20 the attack could roll. Run through the `odds` command (the attack is
the data ruleset's declared action; there is no Python odds function to call)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from shaper_gm.errors import GmError
from tests.oddsread import flat
from tests.rulesets.reactions.conftest import session


def brute_force(declared, *, power, crit_bonus, armor, block_bonus, block, dodge, crit,
                true=False, shield=0, health=60):
    """Every face of the attempts' d20s and the critical d20, each equally likely."""
    totals = {"dodged": Fraction(0), "blocked": Fraction(0), "critical": Fraction(0)}
    damage: dict[int, Fraction] = {}
    lost: dict[int, Fraction] = {}
    dice = len(declared) + 1
    weight = Fraction(1, 20 ** dice)
    for faces in itertools.product(range(1, 21), repeat=dice):
        dodged = blocked = False
        for reaction, face in zip(declared, faces, strict=False):
            if reaction == "dodge" and face >= dodge:
                dodged = True
                break
            if reaction == "block" and face >= block:
                blocked = True
                break
        critical = not dodged and faces[-1] >= crit
        if dodged:
            dealt = 0
        elif true:
            dealt = power + crit_bonus * critical
        else:
            dealt = max(0, power + crit_bonus * critical - armor - block_bonus * blocked)
        to_health = min(health, dealt - min(shield, dealt))
        totals["dodged"] += weight * dodged
        totals["blocked"] += weight * blocked
        totals["critical"] += weight * critical
        damage[dealt] = damage.get(dealt, Fraction(0)) + weight
        lost[to_health] = lost.get(to_health, Fraction(0)) + weight
    return totals, damage, lost


DUELLIST = dict(power=24, crit_bonus=10, armor=6, block_bonus=8, block=12, dodge=15, crit=16)


def duel(reactions=2, shield=0, bo_at="C2"):
    """Ann and Bo, the source's duellists, on Ann's turn; Bo with `reactions` and a
    shield of `shield` (set as the GM sets it)."""
    lines = (f"set bo shield={shield}",) if shield else ()
    return session(*lines, setup=("add ann --as duellist --side party --at B2",
                                  f"add bo --as duellist --at {bo_at} "
                                  f"--stat reactions={reactions}",
                                  "init ann bo", "start"))


def odds_line(declared, request_) -> str:
    flags = "".join(f" --{key} {value}" for key, value in request_.items())
    return "odds bo" + flags + "".join(f" --react bo={r}" for r in declared)


@pytest.mark.parametrize("declared, reactions, request_, shield", [
    ((), 2, {}, 0),
    (("block",), 2, {"with": "spellblade"}, 0),
    (("block", "block"), 2, {}, 0),
    (("dodge",), 2, {"with": "hex-pistol"}, 0),
    (("block", "dodge"), 3, {}, 10),
    (("dodge",), 2, {"type": "true"}, 12),
])
def test_odds_match_brute_force(declared, reactions, request_, shield):
    odds = flat(duel(reactions, shield).execute(odds_line(declared, request_)).view)
    totals, damage, lost = brute_force(declared, **DUELLIST, shield=shield,
                                       true=request_.get("type") == "true")
    assert (odds.dodged, odds.blocked, odds.critical) == (totals["dodged"], totals["blocked"],
                                                          totals["critical"])
    assert dict(odds.damage.items()) == damage
    assert dict(odds.health_lost.items()) == lost
    assert odds.reactions == declared


def test_odds_of_example_d_in_fractions():
    odds = flat(duel().execute("odds bo --react bo=block --react bo=block").view)
    # a block reaches 12 on 9 faces in 20: both fail (11/20)^2 = 121/400 of the time
    assert odds.blocked == Fraction(279, 400) and odds.dodged == 0
    assert odds.critical == Fraction(1, 4)
    assert dict(odds.damage.items()) == {
        10: Fraction(279, 400) * Fraction(3, 4), 20: Fraction(279, 400) * Fraction(1, 4),
        18: Fraction(121, 400) * Fraction(3, 4), 28: Fraction(121, 400) * Fraction(1, 4)}
    assert odds.hit == 1 and odds.down == 0


def test_odds_refuse_what_the_attack_refuses_and_pay_nothing():
    s = duel(reactions=1)
    with pytest.raises(GmError, match="dodge 1 needs 2 reactions; it has 1 left"):
        s.execute("odds bo --react bo=dodge")
    with pytest.raises(GmError, match=r"reaches 1 m \(R1\)"):
        duel(reactions=1, bo_at="H8").execute("odds bo")
    odds = flat(s.execute("odds bo").view)
    assert odds.blocked == 0 and s.state.actors["ann"].resource("action") == 1
