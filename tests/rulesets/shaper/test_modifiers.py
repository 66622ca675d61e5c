"""Edge, Pressured, Advantage and Disadvantage (S3) on the attack roll and the evasion,
played through attacks with the dice given: `--edge`, `--pressured`, `--adv`, `--dis`
(and `--target-...` on the target's evasion), an effect's Advantage (`effect a NAME
--adv N`, S26) for more than one; the totals against the reference cancelling
(tests/dice/dice_reference.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shaper_gm.dice import Die, GivenFaces, apply_modifiers, parse, roll
from shaper_gm.engine.pinning import Pins
from tests.dice.dice_reference import apply_in_order, automatic, net_names
from tests.encounter.conftest import attack_outcome
from tests.rulesets.shaper.test_attack import fight

FLAGS = {"edge": "edge", "pressured": "pressured", "adv": "advantage", "dis": "disadvantage"}


def attack_roll(naturals, flags=(), adv=0, evade=(1, 1, 2), target_flags=()):
    """The attack of `a` (no bonus) on `t` (no bonus) with `flags` and an effect's
    Advantage `adv`: its outcome."""
    s = fight("--weapon longsword", "t --hp 99")
    if adv:
        s.execute(f"effect a luck --adv {adv}")
    words = " ".join(f"--{f}" for f in flags) + " " + \
        " ".join(f"--target-{f}" for f in target_flags)
    faces = ",".join(map(str, naturals))
    result = s.execute(f"attack a t {words} --roll {faces} "
                       f"--evade {','.join(map(str, evade))}")
    return attack_outcome(result)


def counted(flags=(), adv=0) -> dict[str, int]:
    counts = {name: 0 for name in FLAGS.values()}
    for f in flags:
        counts[FLAGS[f]] += 1
    counts["advantage" if adv > 0 else "disadvantage"] += abs(adv)
    return counts


def expected(naturals, flags=(), adv=0) -> list[int]:
    return apply_in_order(list(naturals), 6, net_names(**counted(flags, adv)))


# --- examples ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("naturals", "flags", "adv", "finals"),
    [
        ([4, 5, 5], ["edge"], 0, [4, 6, 5]),  # first of equal highest
        ([4, 5, 5], ["pressured"], 0, [1, 5, 5]),
        ([4, 5, 5], ["adv"], 0, [6, 5, 5]),
        ([4, 5, 5], ["dis"], 0, [4, 1, 5]),
        ([2, 3, 4], ["edge", "adv"], 0, [6, 3, 6]),
        ([2, 3, 4], ["edge", "dis"], 0, [2, 1, 6]),  # different dice
        ([2, 3, 4], ["pressured", "adv"], 0, [1, 6, 4]),
        ([2, 3, 4], ["adv", "dis"], 0, [2, 3, 4]),  # cancel
        ([2, 3, 4], ["edge", "pressured"], 0, [2, 3, 4]),  # cancel one for one
        ([2, 3, 4], ["edge"], -1, [2, 1, 6]),       # an effect's Disadvantage, Edge given
        ([3, 3, 3], ["edge", "adv"], 0, [6, 6, 3]),
        ([2, 3, 4], ["adv"], 4, [6, 6, 6]),  # extras ignored
        ([2, 3, 4], ["dis"], 2, [6, 3, 4]),  # the effect's 2 less the flag's 1
    ],
)
def test_examples(naturals, flags, adv, finals):
    assert expected(naturals, flags, adv) == finals     # the reference agrees
    out = attack_roll(naturals, flags, adv)
    assert out.attack.total == sum(finals)
    assert out.attack.automatic == automatic(naturals, 6)


def test_the_evasion_takes_the_targets_modifiers_alike():
    out = attack_roll([4, 4, 4], evade=[2, 3, 4], target_flags=["edge", "dis"])
    assert out.target("t").evasion.total == 2 + 1 + 6
    out = attack_roll([4, 4, 4], evade=[2, 3, 4], target_flags=["pressured", "adv"])
    assert out.target("t").evasion.total == 1 + 6 + 4


def test_edge_on_a_natural_6_claims_it_without_changing_it():
    # Edge takes the 6 (no change), Disadvantage the next highest: 6, 2, 3→1.
    out = attack_roll([6, 2, 3], ["edge", "dis"])
    assert out.attack.total == 6 + 2 + 1


# --- the dice layer under the pins the attack's roll declares ---------------------


def pinned(edge=0, pressured=0, advantage=0, disadvantage=0) -> Pins:
    """The pins the attack roll's `pins` make of these counts (actions.yaml: Edge less
    Pressured, Advantage less Disadvantage; Edge, Pressured, Advantage, Disadvantage)."""
    e, a = edge - pressured, advantage - disadvantage
    return Pins((("edge", max(0, e), True, True), ("pressured", max(0, -e), False, False),
                 ("advantage", max(0, a), False, True),
                 ("disadvantage", max(0, -a), True, False)))


def test_die_records_the_modifier_and_prints_an_arrow():
    dice = apply_modifiers([4, 5, 5], 6, pinned(edge=1))
    assert dice == (
        Die(6, 4, 4, None),
        Die(6, 5, 6, "edge"),
        Die(6, 5, 5, None),
    )
    assert [str(d) for d in dice] == ["4", "5→6", "5"]
    # Edge on a natural 6 claims it but does not change the face.
    claimed = apply_modifiers([6, 2, 3], 6, pinned(edge=1, disadvantage=1))
    assert [(d.changed_by, str(d)) for d in claimed] == [
        ("edge", "6"),
        (None, "2"),
        ("disadvantage", "3→1"),
    ]


def test_modifiers_on_other_die_sizes_use_their_top_face():
    finals = [d.final for d in apply_modifiers([3, 7, 1], 8, pinned(edge=1, advantage=1))]
    assert finals == [3, 8, 8]


def test_mixed_pool_with_modifiers_is_refused_before_rolling():
    faces = GivenFaces([1, 2, 3])
    with pytest.raises(ValueError, match="same-sized dice"):
        roll("2d6+1d8", faces, pinned(edge=1))
    assert faces.remaining == 3
    with pytest.raises(ValueError, match="same-sized dice"):
        roll("3d6-1d6", GivenFaces([1, 2, 3, 4]), pinned(advantage=1))
    # Cancelled modifiers have no effect, so any pool is fine.
    assert roll("2d6+1d8", GivenFaces([1, 2, 8]), pinned(edge=1, pressured=1)).total == 11


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6),
       st.lists(st.sampled_from(list(FLAGS)), max_size=8), st.integers(-20, 20))
def test_e_total_is_sum_of_final_faces_plus_constant(naturals, flags, bonus):
    expr = parse(f"{len(naturals)}d6").plus(bonus)
    result = roll(expr, GivenFaces(naturals), pinned(**counted(flags)))
    assert result.total == sum(d.final for d in result.dice) + bonus
    assert result.constant == bonus
    assert result.naturals == tuple(naturals)
    assert [d.final for d in result.dice] == expected(naturals, flags)


# --- properties ----------------------------------------------------------------

naturals_st = st.lists(st.integers(1, 6), min_size=3, max_size=3)
flags_st = st.lists(st.sampled_from(list(FLAGS)), unique=True, max_size=4)
PLAYED = settings(max_examples=30, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow])


@PLAYED
@given(naturals_st, flags_st, st.integers(-3, 3))
def test_the_total_is_the_reference_cancelling_in_any_order(naturals, flags, adv):
    """The flags in any order, an effect's Advantage or Disadvantage besides: the total
    is the reference's final faces (S3 cancelling one for one, pins each on an untouched
    die, extras ignored), and the automatic result the naturals' alone (S2)."""
    out = attack_roll(naturals, flags, adv)
    assert out.attack.total == sum(expected(naturals, flags, adv))
    assert out.attack.automatic == automatic(naturals, 6)
    assert attack_roll(naturals, list(reversed(flags)), adv).attack.total == \
        out.attack.total


@PLAYED
@given(naturals_st, flags_st)
def test_a_target_s_modifiers_pin_its_evasion_by_the_same_reference(naturals, flags):
    out = attack_roll([4, 4, 4], evade=naturals, target_flags=flags)
    assert out.target("t").evasion.total == sum(expected(naturals, flags))
