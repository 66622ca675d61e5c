"""`odds` for a 3d6+1-with-Edge attack, against an icepool script computing the same
numbers. Ours runs Shaper's attack steps over exact distributions (the steps an attack
plays), so it pays for generality that the hand-written icepool script does not.
icepool is installed only for this benchmark: `pip install icepool`.

Printed: both CPU times and shaper-gm / icepool (issue 21: 1.0x or less). Each side runs
REPEAT times in a batch, and keeps what it caches between computations, as a session
does after its first `odds` (ours: each roll's outcomes, each distinct damage result);
the first computation of each, nothing cached, is printed too.

When Shaper plays from its data version (content/shaper written as data), ours is the
`odds` command itself on a session set up alike (the longbow, +1 Finesse, Edge; a target of
Evasion +0, tier 1 armor, 100 HP): the attack's declared steps over exact distributions,
with only the whole result the process keeps for a situation (`engine.exact_kept`) cleared
between computations; its third number is the mean HP the target loses, critical die and
misses included, and icepool's script works out the same.

Run: python tests/bench/bench_odds.py
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from fractions import Fraction

from shaper_gm.dice import Dist
from shaper_gm.engine import registry
from shaper_gm.engine.steps import distribution, exact

THRESHOLD = 9     # S6
REPEAT = 20
ROUNDS = 5
AS_DATA = registry.module_of("shaper").__name__ == registry.DATA
SETUP = ("add josh --as josh --at B4", "add raider --as raider --at B1 --armor armor-t1",
         "set raider max_hp=100", "set raider hp=100", "init josh raider", "start",
         "draw longbow")


def ours() -> tuple[Fraction, Fraction, Fraction]:
    from shaper_gm.rulesets.shaper import build
    from shaper_gm.rulesets.shaper.attack import AttackPlan, TargetPlan
    from shaper_gm.rulesets.shaper.content.models import Weapon
    from shaper_gm.rulesets.shaper.odds import attack_target_odds, taken
    from shaper_gm.rulesets.shaper.parts import Mod, Part
    from shaper_gm.rulesets.shaper.pipeline import DAMAGE_STEPS, Swing
    NUMBERS = replace(build().numbers, critical_threshold=THRESHOLD)
    bow = Weapon("bow", "Bow", "ranged", "1d6+3", pierce=2)
    plan = AttackPlan("a", bow, attack_bonus=(Part(1, "bonus"),), modifiers=(Mod("edge", "GM"),))
    odds = attack_target_odds(NUMBERS, plan, TargetPlan("t", 100))
    hit = Swing(AttackPlan("a", bow), (TargetPlan("t", 100, defense="1d6"),), hits=(True,),
                crits=(False,), reasons=(("hit", 0, ""),), numbers=NUMBERS)
    mean = Dist.from_probs(distribution(exact(DAMAGE_STEPS, hit), taken)).mean()
    return odds.chance("hit"), odds.chance("critical"), mean


_SESSION: list = []


def ours_as_data() -> tuple[Fraction, Fraction, Fraction]:
    """P(hit), P(critical) and the mean HP lost, from the `odds` command."""
    from shaper_gm.app import new_session
    from shaper_gm.engine import exact_kept
    if not _SESSION:
        _SESSION.append(new_session(seed=1))
        for line in SETUP:
            _SESSION[0].execute(line)
    exact_kept._kept.clear()            # the whole result kept for a situation: not reused
    odds = _SESSION[0].execute("odds josh raider --edge").view.only
    return odds.chance("hit"), odds.chance("critical"), odds.harm_dist.mean()


def theirs() -> tuple[Fraction, Fraction, Fraction]:
    import icepool

    def read(rolled: tuple, edge: bool) -> tuple[int, int]:
        """(total, automatic) with S2 on the natural dice and S3 Edge on the highest."""
        faces = sorted(rolled)
        automatic = 1 if faces == [6, 6, 6] else -1 if faces == [1, 1, 1] else 0
        if edge:
            faces[-1] = 6
        return sum(faces), automatic

    def judge(attack: tuple[int, int], evasion: tuple[int, int]) -> int:
        """0 miss, 1 hit, 2 critical (S5, S6)."""
        (a, a_auto), (e, e_auto) = attack, evasion
        a += 1
        crit = 2 if a - e >= THRESHOLD else 1
        if a_auto:
            return crit if a_auto > 0 else 0
        if e_auto:
            return 0 if e_auto > 0 else crit
        return crit if a >= e else 0

    pool = icepool.d6.pool(3).expand()
    attack = pool.map(lambda r: read(r, True), star=False)
    evasion = pool.map(lambda r: read(r, False), star=False)
    result = icepool.map(judge, attack, evasion, star=False)
    total = result.denominator()
    hit = Fraction(result.quantity(1) + result.quantity(2), total)
    crit = Fraction(result.quantity(2), total)
    damage = icepool.map(lambda d, a: max(0, d + 3 - max(0, a - 2)), icepool.d6, icepool.d6)
    mean = Fraction(sum(o * damage.quantity(o) for o in damage.outcomes()),
                    damage.denominator())
    if not AS_DATA:
        return hit, crit, mean
    critical = icepool.map(lambda d, c, a: max(0, d + c + 3 - max(0, a - 2)),
                           icepool.d6, icepool.d6, icepool.d6)          # S6: +1d6
    crit_mean = Fraction(sum(o * critical.quantity(o) for o in critical.outcomes()),
                         critical.denominator())
    return hit, crit, (hit - crit) * mean + crit * crit_mean         # misses lose nothing


def timed(fns, rounds: int = ROUNDS, repeat: int = REPEAT) -> list[tuple[float, tuple]]:
    """Each function's CPU time per computation: the best of `rounds` batches of `repeat`,
    the functions' batches taking turns so that both see the same load (on a shared
    machine the wall clock measures the other jobs as much as this one)."""
    best = [float("inf")] * len(fns)
    values: list[tuple] = [()] * len(fns)
    for _ in range(rounds):
        for n, fn in enumerate(fns):
            start = time.process_time()
            for _ in range(repeat):
                values[n] = fn()
            best[n] = min(best[n], (time.process_time() - start) / repeat)
    return list(zip(best, values, strict=True))


def main() -> None:
    try:
        import icepool  # noqa: F401
    except ImportError:
        sys.exit("icepool is not installed: pip install icepool (only this benchmark uses it)")
    mine = ours_as_data if AS_DATA else ours
    first = timed((mine, theirs), rounds=1, repeat=1)    # nothing cached yet, either side
    (our_time, our_value), (their_time, their_value) = timed((mine, theirs))
    labels = ("P(hit)", "P(crit)", "mean HP lost, 1d6+3 vs 1d6, Pierce 2" if AS_DATA else
              "mean damage 1d6+3 vs 1d6, Pierce 2")
    print("shaper plays from its data version" if AS_DATA else "shaper plays from Python")
    for label, a, b in zip(labels, our_value, their_value, strict=True):
        print(f"{label:<36} shaper-gm {str(a):>13}   icepool {str(b):>13}"
              f"   {'agree' if a == b else 'DISAGREE'}")
    print(f"CPU time per computation: shaper-gm {our_time * 1e3:.2f} ms, "
          f"icepool {their_time * 1e3:.2f} ms; shaper-gm / icepool = "
          f"{our_time / their_time:.2f}x (target: 1.0x or less)")
    (our_first, _), (their_first, _) = first
    print(f"the first computation in this process: shaper-gm {our_first * 1e3:.2f} ms, "
          f"icepool {their_first * 1e3:.2f} ms")
    if our_value != their_value:
        sys.exit(1)


if __name__ == "__main__":
    main()
