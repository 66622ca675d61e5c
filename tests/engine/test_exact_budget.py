"""The exact runner weighs at most MAX_BRANCHES outcomes, and refuses as soon as it can
tell a run would weigh more: counted in step runs, never in wall time."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shaper_gm.dice.errors import TooLarge
from shaper_gm.dice.specs import SumRoll
from shaper_gm.engine.steps import MAX_BRANCHES, Step, exact


def rolling(*specs: str, runs: list) -> Step:
    """A step adding the totals of `specs` to the situation (an int), counting its runs."""
    def fn(ctx, tape):
        runs.append(ctx)
        return ctx + sum(tape.roll("roll", SumRoll.of(spec)).total for spec in specs)
    return Step(fn)


def test_a_run_within_the_budget_is_exact():
    runs: list = []
    final = exact((rolling("1d6", runs=runs), rolling("1d6", runs=runs)), 0)
    assert final[7] == Fraction(1, 6) and sum(final.values()) == 1


def test_a_step_runs_once_per_branch_with_no_run_wasted_on_finding_its_rolls():
    """1d6 then 1d4 in one step: 24 paths, 24 runs (each run follows one path whole)."""
    runs: list = []
    final = exact((rolling("1d6", "1d4", runs=runs),), 0)
    assert len(runs) == 24
    assert final[2] == Fraction(1, 24) and final[7] == Fraction(4, 24)


def test_more_steps_than_the_budget_are_refused_before_any_runs():
    runs: list = []
    with pytest.raises(TooLarge, match="30,001 outcomes"):
        exact((rolling(runs=runs),) * (MAX_BRANCHES + 1), 0)
    assert runs == []


def test_situations_times_branches_past_the_budget_are_refused_after_the_first():
    """1,000 situations, each branching 100 ways: refused once the first has branched."""
    runs: list = []
    with pytest.raises(TooLarge, match="past the limit of 30,000"):
        exact((rolling("1d1000", runs=runs), rolling("1d100", runs=runs)), 0)
    assert len(runs) <= 1 + 1000 + 1 + 100


def test_one_situation_branching_past_the_budget_is_refused_as_it_branches():
    runs: list = []
    with pytest.raises(TooLarge):
        exact((rolling("1d100", "1d100", "1d100", runs=runs),), 0)
    assert len(runs) <= MAX_BRANCHES // 100 + 100
