"""`odds` for a basic attack with the attacker's current pool, as the one odds record
(`engine.odds`).

The pool test runs the attack's own steps over exact distributions (engine.steps.exact):
one situation per number of successes, so it grows with the pool, not with its faces.
Damage is summed for every margin at once (`dice.exact.compound_sum`) with the damage
rules the steps use (`steps.damage_dice`, `damage_dealt`, `hp_left`), instead of running
the damage step once per margin and face total, which grows as the pool squared times
the damage die. Both are bounded: a pool or a damage roll past the exact-odds limits is
refused at once, naming the `--dice` that fits.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from math import lcm

from shaper_gm.dice import Dist
from shaper_gm.dice.errors import TooLarge
from shaper_gm.dice.exact import MAX_EXACT_DICE, MAX_WEIGHED, compound_sum, sum_work
from shaper_gm.engine.exact_kept import kept_exact
from shaper_gm.engine.odds import Chance, Fact, Odds, Spread, TargetOdds
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import distribution
from shaper_gm.rulesets.dicepool.attack import AttackRequest, plan_attack
from shaper_gm.rulesets.dicepool.steps import (
    ATTACK_TEST_STEPS,
    AttackCtx,
    attack_dt,
    damage_dealt,
    damage_dice,
    hp_left,
)


def attack_odds(state: Encounter, rs, request: AttackRequest) -> Odds:
    """Exact odds of `request` as things stand (rolled as a reaction when it is not the
    attacker's turn)."""
    reaction = state.turn is not None and not state.controls_turn(request.attacker)
    plan = plan_attack(state, rs, request, reaction=reaction)
    odds = exact_attack(plan.ctx)
    ability = plan.ability
    facts = (Fact("ability", f"{ability.name}" if ability else "",
                  ability.id if ability else None, "P12"),
             Fact("reaction", "rolled off its turn" if reaction else "", reaction, "P4"))
    return replace(odds, weapon=plan.weapon.name, facts=odds.facts + facts)


def exact_attack(start: AttackCtx) -> Odds:
    """The exact odds of the attack `start` sets up, or TooLarge at once past the limits."""
    check_size(start)
    tested = kept_exact(ATTACK_TEST_STEPS, start)
    damage = _damage(start, tested)
    hp_lost = damage.map(lambda d: start.hp_before - hp_left(start, d))

    def dist(reading) -> Dist:
        return Dist.from_probs(distribution(tested, reading))

    target = TargetOdds(
        start.target,
        (Chance("hit", sum((p for c, p in tested.items() if c.hit), Fraction(0)), "P7"),
         Chance("down", damage.prob(lambda d: hp_left(start, d) == 0), "P8")),
        (Spread("margin", dist(lambda c: c.margin), "successes - DT, P7"),
         Spread("pool_left", dist(lambda c: c.pool_after), "after the roll, P3, P4"),
         Spread("damage", damage, "dealt, P8"),
         Spread("hp_lost", hp_lost, "HP stop at 0, P8", label="HP lost")),
        harm="hp_lost", start=start.hp_before)
    dt = attack_dt(start)
    facts = (Fact("roll", f"{start.count} of {start.pool_before} pool dice against DT {dt}",
                  note="P3, P7"),
             Fact("dice", "", start.count), Fact("pool", "", start.pool_before),
             Fact("dt", "", dt))
    return Odds(start.actor, "attacks", (target,), facts=facts)


def _damage(start: AttackCtx, tested: dict[AttackCtx, Fraction]) -> Dist:
    """P8 for every margin at once: the hit situations weighted by the damage dice each
    rolls, summed together; a miss deals 0 (it rolls no damage)."""
    common = lcm(*(p.denominator for p in tested.values()))
    by_count: dict[int, int] = defaultdict(int)
    missed = 0
    for ctx, p in tested.items():
        weight = p.numerator * (common // p.denominator)
        if ctx.hit:
            by_count[max(0, damage_dice(ctx))] += weight
        else:
            missed += weight
    dealt: dict[int, int] = defaultdict(int)
    spread = 1                        # what compound_sum multiplied the weights by
    if by_count:
        totals = compound_sum(by_count, start.damage_die)
        spread = start.damage_die ** max(by_count)
        for total, weight in totals.counts().items():
            dealt[damage_dealt(start, total)] += weight
    if missed:
        dealt[0] += missed * spread
    return Dist(dealt)                # integer weights: their total is common * spread


def largest_damage_roll(sides: int) -> int:
    """The most damage dice of `sides` faces exact odds sum (MAX_EXACT_DICE, MAX_WEIGHED)."""
    low, high = 0, MAX_EXACT_DICE
    while low < high:
        mid = (low + high + 1) // 2
        if sum_work(mid, sides) <= MAX_WEIGHED:
            low = mid
        else:
            high = mid - 1
    return low


def check_size(ctx: AttackCtx) -> None:
    """Refuse at once a pool, or a damage roll it can lead to, past the exact-odds limits,
    naming the `--dice` that fits (P3: the GM may roll fewer dice of the pool)."""
    dt = attack_dt(ctx)
    added = ctx.proficiency + ctx.extra_damage_dice       # damage dice at margin 0 (P8)
    most = largest_damage_roll(ctx.damage_die)
    fits = min(MAX_EXACT_DICE, most - added + dt)          # pool dice whose hits stay within
    top = ctx.count - dt + added                            # damage dice at every success
    if ctx.count <= fits:
        return
    hint = (f"give --dice {fits} or fewer" if fits >= 1 else
            f"its weapon proficiency and ability add {added:,} damage dice to every hit, "
            f"past that limit on their own")
    if ctx.count > MAX_EXACT_DICE:
        raise TooLarge(f"odds: a roll of {ctx.count:,} pool dice is more than exact odds "
                       f"work out (at most {MAX_EXACT_DICE:,})", hint)
    raise TooLarge(f"odds: a hit could roll {top:,}d{ctx.damage_die} damage, more than exact "
                   f"odds work out (at most {most:,}d{ctx.damage_die})", hint)
