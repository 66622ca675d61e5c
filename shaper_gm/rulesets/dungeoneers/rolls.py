"""The dice of tests and checks (D11-D15), as expressions with a readable label.

A test side rolls the die of its proficiency rank and adds a score (`1d6 + 2`); with the
`score_as_dice` switch the score is the number of dice instead (`2d6`, D13). Boon adds,
bane subtracts, one boon die each, after the proficiency dice (D15). A check rolls a
named die and adds a score against a fixed number (D14).
"""

from __future__ import annotations

from shaper_gm.dice.notation import Constant, DiceTerm, Expr, add, dice_terms
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.models import Numbers, Sheet


@record
class RollSide:
    """One side of a test: who rolls what, for the roll and the breakdown."""

    who: str                  # the creature's name, for the breakdown
    skill: str
    rank: str
    score_name: str
    score: int
    boon: int                 # net points of boon; negative is bane (D15)
    expr: Expr

    @property
    def label(self) -> str:
        text = f"{self.who} rolls [{self.skill}: {self.rank}] + {self.score_name} {self.score}"
        if self.boon > 0:
            text += f", boon {self.boon}"
        elif self.boon < 0:
            text += f", bane {-self.boon}"
        return text


def score_dice(numbers: Numbers, sides: int, score: int) -> Expr:
    """[D] + S as dice: `1dD + S`, or `SdD` with `score_as_dice` (D13)."""
    if numbers.score_as_dice:
        count = max(score, numbers.score_dice_minimum)
        return Expr(dice_terms(count, sides)) if count > 0 else Expr((Constant(0),))
    base = Expr((DiceTerm(1, sides),))
    return add(base, score) if score else base


def with_boon(numbers: Numbers, expr: Expr, boon: int) -> Expr:
    """Net boon adds boon dice, net bane subtracts bane dice (D15)."""
    if boon > 0:
        return add(expr, Expr(dice_terms(boon, numbers.boon_die)))
    if boon < 0:
        return add(expr, Expr(dice_terms(-boon, numbers.bane_die, -1)))
    return expr


def side_of(numbers: Numbers, who: str, sheet: Sheet, skill: str, score_name: str,
              boon: int = 0) -> RollSide:
    """`[skill] + score` for one creature (D11, D12), with boon or bane (D15)."""
    rank = sheet.rank(skill)
    score = sheet.score(score_name)
    expr = with_boon(numbers, score_dice(numbers, numbers.die_of(rank), score), boon)
    return RollSide(who, skill, rank, score_name, score, boon, expr)


def better_score(sheet: Sheet, *names: str) -> str:
    """D11: where the source offers a choice of score, the defender uses the higher."""
    return max(names, key=lambda name: (sheet.score(name), -names.index(name)))


def ties_to_actor(numbers: Numbers) -> bool:
    """D11: a tie of totals goes to the actor, or to the defender with
    `test_ties: defender` (the steps judge the totals, `steps.judge_test`)."""
    return numbers.test_ties == "actor"


def check_dice(numbers: Numbers, sides: int, score: int) -> Expr:
    """D14: a check's `[D] + S` (S dice of D with `score_as_dice`, D13)."""
    return score_dice(numbers, sides, score)
