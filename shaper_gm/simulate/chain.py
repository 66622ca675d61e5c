"""The Markov chain of a small fight: a state is every fighter's HP, stepped attack by
attack through the turns in their order, until one side is down or the round limit
passes (a draw, as in a played run).

Each attack takes the loss distribution the ruleset's odds give (exact fractions) off
the foe the tactic picks, by the same rule a played run's `tactics.ranked` follows:
focus-fire the foe with the least health left (by id on a tie), spread the most, random
any of them alike. A fighter at 0 HP is down: its turns pass. Weights are integers over
one common denominator (each attack's), so the work stays in integers.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from math import lcm

from shaper_gm.records import record
from shaper_gm.simulate.runner import MAX_ROUNDS

Harm = dict[int, Fraction]              # loss -> chance


@record
class Turn:
    who: int                            # the fighter's index
    round: int                          # the round it starts in
    attacks: tuple[dict[int, Harm], ...]   # each attack: its harm on each foe it may pick


@record
class Fight:
    ids: tuple[str, ...]
    sides: tuple[str, ...]
    hp: tuple[int, ...]
    max_hp: tuple[int, ...]
    turns: tuple[Turn, ...]             # the probed turns; the last `period` repeat
    period: int                         # turns a round


@record
class Solution:
    sides: dict[str, Fraction]         # each side's chance to win
    draws: Fraction                    # still undecided after MAX_ROUNDS
    rounds: dict[int, Fraction]        # the round the fight ends in (draws: the limit + 1)
    down: dict[str, Fraction]          # each actor's chance to go down
    attacks: tuple[int, ...]           # attacks accepted in each probed turn


def solved(fight: Fight, tactic: str) -> Solution:
    ended: Counter = Counter()          # (winning side, round) -> chance
    down: Counter = Counter()           # fighter index -> chance it ends down
    mass: dict[tuple[int, ...], int] = {fight.hp: 1}
    denominator = 1
    index = 0
    while mass:
        turn = _turn(fight, index)
        if turn.round > MAX_ROUNDS:
            break
        for attack in turn.attacks:
            mass, denominator, over = _attacked(fight, mass, denominator, turn.who, attack,
                                                tactic)
            for (hp, winner), weight in over.items():
                p = Fraction(weight, denominator)
                ended[(winner, turn.round)] += p
                for i in _downed(hp):
                    down[i] += p
        index += 1
    draws = Fraction(sum(mass.values()), denominator) if mass else Fraction(0)
    by_round: dict[int, Fraction] = defaultdict(Fraction)
    for (_, r), p in ended.items():
        by_round[r] += p
    if draws:
        by_round[_turn(fight, index).round] += draws
        for hp, weight in mass.items():
            for i in _downed(hp):
                down[i] += Fraction(weight, denominator)
    return Solution(
        sides={side: sum((p for (w, _), p in ended.items() if w == side), Fraction(0))
               for side in dict.fromkeys(fight.sides)},
        draws=draws, rounds=dict(sorted(by_round.items())),
        down={a: down[i] for i, a in enumerate(fight.ids)},
        attacks=tuple(len(t.attacks) for t in fight.turns))


def _turn(fight: Fight, index: int) -> Turn:
    """The index-th turn from now: a probed one, else the last probed round's again, as
    many rounds on."""
    probed = len(fight.turns)
    if index < probed:
        return fight.turns[index]
    k = fight.period
    like = fight.turns[probed - k + (index - probed) % k]
    return replace(like, round=like.round + (index - probed) // k + 1)


def _attacked(fight: Fight, mass, denominator: int, who: int, attack: dict[int, Harm],
              tactic: str):
    """The states after one attack of `who`'s, the new denominator, and the states it
    ended the fight in: {(HP, winning side): weight}."""
    spread = 2 if tactic == "random" else 1     # a random pick: any of (at most) two
    total = spread * lcm(*(p.denominator for harm in attack.values() for p in harm.values()))
    after: dict[tuple[int, ...], int] = defaultdict(int)
    over: dict[tuple, int] = defaultdict(int)
    side = fight.sides[who]
    for hp, weight in mass.items():
        if hp[who] <= 0:
            after[hp] += weight * total
            continue
        picks = picked(fight, hp, who, attack, tactic)
        for target in picks:
            share = weight * total // len(picks)
            for loss, p in attack[target].items():
                left = list(hp)
                left[target] = max(0, hp[target] - loss)
                state = tuple(left)
                w = share * p.numerator // p.denominator
                if not any(state[i] > 0 for i, s in enumerate(fight.sides) if s != side):
                    over[(state, side)] += w
                else:
                    after[state] += w
    return dict(after), denominator * total, over


def picked(fight: Fight, hp: Sequence[int], who: int, attack: dict[int, Harm],
           tactic: str) -> list[int]:
    """The foes the attack may go to: the tactic's one, or (random) each standing one."""
    foes = [i for i in attack if hp[i] > 0]
    if tactic == "random" or len(foes) < 2:
        return foes
    def key(i: int) -> tuple[Fraction, str]:
        return Fraction(hp[i], fight.max_hp[i]), fight.ids[i]
    ranked = sorted(foes, key=key, reverse=tactic == "spread")
    return ranked[:1]


def _downed(hp: tuple[int, ...]) -> list[int]:
    return [i for i, left in enumerate(hp) if left <= 0]


def described(solution: Solution, sides: list[str], actors: dict[str, str],
              seed: int) -> dict:
    """The solution in the summary's shape: each side's p exact (its interval [p, p]),
    the rounds' distribution exact (`counts` are chances, those under 0.005% left out),
    no runs played."""
    rounds = solution.rounds
    return {
        "runs": 0, "seed": seed, "method": "exact",
        "sides": {side: {"wins": None, "p": round(float(p), 4),
                         "ci95": [round(float(p), 4)] * 2}
                  for side in sides for p in [solution.sides.get(side, Fraction(0))]},
        "draws": round(float(solution.draws), 4),
        "rounds": {"mean": round(float(sum(r * p for r, p in rounds.items())), 3),
                   "p50": _quantile(rounds, Fraction(1, 2)),
                   "p90": _quantile(rounds, Fraction(9, 10)),
                   "counts": {str(r): round(float(p), 4) for r, p in rounds.items()
                              if round(float(p), 4)}},     # the chances one can read
        "actors": {a: {"name": name, "down": round(float(solution.down.get(a, 0)), 4),
                       "spent": {}}
                   for a, name in actors.items()},
        "actions": None,
    }


def _quantile(rounds: dict[int, Fraction], q: Fraction) -> int:
    """The first round by which at least `q` of the fights have ended."""
    total = Fraction(0)
    for r, p in rounds.items():
        total += p
        if total >= q:
            return r
    return max(rounds, default=0)

