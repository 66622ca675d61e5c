from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.dice import Die, GivenFaces, apply_modifiers, parse, resolve, roll
from shaper_gm.rulesets.shaper.modifiers import Modifiers
from tests.dice.dice_reference import apply_in_order, automatic, net_names

NAMES = ["edge", "pressured", "advantage", "disadvantage", "adv", "dis"]
naturals_st = st.lists(st.integers(1, 6), min_size=1, max_size=6)
names_st = st.lists(st.sampled_from(NAMES), max_size=8)


def finals(dice):
    return [d.final for d in dice]


# --- examples ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("naturals", "names", "expected"),
    [
        ([4, 5, 5], ["edge"], [4, 6, 5]),  # first of equal highest
        ([4, 5, 5], ["pressured"], [1, 5, 5]),
        ([4, 5, 5], ["advantage"], [6, 5, 5]),
        ([4, 5, 5], ["disadvantage"], [4, 1, 5]),
        ([2, 3, 4], ["edge", "advantage"], [6, 3, 6]),
        ([2, 3, 4], ["edge", "disadvantage"], [2, 1, 6]),  # different dice
        ([2, 3, 4], ["pressured", "advantage"], [1, 6, 4]),
        ([2, 3, 4], ["advantage", "disadvantage"], [2, 3, 4]),  # cancel
        ([2, 3, 4], ["edge", "edge", "pressured"], [2, 3, 6]),  # cancel one for one
        ([3, 3, 3], ["edge", "advantage"], [6, 6, 3]),
        ([2, 3, 4], ["adv"] * 5, [6, 6, 6]),  # extras ignored
        # Canonical order decides only when modifiers outnumber dice:
        ([3], ["disadvantage", "edge"], [6]),
        ([3], ["advantage", "pressured"], [1]),
        ([2, 5], ["dis", "dis", "edge", "edge"], [6, 6]),
    ],
)
def test_examples(naturals, names, expected):
    assert finals(apply_modifiers(naturals, 6, Modifiers.of(names))) == expected


def test_die_records_the_modifier_and_prints_an_arrow():
    dice = apply_modifiers([4, 5, 5], 6, Modifiers(edge=1))
    assert dice == (
        Die(6, 4, 4, None),
        Die(6, 5, 6, "edge"),
        Die(6, 5, 5, None),
    )
    assert [str(d) for d in dice] == ["4", "5→6", "5"]
    # Edge on a natural 6 claims it but does not change the face.
    claimed = apply_modifiers([6, 2, 3], 6, Modifiers(edge=1, disadvantage=1))
    assert [(d.changed_by, str(d)) for d in claimed] == [
        ("edge", "6"),
        (None, "2"),
        ("disadvantage", "3→1"),
    ]


def test_modifiers_on_other_die_sizes_use_their_top_face():
    assert finals(apply_modifiers([3, 7, 1], 8, Modifiers(edge=1, advantage=1))) == [3, 8, 8]


def test_of_add_net_bool_describe():
    mods = Modifiers.of(["Edge", "ADV", "dis", "advantage", " pressured "])
    assert mods == Modifiers(edge=1, pressured=1, advantage=2, disadvantage=1)
    assert mods.net() == Modifiers(advantage=1)
    assert mods.count == 1 and bool(mods)
    assert not Modifiers(advantage=1, disadvantage=1)
    assert Modifiers(edge=1) + Modifiers(edge=1, pressured=2) == Modifiers(edge=2, pressured=2)
    assert Modifiers().describe() == "no modifiers"
    assert Modifiers(edge=1, advantage=2).describe() == "edge, advantage ×2"
    assert Modifiers(advantage=1, disadvantage=1).describe() == "advantage, disadvantage (cancel)"
    assert mods.describe() == ("edge, pressured, advantage ×2, disadvantage (net advantage)")
    with pytest.raises(ValueError, match="unknown modifier 'lucky'"):
        Modifiers.of(["edge", "lucky"])
    with pytest.raises(ValueError):
        Modifiers(edge=-1)


