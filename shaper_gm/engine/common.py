"""The actions every ruleset shares, priced in its own units: `act` (any other action,
on the actor's turn) and `react` (a reaction outside it). The ruleset says what a cost
word spends (`act_cost`, `react_cost`); the engine's pipeline does the rest."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation


def _act(acting: Acting) -> Done:
    request = acting.request
    return Done(acting.state, (ev.Said(acting.actor, request.arg("cost"),
                                       request.arg("text")),))


def _react(acting: Acting) -> Done:
    request = acting.request
    rs = acting.rs
    spent = tuple(_react_cost(acting).items())
    actor = acting.state.actors[acting.actor]
    left = tuple((name, actor.resource(name)) for name, _ in spent)
    return Done(acting.state, (ev.Reacted(acting.actor, request.arg("text"),
                                          spent=spent, left=left,
                                          rule=rs.term("react_rule")),))


def _act_cost(acting: Acting) -> Mapping[str, int]:
    return _priced(acting, "cost", acting.rs.act_cost)


def _react_cost(acting: Acting) -> Mapping[str, int]:
    return _priced(acting, "react-cost", acting.rs.react_cost)


def _priced(acting: Acting, slot: str,
            price: Callable[[str], Mapping[str, int] | None]) -> Mapping[str, int]:
    """What the cost word in `slot` spends; a word that prices nothing is refused in the
    ruleset's terms (`resolve_word`)."""
    word = acting.request.arg(slot)
    cost = price(word)
    if cost is None:
        acting.rs.resolve_word(acting.state, slot, word, acting.actor)
        raise RuleViolation(f"{word!r} is not a cost", f"type help {acting.request.verb}")
    return cost


ACT = Action("act", _act, cost=_act_cost, what="an action")
REACT = Action("react", _react, cost=_react_cost, timing="reaction", what="a reaction")
