import time

import pytest

from shaper_gm.dice import Constant, DiceSyntaxError, DiceTerm, Expr, add, parse
from shaper_gm.dice.notation import evaluate


@pytest.mark.parametrize(
    ("text", "canonical", "low", "high", "constant", "count"),
    [
        ("3d6", "3d6", 3, 18, 0, 3),
        ("1d6+3", "1d6+3", 4, 9, 3, 1),
        ("2d6+1d6+3", "2d6+1d6+3", 6, 21, 3, 3),
        ("1d6-2", "1d6-2", -1, 4, -2, 1),
        (" 3d6 + 2 ", "3d6+2", 5, 20, 2, 3),
        ("d20", "1d20", 1, 20, 0, 1),
        ("2D8 - 1d4", "2d8-1d4", -2, 15, 0, 3),
        ("\t4\t", "4", 4, 4, 4, 0),
    ],
)
def test_parse_and_canonical_form(text, canonical, low, high, constant, count):
    expr = parse(text)
    assert str(expr) == canonical
    assert parse(canonical) == expr
    assert (expr.min, expr.max, expr.constant, expr.dice_count) == (low, high, constant, count)


def test_tree_shape():
    assert parse("2d6+1d6-3").terms == (
        DiceTerm(2, 6, 1),
        DiceTerm(1, 6, 1),
        Constant(3, -1),
    )


def test_evaluate_uses_faces_per_dice_term():
    expr = parse("2d6-1d4+3")
    assert evaluate(expr, [[6, 5], [2]]) == 12
    with pytest.raises(ValueError):
        evaluate(expr, [[6], [2]])


@pytest.mark.parametrize(
    ("text", "column", "fragment"),
    [
        ("3d6x", 4, "unexpected 'x' at column 4 in '3d6x'"),
        ("d", 2, "unexpected end at column 2"),
        ("3d", 3, "unexpected end at column 3"),
        ("+", 1, "unexpected '+' at column 1"),
        ("", 1, "empty expression"),
        ("   ", 1, "empty expression"),
        ("3d6+", 5, "unexpected end at column 5"),
        ("3d6 + x", 7, "unexpected 'x' at column 7"),
        ("3 d6", 3, "unexpected 'd' at column 3"),
        ("1d6--2", 5, "unexpected '-' at column 5"),
        ("101d6", 1, "dice count 101 is out of range 1-100"),
        ("0d6", 1, "dice count 0 is out of range 1-100"),
        ("3d1", 3, "die size 1 is out of range 2-1000"),
        ("2d6+3d1001", 7, "die size 1001 is out of range 2-1000"),
        ("3d6+10001", 5, "constant 10001 is out of range 0-10000"),
    ],
)
def test_syntax_errors_name_the_column(text, column, fragment):
    with pytest.raises(DiceSyntaxError) as info:
        parse(text)
    assert info.value.column == column
    message = str(info.value)
    assert fragment in message
    assert message.startswith("dice: ")
    assert "write NdS+K, e.g. 1d6+3" in message
    assert "\n" not in message
    assert isinstance(info.value, ValueError)


def test_exact_message_format():
    with pytest.raises(DiceSyntaxError) as info:
        parse("3d6x")
    assert str(info.value) == "dice: unexpected 'x' at column 4 in '3d6x'; write NdS+K, e.g. 1d6+3"


@pytest.mark.parametrize(
    "text", ["9" * 5000 + "d6", "3d" + "9" * 5000, "1d6+" + "9" * 100_000, "1" * 20]
)
def test_huge_numbers_fail_fast_naming_the_limit(text):
    start = time.perf_counter()
    with pytest.raises(DiceSyntaxError) as info:
        parse(text)
    assert time.perf_counter() - start < 0.5
    assert "out of range" in str(info.value)
    assert len(str(info.value)) < 200


def test_add_and_plus_merge_constants():
    weapon = parse("1d8+2")
    assert str(weapon.plus(3)) == "1d8+5"
    assert str(weapon.plus(-5)) == "1d8-3"
    assert str(weapon.plus(-2)) == "1d8"
    assert str(add(weapon, parse("1d6+1"))) == "1d8+1d6+3"
    assert str(add(parse("2"), "d4")) == "1d4+2"
    assert add(parse("3d6"), 0) == parse("3d6")


def test_terms_validate_limits():
    with pytest.raises(ValueError):
        DiceTerm(0, 6)
    with pytest.raises(ValueError):
        DiceTerm(1, 1)
    with pytest.raises(ValueError):
        Constant(-1)
    with pytest.raises(ValueError):
        Expr(())
