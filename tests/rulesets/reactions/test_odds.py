"""`odds`: the attack's own steps run exactly, checked against brute force over every
face of every d20 the attack could roll."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.rulesets.reactions.odds import attack_odds
from tests.oddsread import flat
from tests.rulesets.reactions.conftest import AttackRequest, started


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


def duel(rs, reactions=2, shield=0):
    state = started(rs, ("ann", "party", "B2"),
                    ("bo", "enemies", "C2", "duellist", {"reactions": reactions}))
    bo = state.actors["bo"]
    return state.with_actor(bo.with_resources({**bo.resource_map(), "shield": shield}))


@pytest.mark.parametrize("declared, reactions, request_, shield", [
    ((), 2, {}, 0),
    (("block",), 2, {"weapon": "spellblade"}, 0),
    (("block", "block"), 2, {}, 0),
    (("dodge",), 2, {"weapon": "hex-pistol"}, 0),
    (("block", "dodge"), 3, {}, 10),
    (("dodge",), 2, {"attack_type": "true"}, 12),
])
def test_odds_match_brute_force(rs, declared, reactions, request_, shield):
    state = duel(rs, reactions, shield)
    odds = flat(attack_odds(state, rs, AttackRequest("ann", "bo", **request_),
                       Decisions(declared=[("bo", r) for r in declared])))
    totals, damage, lost = brute_force(declared, **DUELLIST, shield=shield,
                                       true=request_.get("attack_type") == "true")
    assert (odds.dodged, odds.blocked, odds.critical) == (totals["dodged"], totals["blocked"],
                                                          totals["critical"])
    assert dict(odds.damage.items()) == damage
    assert dict(odds.health_lost.items()) == lost
    assert odds.reactions == declared


def test_odds_of_example_d_in_fractions(rs):
    odds = flat(attack_odds(duel(rs), rs, AttackRequest("ann", "bo"),
                       Decisions(declared=[("bo", "block"), ("bo", "block")])))
    # a block reaches 12 on 9 faces in 20: both fail (11/20)^2 = 121/400 of the time
    assert odds.blocked == Fraction(279, 400) and odds.dodged == 0
    assert odds.critical == Fraction(1, 4)
    assert dict(odds.damage.items()) == {
        10: Fraction(279, 400) * Fraction(3, 4), 20: Fraction(279, 400) * Fraction(1, 4),
        18: Fraction(121, 400) * Fraction(3, 4), 28: Fraction(121, 400) * Fraction(1, 4)}
    assert odds.hit == 1 and odds.down == 0


def test_odds_refuse_what_the_attack_refuses_and_pay_nothing(rs):
    state = duel(rs, reactions=1)
    with pytest.raises(RuleViolation, match="dodge 1 needs 2 reactions; it has 1 left"):
        attack_odds(state, rs, AttackRequest("ann", "bo"),
                    Decisions(declared=[("bo", "dodge")]))
    far = state.with_actor(state.actors["bo"].with_(zone="H8"))
    with pytest.raises(RuleViolation, match=r"reaches 1 m \(R1\)"):
        attack_odds(far, rs, AttackRequest("ann", "bo"))
    odds = flat(attack_odds(state, rs, AttackRequest("ann", "bo")))
    assert odds.blocked == 0 and state.actors["ann"].resource("action") == 1
