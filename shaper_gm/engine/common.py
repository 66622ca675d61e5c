"""The actions every ruleset shares, priced in its own units: `act` (any other action,
on the actor's turn) and `react` (a reaction outside it). The ruleset says what a cost
word spends (`act_cost`, `react_cost`); the engine's pipeline does the rest."""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Acting, Action, Done


def _act(acting: Acting) -> Done:
    request = acting.request
    return Done(acting.state, (ev.Said(request.actor, request.arg("cost"),
                                       request.arg("text")),))


def _react(acting: Acting) -> Done:
    request = acting.request
    rs = acting.rs
    spent = tuple(rs.react_cost(request.arg("react-cost")).items())
    actor = acting.state.actors[request.actor]
    left = tuple((name, actor.resource(name)) for name, _ in spent)
    return Done(acting.state, (ev.Reacted(request.actor, request.arg("text"),
                                          spent=spent, left=left,
                                          rule=rs.term("react_rule")),))


def _act_cost(acting: Acting):
    word = acting.request.arg("cost")
    cost = acting.rs.act_cost(word)
    if cost is None:
        acting.rs.resolve_word(acting.state, "cost", word, acting.actor)    # refuses it
    return cost


def _react_cost(acting: Acting):
    word = acting.request.arg("react-cost")
    cost = acting.rs.react_cost(word)
    if cost is None:
        acting.rs.resolve_word(acting.state, "react-cost", word, acting.actor)
    return cost


ACT = Action("act", _act, cost=_act_cost, what="an action")
REACT = Action("react", _react, cost=_react_cost, timing="reaction", what="a reaction")
