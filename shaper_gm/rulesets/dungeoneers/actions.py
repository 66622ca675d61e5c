"""Every play verb of the contract (commands.md "Dungeoneers verbs"), in one table.

Each verb is `verb(state, rs, request, tape) -> (state, events, outcome)`: `request` is
the verb's frozen choices, `tape` an `engine.steps.PlayTape` whose sources the command
layer fills per dice slot (`--roll`, `--dodge`, `--pierce`, `--resist`, `--grab`) and
whose decisions carry `--react ID=NAME`. A verb checks the rules first and refuses with
a RuleViolation that names the ruling; nothing changes on a refusal.
"""

from __future__ import annotations

from collections.abc import Callable

from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.arcana import SpellRequest, set_ambient_arca, spellcast
from shaper_gm.rulesets.dungeoneers.attacks import StrikeRequest, power_strike, strike
from shaper_gm.rulesets.dungeoneers.basic import (
    ActorRequest,
    CostRequest,
    InteractRequest,
    ReadyRequest,
    act,
    add_stress,
    deep_breath,
    defend,
    focus,
    interact,
    pass_turn,
    react,
    ready,
)
from shaper_gm.rulesets.dungeoneers.holds import (
    GrabLedgeRequest,
    GrappleRequest,
    PushRequest,
    grab_ledge,
    grapple,
    push,
)
from shaper_gm.rulesets.dungeoneers.movement import MoveRequest, move, sprint
from shaper_gm.rulesets.dungeoneers.steps import (
    SLOT_DODGE,
    SLOT_GRAB,
    SLOT_PIERCE,
    SLOT_RESIST,
    SLOT_ROLL,
)


@record
class Verb:
    name: str
    run: Callable
    request: type
    slots: tuple[str, ...] = ()       # dice slots, in the order the verb rolls them
    cost: str = ""                    # the costs-table key, or how the cost is set
    rule: str = ""


STRIKE_SLOTS = (SLOT_ROLL, SLOT_DODGE, SLOT_PIERCE)
TEST_SLOTS = (SLOT_ROLL, SLOT_DODGE)

VERBS: dict[str, Verb] = {v.name: v for v in (
    Verb("strike", strike, StrikeRequest, STRIKE_SLOTS, "strike", "D16"),
    Verb("power-strike", power_strike, StrikeRequest, STRIKE_SLOTS, "power-strike", "D17"),
    Verb("move", move, MoveRequest, (), "move", "D21"),
    Verb("sprint", sprint, MoveRequest, (), "sprint", "D21"),
    Verb("interact", interact, InteractRequest, (), "interact", "D22"),
    Verb("defend", defend, ActorRequest, (), "defend", "D23"),
    Verb("ready", ready, ReadyRequest, (), "ready", "D9"),
    Verb("grapple", grapple, GrappleRequest, TEST_SLOTS, "grapple", "D24"),
    Verb("push", push, PushRequest, (*TEST_SLOTS, SLOT_GRAB), "push", "D25"),
    Verb("deep-breath", deep_breath, ActorRequest, (), "deep-breath", "D26"),
    Verb("focus", focus, ActorRequest, (), "focus", "D27"),
    Verb("spellcast", spellcast, SpellRequest, (SLOT_ROLL, SLOT_RESIST), "the spell's",
         "D28"),
    Verb("grab-ledge", grab_ledge, GrabLedgeRequest, (SLOT_GRAB,), "grab-ledge", "D29"),
    Verb("pass", pass_turn, ActorRequest, (), "all AP left", "D7"),
    Verb("act", act, CostRequest, (), "COST", "D2"),
    Verb("react", react, CostRequest, (), "COST", "D8"),
)}

__all__ = [
    "VERBS", "ActorRequest", "CostRequest", "GrabLedgeRequest", "GrappleRequest",
    "InteractRequest", "MoveRequest", "PushRequest", "ReadyRequest", "SpellRequest",
    "StrikeRequest", "Verb", "act", "add_stress", "deep_breath", "defend", "focus",
    "grab_ledge", "grapple", "interact", "move", "pass_turn", "power_strike", "push",
    "react", "ready", "set_ambient_arca", "spellcast", "sprint", "strike",
]
