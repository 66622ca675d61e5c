"""The play verbs of the contract's "Reactions verbs", as data for the command layer:
each verb's action function, request type, dice slots, cost and ruling.

A verb parses its words and flags into the request, builds a `PlayTape` with one dice
source per slot (`--block`, `--dodge`, `--crit`) and the `--react` answers, and calls
the function; `odds` calls `odds.attack_odds` with the attack's request.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from shaper_gm.rulesets.reactions import actions
from shaper_gm.rulesets.reactions.attack import AttackRequest, attack
from shaper_gm.rulesets.reactions.steps import SLOT_BLOCK, SLOT_CRIT, SLOT_DODGE


@dataclass(frozen=True)
class Verb:
    name: str
    run: Callable                      # (state, rs, request, tape) -> (state, events, outcome)
    request: type | None
    usage: str
    slots: tuple[str, ...] = ()        # in the order the log writes them
    repeated: tuple[str, ...] = ()     # slots rolled once per attempt, in order
    cost: str = ""                     # the action in `Numbers.costs`, if it has one
    reacts: bool = False               # takes `--react ID=block|dodge`
    rule: str = ""


VERBS: tuple[Verb, ...] = (
    Verb("attack", attack, AttackRequest,
         "attack [ATTACKER] TARGET [--with WEAPON] [--type physical|magical|true] "
         "[--power N] [--react TARGET=block|dodge]... [--block FACES]... [--dodge FACES]... "
         "[--crit FACES] [--to TILE]",
         (SLOT_BLOCK, SLOT_DODGE, SLOT_CRIT), (SLOT_BLOCK, SLOT_DODGE), "attack", True,
         "R1-R8"),
    Verb("move", actions.move, actions.MoveRequest, "move [ACTOR] TILE", cost="move",
         rule="R10"),
    Verb("shield", actions.raise_shield, actions.ShieldRequest, "shield [ACTOR]",
         cost="shield", rule="R12"),
    Verb("act", actions.act, actions.ActRequest, "act [ACTOR] action|move TEXT",
         rule="R10"),
    Verb("react", actions.react, actions.ReactRequest, "react ACTOR N TEXT", rule="R11"),
    Verb("pass", actions.pass_, actions.PassRequest, "pass [ACTOR]"),
    Verb("end", actions.end, None, "end", rule="R10"),
)


def verb(name: str) -> Verb | None:
    return next((v for v in VERBS if v.name == name), None)
