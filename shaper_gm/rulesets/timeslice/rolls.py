"""Stat rolls (T1, T2): 2d10 read 0-9, plus the stat's bonus (stat - 10)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from shaper_gm.dice import DiceSource, Roll
from shaper_gm.dice.exact import roll_dist
from shaper_gm.dice.notation import DiceTerm, Expr, add, parse
from shaper_gm.dice.roll import roll
from shaper_gm.dice.specs import SumRoll

ZERO_READ_SIDES = 10     # T1: the die that reads 0-9


@lru_cache(maxsize=16)
def parse_stat_roll(text: str, zero_faces: bool) -> Expr:
    """The stat roll's dice; with `zero_faces` every d10 reads 0-9 (T1)."""
    expr = parse(text)
    if not expr.dice_terms or expr.constant or any(t.sign < 0 for t in expr.terms):
        raise ValueError(f"{text!r} must be dice added together, with no constant")
    return zero_read(Expr(expr.dice_terms), zero_faces)


def zero_read(expr: Expr, zero_faces: bool = True) -> Expr:
    """`expr` with every d10 read 0-9 (T1) when `zero_faces`; other dice as they are."""
    if not zero_faces:
        return expr
    return Expr(tuple(DiceTerm(t.count, t.sides, t.sign, 0)
                      if isinstance(t, DiceTerm) and t.sides == ZERO_READ_SIDES else t
                      for t in expr.terms))


def stat_dice(numbers: Any) -> Expr:
    return parse_stat_roll(numbers.stat_roll, numbers.zero_faces)


def stat_spec(numbers: Any, what: str = "stat roll") -> SumRoll:
    """The dice of a stat roll, without the bonus (steps add the bonus as a noted part)."""
    return SumRoll(stat_dice(numbers), what)


def with_bonus(spec: SumRoll, bonus: int) -> SumRoll:
    """The stat roll as the table calls it out: a total given for it (`--roll =18`)
    includes the bonuses a step adds after the dice (T2, T9, T10, T16)."""
    return replace(spec, after=bonus) if bonus else spec


def bonus(numbers: Any, stat: int) -> int:
    """T2: a stat's bonus is the stat minus the average (10)."""
    return stat - numbers.stat_average


@lru_cache(maxsize=8)
def dice_mean(numbers: Any) -> Fraction:
    """The mean of the stat roll's dice: 9 for 2d10 read 0-9 (T1, T2)."""
    return roll_dist(stat_dice(numbers)).mean()


def stat_roll(numbers: Any, stat: int, source: DiceSource, what: str) -> Roll:
    """A whole stat roll, bonus included, e.g. initiative (T4)."""
    return roll(add(stat_dice(numbers), bonus(numbers, stat)), source, what=what)
