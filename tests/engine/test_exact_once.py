"""`tape.once`: what a step works out from its situation alone is made once per
situation by odds, however many branches its rolls make, and the odds do not change."""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.dice.specs import SumRoll
from shaper_gm.engine.steps import Step, exact


def test_odds_make_a_steps_spec_once_per_situation_not_once_per_branch():
    made: list = []

    def spec_for(ctx: int) -> SumRoll:
        made.append(ctx)
        return SumRoll.of(f"1d{ctx}")

    def roll(ctx, tape):
        return tape.roll("roll", tape.once("spec", spec_for, ctx)).total

    final = exact((Step(lambda ctx, tape: ctx + tape.roll("roll", SumRoll.of("1d2")).total),
                   Step(roll)), 2)
    assert sorted(made) == [3, 4]               # two situations, 3 + 4 branches
    assert final == {1: Fraction(1, 6) + Fraction(1, 8), 2: Fraction(1, 6) + Fraction(1, 8),
                     3: Fraction(1, 6) + Fraction(1, 8), 4: Fraction(1, 8)}
