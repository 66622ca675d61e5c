import pytest
from dice_reference import Modifiers

from shaper_gm.dice import (
    DiceInputError,
    DiceRng,
    DiceSource,
    GivenFaces,
    RolledFaces,
    basic_roll,
    parse_faces,
    roll,
)


def test_parse_faces_accepts_commas_and_spaces():
    assert parse_faces("5,5,3") == (5, 5, 3)
    assert parse_faces(" 5, 5 ,3 ") == (5, 5, 3)
    assert parse_faces("5 5 3") == (5, 5, 3)
    assert parse_faces("12") == (12,)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("5,x,3", "'x' is not a die face"),
        ("5,-1,3", "'-1' is not a die face"),
        ("5,,3", "empty entry"),
        ("", "nothing given"),
        ("5;5", "'5;5' is not a die face"),
        ("5," + "9" * 50, "is not a die face"),
    ],
)
def test_parse_faces_rejects_garbage_naming_the_token(text, fragment):
    with pytest.raises(DiceInputError) as info:
        parse_faces(text)
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


def test_given_faces_wrong_count():
    with pytest.raises(DiceInputError) as info:
        GivenFaces([5, 5]).faces(3, 6, "attack roll")
    assert str(info.value) == "attack roll: expected 3 faces for 3d6, got 2"
    with pytest.raises(DiceInputError, match="expected 3 faces for 3d6, got 4"):
        GivenFaces([5, 5, 3, 1]).faces(3, 6, "attack roll")


def test_given_faces_out_of_range():
    with pytest.raises(DiceInputError) as info:
        GivenFaces([5, 7, 1]).faces(3, 6, "evasion roll")
    assert str(info.value) == "evasion roll: face 7 is out of range 1-6"
    with pytest.raises(DiceInputError, match="face 0 is out of range 1-6"):
        GivenFaces([0, 1, 1]).faces(3, 6, "x")


def test_given_faces_through_roll_checks_the_whole_roll_first():
    rng = DiceRng(1)
    given = GivenFaces("5,5,3", rng=rng)
    with pytest.raises(DiceInputError) as info:
        basic_roll(given, extra_dice=1, what="attack roll")
    assert str(info.value) == "attack roll: expected 4 faces for 3d6+1d6, got 3"
    assert rng.position == 0 and given.remaining == 3  # nothing consumed
    with pytest.raises(DiceInputError, match="face 5 is out of range 1-4"):
        roll("2d6+1d4", GivenFaces("1,2,5"), what="damage")


def test_given_faces_consumed_once_and_skip_rng():
    rng = DiceRng(3)
    given = GivenFaces((4, 5, 6), rng=rng)
    assert given.faces(3, 6, "roll") == (4, 5, 6)
    assert rng.position == 3 and given.remaining == 0
    with pytest.raises(DiceInputError, match="expected 1 faces for 1d6, got 0"):
        given.faces(1, 6, "roll")


def test_sources_satisfy_protocol():
    assert isinstance(GivenFaces([1]), DiceSource)
    assert isinstance(RolledFaces(DiceRng(0)), DiceSource)


def test_given_faces_treated_exactly_like_rolled_ones():
    # S4: typing in what the generator would have rolled gives the same Roll,
    # and the generator ends at the same position either way.
    mods = Modifiers(edge=1, advantage=1)
    rolled_rng = DiceRng(77)
    rolled = roll("3d6+1d6+2", RolledFaces(rolled_rng), mods, what="attack")
    given_rng = DiceRng(77)
    given = roll("3d6+1d6+2", GivenFaces(rolled.naturals, rng=given_rng), mods, what="attack")
    assert given == rolled
    assert given_rng == rolled_rng and rolled_rng.position == 4


def test_position_is_a_function_of_dice_count():
    rng = DiceRng(8)
    basic_roll(RolledFaces(rng), extra_dice=1)
    basic_roll(GivenFaces("1,2,3", rng=rng))
    roll("2d8", RolledFaces(rng))
    assert rng.position == 9
