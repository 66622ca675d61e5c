"""Dice-pool odds grow polynomially with the pool: successes by the binomial, damage for
every margin at once (dice.exact.compound_sum). They equal enumerating every face, and
a pool or damage roll past the exact-odds limits is refused at once with the `--dice`
that fits. Costs are asserted as counts of work, never as wall time."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.app import new_session
from shaper_gm.dice.errors import TooLarge
from shaper_gm.dice.exact import MAX_EXACT_DICE, MAX_WEIGHED, sum_work
from shaper_gm.engine import steps as engine_steps
from shaper_gm.errors import GmError
from shaper_gm.rulesets.dicepool.odds import check_size, exact_attack
from shaper_gm.rulesets.dicepool.steps import AttackCtx
from tests.oddsread import flat
from tests.rulesets.work import Work


def enumerated(ctx: AttackCtx) -> dict[str, dict]:
    """Every pool face and, on a hit, every damage face, listed one tuple at a time."""
    margin, damage, left = Counter(), Counter(), Counter()
    hit = down = Fraction(0)
    dt = max(ctx.dt_floor, ctx.ac + ctx.dodge - ctx.proficiency + ctx.dt_change)
    each = Fraction(1, ctx.sides ** ctx.count)
    for faces in itertools.product(range(1, ctx.sides + 1), repeat=ctx.count):
        successes = sum(f >= ctx.success_on for f in faces)
        margin[successes - dt] += each
        spent = max(0, max(0, ctx.pool_before - (ctx.count - successes)) - ctx.discard)
        left[spent + ctx.refill] += each
        if successes < dt:
            damage[0] += each
            down += each if ctx.hp_before == 0 else 0
            continue
        hit += each
        count = max(0, successes - dt + ctx.proficiency + ctx.extra_damage_dice)
        rolls = list(itertools.product(range(1, ctx.damage_die + 1), repeat=count))
        for rolled in rolls:
            dealt = max(0, sum(rolled) + ctx.damage_bonus + ctx.gm_damage_bonus)
            damage[dealt] += each / len(rolls)
            down += each / len(rolls) if dealt >= ctx.hp_before else 0
    return {"hit": hit, "margin": dict(margin), "damage": dict(damage),
            "pool_left": dict(left), "down": down}


CONTEXTS = st.builds(
    lambda count, sides, success_on, ac, prof, die, extra, bonus, gm, hp, discard: AttackCtx(
        actor="a", target="b", count=count, sides=sides, success_on=success_on,
        pool_before=count + 1, discard=discard, ac=ac, proficiency=prof, damage_die=die,
        extra_damage_dice=extra, damage_bonus=bonus, gm_damage_bonus=gm, hp_before=hp),
    count=st.integers(0, 3), sides=st.integers(2, 6), success_on=st.integers(1, 7),
    ac=st.integers(0, 4), prof=st.integers(0, 1), die=st.integers(2, 3),
    extra=st.integers(0, 1), bonus=st.integers(-3, 2), gm=st.integers(-2, 2),
    hp=st.integers(0, 9), discard=st.integers(0, 1))


@settings(max_examples=60, deadline=None)
@given(CONTEXTS)
def test_odds_equal_enumerating_every_face(ctx):
    odds = flat(exact_attack(ctx))
    expected = enumerated(ctx)
    assert odds.hit == expected["hit"]
    assert odds.margin == dict(sorted(expected["margin"].items()))
    assert odds.damage == dict(sorted(expected["damage"].items()))
    assert odds.pool_left == dict(sorted(expected["pool_left"].items()))
    assert odds.down == expected["down"]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 30), st.integers(0, 8), st.integers(0, 3), st.sampled_from([2, 6, 10]),
       st.integers(-2, 4))
def test_odds_equal_the_attack_steps_run_whole(count, ac, prof, die, bonus):
    """Larger pools, against the generic runner over every step (damage included)."""
    ctx = AttackCtx(actor="a", target="b", count=count, sides=6, success_on=4,
                    pool_before=count, ac=ac, proficiency=prof, damage_die=die,
                    damage_bonus=bonus, hp_before=40)
    final = engine_steps.exact(_whole_attack(), ctx)
    odds = flat(exact_attack(ctx))
    assert odds.damage == dict(sorted(engine_steps.distribution(
        final, lambda c: c.damage).items()))
    assert odds.down == sum((p for c, p in final.items() if c.down), Fraction(0))


def _whole_attack():
    from shaper_gm.rulesets.dicepool.steps import ATTACK_STEPS
    return ATTACK_STEPS


# --- the limits ---------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.integers(1, 5000), st.integers(0, 40), st.integers(0, 2000), st.integers(2, 1000))
def test_a_refusal_names_the_largest_dice_that_fit(count, ac, prof, die):
    """Within the limits the damage of every margin can be summed; past them the refusal
    names the `--dice` that fits, and one die more would not."""
    def ctx(n: int) -> AttackCtx:
        return AttackCtx(actor="a", target="b", count=n, sides=6, success_on=4,
                         pool_before=count, ac=ac, proficiency=prof, damage_die=die)

    def fits(n: int) -> bool:
        try:
            check_size(ctx(n))
        except TooLarge:
            return False
        return True

    dt = max(0, ac - prof)
    if fits(count):
        assert count <= MAX_EXACT_DICE
        assert sum_work(count - dt + prof, die) <= MAX_WEIGHED
        return
    with pytest.raises(TooLarge) as refused:
        check_size(ctx(count))
    named = re.search(r"--dice (\d+) or fewer", refused.value.hint)
    if named is None:
        assert "on their own" in refused.value.hint and not fits(1)
    else:
        assert fits(int(named.group(1))) and not fits(int(named.group(1)) + 1)


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