def test_every_listing_order_gives_the_same_result():
    # net: edge 1, disadvantage 1 — Edge claims the 6, Disadvantage the first 3.
    names = ["edge", "dis", "disadvantage", "advantage", "pressured", "edge"]
    naturals = [3, 1, 6, 3]
    results = {tuple(apply_modifiers(naturals, 6, Modifiers.of(p))) for p in permutations(names)}
    assert len(results) == 1
    assert finals(results.pop()) == [1, 1, 6, 3]


def test_mixed_pool_with_modifiers_is_refused_before_rolling():
    given = GivenFaces([1, 2, 3])
    with pytest.raises(ValueError, match="same-sized dice"):
        roll("2d6+1d8", given, Modifiers(edge=1))
    assert given.remaining == 3
    with pytest.raises(ValueError, match="same-sized dice"):
        roll("3d6-1d6", GivenFaces([1, 2, 3, 4]), Modifiers(advantage=1))
    # Cancelled modifiers have no effect, so any pool is fine.
    assert roll("2d6+1d8", GivenFaces([1, 2, 8]), Modifiers(edge=1, pressured=1)).total == 11


# --- properties ----------------------------------------------------------------


@given(naturals_st, names_st, st.data())
def test_a_listing_order_never_matters(naturals, names, data):
    perm = data.draw(st.permutations(names))
    assert apply_modifiers(naturals, 6, Modifiers.of(perm)) == apply_modifiers(
        naturals, 6, Modifiers.of(names)
    )


@given(naturals_st, names_st, st.data())
def test_a_application_order_never_matters_while_dice_suffice(naturals, names, data):
    mods = Modifiers.of(names)
    remaining = net_names(**vars(mods))
    ours = apply_modifiers(naturals, 6, mods)
    assert finals(ours) == apply_in_order(naturals, 6, remaining)  # canonical order
    if len(remaining) <= len(naturals):
        order = data.draw(st.permutations(remaining))
        assert sorted(apply_in_order(naturals, 6, order)) == sorted(finals(ours))


@given(naturals_st, names_st, st.sampled_from(["adv-dis", "edge-pressured"]))
def test_b_a_cancelling_pair_changes_nothing(naturals, names, pair):
    extra = ["advantage", "disadvantage"] if pair == "adv-dis" else ["edge", "pressured"]
    base = apply_modifiers(naturals, 6, Modifiers.of(names))
    assert apply_modifiers(naturals, 6, Modifiers.of(names + extra)) == base


@given(naturals_st, names_st, st.integers(-5, 5))
def test_c_automatic_result_depends_only_on_naturals(naturals, names, bonus):
    expr = parse(f"{len(naturals)}d6").plus(bonus)
    with_mods = resolve(expr, naturals, Modifiers.of(names), basic=True)
    without = resolve(expr, naturals, Modifiers(), basic=True)
    assert with_mods.automatic == without.automatic == automatic(naturals, 6)


@given(naturals_st, names_st)
def test_d_each_die_at_most_one_modifier_and_extras_ignored(naturals, names):
    mods = Modifiers.of(names)
    dice = apply_modifiers(naturals, 6, mods)
    claimed = [d for d in dice if d.changed_by is not None]
    assert len(claimed) == min(mods.count, len(naturals))
    assert all(d.final == d.natural for d in dice if d.changed_by is None)
    top = {"edge", "advantage"}
    assert all(d.final == (6 if d.changed_by in top else 1) for d in claimed)
    net = mods.net()
    for name in ("edge", "pressured", "advantage", "disadvantage"):
        assert sum(d.changed_by == name for d in dice) <= getattr(net, name)


@given(naturals_st, names_st, st.integers(-20, 20))
def test_e_total_is_sum_of_final_faces_plus_constant(naturals, names, bonus):
    expr = parse(f"{len(naturals)}d6").plus(bonus)
    result = roll(expr, GivenFaces(naturals), Modifiers.of(names))
    assert result.total == sum(d.final for d in result.dice) + bonus
    assert result.constant == bonus
    assert result.naturals == tuple(naturals)
