import time
from collections import Counter
from fractions import Fraction as F
from itertools import product

import pytest
from dice_reference import Modifiers, apply_in_order, automatic, net_names

from shaper_gm.dice import Dist, basic_dist, parse, roll_dist

M = Modifiers


def brute_totals(text, names=(), basic=False):
    """Every ordered outcome of ``text``, modifiers applied by the reference code."""
    expr = parse(text)
    mods = Modifiers.of(names)
    remaining = net_names(**vars(mods))
    sizes = [t.sides for t in expr.dice_terms for _ in range(t.count)]
    signs = [t.sign for t in expr.dice_terms for _ in range(t.count)]
    counts = Counter()
    for naturals in product(*(range(1, s + 1) for s in sizes)):
        finals = apply_in_order(naturals, sizes[0], remaining) if remaining else naturals
        total = sum(sign * f for sign, f in zip(signs, finals, strict=True)) + expr.constant
        counts[(total, automatic(naturals, sizes[0])) if basic else total] += 1
    return Dist.from_counts(counts)


CASES = [
    ("3d6", []),
    ("3d6", ["edge"]),
    ("3d6", ["pressured"]),
    ("3d6+1", ["advantage", "edge"]),
    ("3d6", ["disadvantage", "edge"]),
    ("4d6-2", ["dis", "pressured"]),
    ("3d6", ["edge", "edge", "dis", "dis"]),  # more modifiers than dice
    ("2d6", ["adv", "adv", "pressured", "pressured", "pressured"]),
    ("1d6", ["edge", "dis"]),
    ("1d6+3", ["advantage"]),
    ("2d6+1d6", ["adv", "adv", "dis"]),
    ("3d4+2", ["edge", "adv"]),
    ("5d6", ["edge", "edge", "advantage"]),
    ("2d6-1d4+3", []),
    ("1d8+1d6", []),
    ("3d6", ["adv", "dis", "edge", "pressured"]),
]


@pytest.mark.parametrize(("text", "names"), CASES)
def test_totals_match_brute_force(text, names):
    assert roll_dist(text, Modifiers.of(names)) == brute_totals(text, names)


def _one_die_size(text):
    return len({t.sides for t in parse(text).dice_terms}) == 1


@pytest.mark.parametrize(("text", "names"), [c for c in CASES if _one_die_size(c[0])])
def test_basic_pairs_match_brute_force(text, names):
    assert roll_dist(text, Modifiers.of(names), basic=True) == brute_totals(text, names, True)


def test_six_dice_with_modifiers_match_brute_force():
    names = ["edge", "advantage", "advantage"]
    assert roll_dist("6d6", Modifiers.of(names)) == brute_totals("6d6", names)


def test_ten_dice_with_modifiers_are_fast_and_sane():
    start = time.perf_counter()
    dist = roll_dist("10d6", M(edge=2, advantage=3))
    pairs = basic_dist("10d6", 0, M(edge=1, disadvantage=1))
    assert time.perf_counter() - start < 1.0
    assert sum(dist.values()) == 1 and sum(pairs.values()) == 1
    # Five of ten dice are forced to 6, so the total is at least 35.
    assert min(dist) == 5 * 6 + 5 and max(dist) == 60
    # 35 needs the eight lowest dice to be ones: at least eight ones among ten.
    assert dist[35] == F(45 * 25 + 10 * 5 + 1, 6**10)
    assert pairs[(6 + 1 + 8 * 6, "success")] == F(1, 6**10)


# --- reference values (from the lead; exact) ---------------------------------


def test_reference_edge():
    dist = roll_dist("3d6", M(edge=1))
    assert dist.mean() == F(277, 24)
    assert dist[11] == F(36, 216)


def test_reference_advantage():
    assert roll_dist("3d6", M(advantage=1)).mean() == F(347, 24)


def test_extra_dice_in_basic_dist_match_brute_force():
    pairs = basic_dist("3d6", 2, M(advantage=1), extra_dice=1)
    counts = Counter()
    for faces in product(range(1, 7), repeat=4):
        basic = apply_in_order(faces[:3], 6, ["advantage"])
        counts[(sum(basic) + faces[3] + 2, automatic(faces[:3], 6))] += 1
    assert pairs == Dist.from_counts(counts)


# --- Dist itself -------------------------------------------------------------


def test_dist_basics():
    d6 = Dist.die(6)
    assert d6[3] == F(1, 6) and len(d6) == 6 and d6.mean() == F(7, 2)
    two = d6 + d6
    assert two[7] == F(1, 6) and list(two) == list(range(2, 13))
    assert (d6 + 2).mean() == F(11, 2) and (2 + d6) == (d6 + 2)
    assert (-d6).mean() == F(-7, 2)
    assert d6.map(lambda x: x % 2).items() == {0: F(1, 2), 1: F(1, 2)}.items()
    assert d6.prob(lambda x: x >= 5) == F(1, 3)
    assert Dist.from_counts({1: 2, 2: 2}) == Dist.from_probs({1: F(1, 2), 2: F(1, 2)})
    assert Dist.from_counts({1: 2, 2: 2}) != Dist.die(3)
    assert list(Dist.from_counts({(3, None): 1, (3, "success"): 1, (2, "failure"): 1})) == [
        (2, "failure"),
        (3, None),
        (3, "success"),
    ]
    with pytest.raises(ValueError):
        Dist.from_counts({1: 0})
    with pytest.raises(ValueError):
        Dist.from_probs({1: F(1, 2)})
