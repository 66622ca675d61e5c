"""The Markov chain of a small fight against a plain recursion over the same rules: every
fighter's HP, turn by turn and attack by attack, the one of two against one going for
the foe the tactic picks; any harm, any HP, any tactic."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm.simulate.chain import Fight, Turn, solved
from shaper_gm.simulate.runner import MAX_ROUNDS

TACTICS = ("focus-fire", "spread", "random")


def harms(draw_weights) -> dict[int, Fraction]:
    total = sum(draw_weights)
    return {loss: Fraction(w, total) for loss, w in enumerate(draw_weights) if w}


@st.composite
def fights(draw) -> Fight:
    k = draw(st.sampled_from((2, 3)))
    sides = ("enemies", *("party",) * (k - 1))
    max_hp = tuple(draw(st.integers(2, 5)) for _ in range(k))
    hp = tuple(draw(st.integers(1, top)) for top in max_hp)
    weights = st.lists(st.integers(0, 3), min_size=2, max_size=4).filter(any)
    per_foe = {}
    turns = []
    for who in range(k):
        foes = [i for i in range(k) if sides[i] != sides[who]]
        count = draw(st.integers(1, 2))
        attack = tuple({foe: per_foe.setdefault((who, foe), harms(draw(weights)))
                        for foe in foes} for _ in range(count))
        turns.append((who, attack))
    first = draw(st.integers(0, k - 1))
    cycle = turns[first:] + turns[:first]
    probed = tuple(Turn(who, 1 + n // k, attacks)
                   for n, (who, attacks) in enumerate(cycle * 3))
    return Fight(tuple("abc"[:k]), sides, hp, max_hp, probed, k)


def by_recursion(fight: Fight, tactic: str) -> Counter:
    k = fight.period

    @cache
    def ends(hp: tuple[int, ...], index: int, shot: int) -> Counter:
        if 1 + index // k > MAX_ROUNDS:
            return Counter()
        turn = fight.turns[index % k]
        if hp[turn.who] <= 0 or shot == len(turn.attacks):
            return ends(hp, index + 1, 0)
        attack = turn.attacks[shot]
        foes = [i for i in attack if hp[i] > 0]
        if tactic != "random":
            foes = sorted(foes, key=lambda i: (Fraction(hp[i], fight.max_hp[i]),
                                               fight.ids[i]),
                          reverse=tactic == "spread")[:1]
        side = fight.sides[turn.who]
        out: Counter = Counter()
        for foe in foes:
            for loss, p in attack[foe].items():
                after = tuple(max(0, h - loss) if i == foe else h for i, h in enumerate(hp))
                weight = p / len(foes)
                if all(after[i] <= 0 for i, s in enumerate(fight.sides) if s != side):
                    out[side] += weight
                else:
                    for won, q in ends(after, index, shot + 1).items():
                        out[won] += weight * q
        return out
    return ends(fight.hp, 0, 0)


@settings(max_examples=30, deadline=None)
@given(fights(), st.sampled_from(TACTICS))
def test_the_chain_is_the_recursion_s_chance_of_each_end(fight, tactic):
    solution = solved(fight, tactic)
    expected = by_recursion(fight, tactic)
    assert solution.sides == {side: expected[side] for side in ("enemies", "party")}
    assert solution.draws == 1 - sum(expected.values())
    assert sum(solution.rounds.values()) == 1
    assert solution.down["a"] == expected["party"]
