"""The safe expression language of rulesets written as data (engine/expr.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.engine.expr import Dice, DiceTerm, ExprError, compile_expr


def value(text, **env):
    return compile_expr(text).value({k.replace("__", "."): v for k, v in env.items()})


def test_arithmetic_rounds_every_division_down():
    # G2: modifier = floor((score - 10) / 2)
    assert [value("(score - 10) / 2", score=s) for s in (1, 8, 9, 10, 11, 20, 30)] == \
        [-5, -1, -1, 0, 0, 5, 10]
    assert value("7 % 3 + 2 * 3 - -1") == 8


def test_comparisons_truth_and_words():
    rule = "natural == 20 or (natural != 1 and total >= target.ac)"
    assert value(rule, natural=20, total=3, target__ac=30) is True
    assert value(rule, natural=1, total=40, target__ac=10) is False
    assert value(rule, natural=9, total=15, target__ac=15) is True
    assert value(rule, natural=9, total=14, target__ac=15) is False
    assert value("'fire' in resist and not prone", resist=("fire", "cold"), prone=False)
    assert value("kind == 'undead'", kind="undead") is True


def test_functions():
    assert value("max(10, damage / 2)", damage=25) == 12
    assert value("min(3, 1, 2) + abs(-4)") == 5
    assert value("if(x > 1, 5, -3)", x=0) == -3


def test_fraction_is_a_chance_in_lowest_terms_as_words():
    # R3: a d20 target of 16 succeeds on 5 faces in 20
    assert [value("fraction(21 - t, 20)", t=t) for t in (16, 12, 21, 1)] == \
        ["1/4", "9/20", "0", "1"]
    with pytest.raises(ExprError, match="whole of 0"):
        value("fraction(1, 0)")


def test_pairs_writes_a_mappings_keys_and_values_as_words():
    assert compile_expr("pairs(m)").value({"m": {"fly": 4, "ground": 1}}) == "fly 4, ground 1"
    assert compile_expr("pairs(m) == ''").value({"m": {}}) is True
    with pytest.raises(ExprError, match=r"pairs\(\) reads a mapping, not 3"):
        compile_expr("pairs(m)").value({"m": 3})


def test_sum_adds_a_mappings_values_or_a_lists_numbers():
    assert compile_expr("sum(m)").value({"m": {"longshot": 2, "retreat": 1}}) == 3
    assert compile_expr("sum(m)").value({"m": {}}) == 0
    assert compile_expr("sum(m)").value({"m": (1, 2, 4)}) == 7
    with pytest.raises(ExprError, match=r"sum\(\) reads a mapping or a list, not 'x'"):
        compile_expr("sum(m)").value({"m": "x"})


def test_before_reads_the_words_before_a_separator():
    """S2: `--auto taylor=success` names taylor; words without it are read whole."""
    assert compile_expr("before(w, '=')").value({"w": "taylor=success"}) == "taylor"
    assert compile_expr("before(w, '=')").value({"w": "maybe"}) == "maybe"
    with pytest.raises(ExprError, match=r"before\(\) reads words and a separator, not 3"):
        compile_expr("before(w, '=')").value({"w": 3})


def test_default_and_dice_from_content_words():
    assert value("default(saves.str, str_mod)", str_mod=3) == 3
    assert value("default(saves.str, str_mod)", saves__str=5, str_mod=3) == 5
    assert compile_expr("dice(item.damage) + 2").dice({"item.damage": "1d6+2"}).text() == \
        "1d6+4"
    with pytest.raises(ExprError):
        compile_expr("dice(w)").value({"w": "1d6+x"})


def test_the_names_an_expression_reads():
    assert compile_expr("max(10, target.hp / 2) + if(a, b, 0)").names == \
        {"target.hp", "a", "b"}


def test_dice_add_up_with_numbers_and_names_holding_dice():
    weapon = compile_expr("1d8").value({})
    assert weapon == Dice((DiceTerm(1, 8),), 0)
    rolled = compile_expr("weapon + str_mod + 1d6").dice({"weapon": weapon, "str_mod": 3})
    assert rolled.text() == "1d8+1d6+3"
    assert rolled.doubled().text() == "2d8+2d6+3"          # G11: dice twice, number once
    assert compile_expr("2d6 - 1").dice({}).text() == "2d6-1"
    assert compile_expr("5").dice({}).text() == "+5".lstrip("+")


@pytest.mark.parametrize("text, says", [
    ("1d20 >= 5", "compare its result in a later step"),
    ("(2d6)", "dice belong in the sum"),
    ("2d6 * 2", "dice only add up"),
    ("1 +", "ends too soon"),
    ("foo(1)", "no function 'foo'"),
    ("max()", "unexpected ')'"),
    ("if(1, 2)", "if() takes 3 arguments"),
    ("3 @ 4", "cannot read"),
    ("d1", "dice run from 1 to 100"),
    ("500d6", "dice run from 1 to 100"),
    ("1234567890", "at most 9 digits"),
    ("(" * 50 + "1" + ")" * 50, "nested more than 40"),
    ("1 + " * 200 + "1", "longer than 500"),
    ("", "an empty expression"),
    ("a b", "unexpected 'b'"),
    ("and", "unexpected 'and'"),
])
def test_bad_expressions_are_refused_with_the_reason(text, says):
    with pytest.raises(ExprError, match=None) as caught:
        compile_expr(text)
    assert says in str(caught.value)


@pytest.mark.parametrize("text, env, says", [
    ("x / y", {"x": 1, "y": 0}, "divides by zero"),
    ("x + 1", {}, "no value named 'x'"),
    ("w + 1", {"w": "fire"}, "expected a number"),
    ("w < 1", {"w": "fire"}, "cannot compare"),
    ("d > 1", {"d": Dice((DiceTerm(1, 6),), 0)}, "dice cannot be compared"),
    ("d * 2", {"d": Dice((DiceTerm(1, 6),), 0)}, "dice only add up"),
    ("x * x * x", {"x": 10 ** 6}, "past the largest number"),
])
def test_a_bad_value_while_running_is_an_expr_error_not_a_crash(text, env, says):
    with pytest.raises(ExprError) as caught:
        compile_expr(text).value(env)
    assert says in str(caught.value)


@given(st.text(max_size=60))
def test_any_text_parses_or_is_refused_cleanly(text):
    try:
        compiled = compile_expr(text)
    except ExprError:
        return
    try:
        compiled.value({name: 1 for name in compiled.names})
    except ExprError:
        pass


@given(st.integers(-999_999, 999_999), st.integers(1, 1000))
def test_division_is_floor_division(a, b):
    assert value("a / b", a=a, b=b) == a // b
    assert value("a % b", a=a, b=b) == a % b


def test_at_reads_a_lists_item_by_its_place():
    """`at(list, place, other)`: 0 the first, `other` past either end (the last weapon in
    hand, `at(holding, count(holding) - 1, '')`)."""
    held = {"holding": ("warhammer", "dagger"), "none": ()}
    last = compile_expr("at(holding, count(holding) - 1, 'nothing')")
    assert last.run(held) == "dagger"
    assert compile_expr("at(holding, 0, '')").run(held) == "warhammer"
    assert compile_expr("at(holding, 2, 'past')").run(held) == "past"
    assert compile_expr("at(none, count(none) - 1, 'nothing')").run(held) == "nothing"
