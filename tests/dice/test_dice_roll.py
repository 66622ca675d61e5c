import pytest
from dice_reference import Modifiers

from shaper_gm.dice import (
    DiceRng,
    GivenFaces,
    Roll,
    RolledFaces,
    basic_roll,
    parse,
    roll,
)


def test_breakdown_shows_changed_dice():
    result = roll("3d6+1", GivenFaces([4, 5, 5]), Modifiers(edge=1))
    assert isinstance(result, Roll)
    assert result.breakdown() == "[4, 5→6, 5] + 1 = 16"
    assert str(result) == result.breakdown()
    assert result.total == 16 and result.constant == 1 and result.automatic is None


def test_breakdown_groups_terms_and_signs():
    result = roll("2d6-1d4+3", GivenFaces("3,5,1"))
    assert result.breakdown() == "[3, 5] - [1] + 3 = 10"
    assert roll("1d6-2", GivenFaces("1")).breakdown() == "[1] - 2 = -1"


def test_constant_only_expression_needs_no_faces():
    result = roll("4", GivenFaces(()))
    assert (result.total, result.dice, result.breakdown()) == (4, (), "4 = 4")


def test_s1_basic_roll_adds_bonus_and_extra_dice():
    result = basic_roll(GivenFaces("2,3,4,5"), bonus=2, extra_dice=1)
    assert result.total == 2 + 3 + 4 + 5 + 2
    assert str(result.expr) == "3d6+1d6+2"
    assert result.breakdown() == "[2, 3, 4] + [5] + 2 = 16"


def test_s2_automatic_results_on_natural_basic_dice():
    success = basic_roll(GivenFaces("6,6,6"), bonus=-3)
    assert success.automatic == "success" and success.total == 15
    assert success.breakdown() == "[6, 6, 6] - 3 = 15 (automatic success)"
    assert basic_roll(GivenFaces("1,1,1"), bonus=9).automatic == "failure"
    # Modifiers act after the check: Advantage turning a 1 into 6 does not matter.
    modified = basic_roll(GivenFaces("1,1,1"), mods=Modifiers(advantage=1))
    assert modified.automatic == "failure" and modified.total == 8
    assert basic_roll(GivenFaces("6,6,5"), mods=Modifiers(advantage=1)).automatic is None
    # Ordinary rolls have no automatic results unless marked basic.
    assert roll("3d6", GivenFaces("6,6,6")).automatic is None
    assert roll("3d6", GivenFaces("6,6,6"), basic=True).automatic == "success"


def test_extra_dice_escape_modifiers_and_automatic_checks():
    result = basic_roll(
        GivenFaces("6,6,6,1"), mods=Modifiers(disadvantage=2), extra_dice=1, bonus=1
    )
    assert result.automatic == "success"  # the extra 1 does not spoil it
    assert [d.final for d in result.dice] == [1, 1, 6, 1]
    assert result.dice[3].changed_by is None
    assert result.total == 10
    low = basic_roll(GivenFaces("1,1,1,2"), mods=Modifiers(advantage=1), extra_dice=1)
    assert low.automatic == "failure"
    assert [d.final for d in low.dice] == [6, 1, 1, 2]  # Advantage skipped the extra die


def test_basic_expression_parameter_and_extra_die_size():
    result = basic_roll(GivenFaces("10,10,3"), basic_expr="2d10", extra_dice=1)
    assert result.automatic == "success"
    assert str(result.expr) == "2d10+1d10"
    assert result.total == 23
    d20 = basic_roll(GivenFaces("20"), basic_expr=parse("1d20"), bonus=5)
    assert (d20.total, d20.automatic) == (25, "success")


def test_rolled_basic_roll_is_reproducible():
    first = basic_roll(RolledFaces(DiceRng(11)), bonus=2, mods=Modifiers(edge=1))
    again = basic_roll(RolledFaces(DiceRng(11)), bonus=2, mods=Modifiers(edge=1))
    assert first == again
    assert first.total == sum(d.final for d in first.dice) + 2


def test_bad_basic_roll_arguments():
    with pytest.raises(ValueError):
        basic_roll(GivenFaces(()), basic_expr="3")
    with pytest.raises(ValueError):
        basic_roll(GivenFaces("1,1,1"), extra_dice=-1)
