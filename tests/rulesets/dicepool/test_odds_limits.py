"""Dice-pool odds grow polynomially with the pool: successes by the binomial, damage for
every margin at once (dice.exact.compound_sum), and a pool or damage roll past the
exact-odds limits is refused at once with the `--dice` that fits. Costs are asserted as
counts of work, never as wall time."""

from __future__ import annotations

import pytest

from shaper_gm.app import new_session
from shaper_gm.dice.exact import MAX_WEIGHED, sum_work
from shaper_gm.errors import GmError
from tests.oddsread import flat
from tests.rulesets.work import Work


@pytest.fixture
def work(monkeypatch):
    counted = Work(monkeypatch)
    yield counted
    counted.reset()


def pool_session(pool: int, weapon: str):
    session = new_session(seed=1)
    for line in ("new --ruleset dicepool --seed 1",
                 f"add a --stat str={pool} --weapon {weapon} --holding {weapon}",
                 "add b --hp 10000 --stat ac=5", f"set a pool={pool}"):
        session.execute(line)
    return session


def test_odds_weigh_outcomes_in_proportion_to_the_pool(work):
    """Not one per margin and damage total: a halberd's d10 with a pool of 40 weighed
    over 7,000 branches, one per (margin, damage total)."""
    result = pool_session(40, "halberd").execute("odds a b")
    assert flat(result.view).dice == 40 and sum(flat(result.view).damage.values()) == 1
    assert work.branches <= 4 * 41 + 10
    assert work.weights <= sum_work(40, 10)


def test_a_pool_of_a_thousand_answers_within_the_limits_or_is_refused_at_once(work):
    fists = pool_session(1000, "fists")
    with pytest.raises(GmError, match="995d2 damage") as refused:
        fists.execute("odds a b")
    assert (work.branches, work.weights) == (0, 0)
    assert "give --dice 711 or fewer" in str(refused.value)
    answer = fists.execute("odds a b --dice 711")
    assert sum(flat(answer.view).damage.values()) == 1
    assert work.weights <= MAX_WEIGHED and work.branches <= 4 * 712 + 10
    halberd = pool_session(1000, "halberd")
    with pytest.raises(GmError, match=r"995d10 damage, more than exact odds work out "
                                      r"\(at most 315d10\); give --dice 320 or fewer"):
        halberd.execute("odds a b")
    with pytest.raises(GmError, match="1,200 pool dice"):
        pool_session(1200, "fists").execute("odds a b")
