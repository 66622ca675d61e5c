"""What a declared action checks of the answers declared with it (`--react ID=ANSWER`)
before anything is rolled or paid: that each is for one of its targets, and that the
steps would take each on every way the dice may go."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import MutableMapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from shaper_gm.engine.declared_records import step_fault
from shaper_gm.engine.expr import ExprError
from shaper_gm.engine.situation import Situation
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.stepkit import Facts

if TYPE_CHECKING:
    from shaper_gm.engine.declared import Declared
    from shaper_gm.engine.request import Request


def refuse_others(declared: Declared, state: Encounter, rs: Any, request: Request,
                  answers: Sequence[tuple[str, str]]) -> None:
    """`refusals: others`: a `--react` for an actor other than a target of the action,
    refused in its words before anything is rolled or paid."""
    if declared.target is None or not any(check == "others"
                                          for check, _, _ in declared.refusals):
        return
    for actor, answer in answers:
        if actor not in request.targets:
            declared.refuse("others", ChainMap({"word": f"{actor}={answer}"}, cast(
                "MutableMapping[str, Any]", Situation(state, rs, request, request.targets[0]))))


def answers_payable(declared: Declared, plan: tuple[Facts, ...], decisions: Any) -> None:
    """Every answer declared is one the steps would take on each way the dice may go, or
    the action is refused before anything is rolled or paid: what `spare` leaves out is
    only what a success made unneeded (R2: a dodge and a block the defender could not
    pay for both are refused, whether the dodge succeeds or not). Steps too
    many-branched to weigh are checked as they play."""
    from shaper_gm.dice.errors import TooLarge
    from shaper_gm.engine.steps import exact
    for facts in plan:
        try:
            exact(declared.steps, facts, decisions)
        except TooLarge:
            return
        except ExprError as exc:
            raise step_fault(declared.name, exc) from None
