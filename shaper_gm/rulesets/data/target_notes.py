"""What completion says of each target of an action with a target, in its `offer` words
(the first of `{when, text}` alternatives that holds for that target: `in Longbow
range`, `beyond Longbow's max range: Disadvantage`), read as `requires` reads it: the
actor, the target, the item it would use (`--with` aside) and the action's given facts."""

from __future__ import annotations

from collections import ChainMap
from typing import Any

from shaper_gm.engine.errors import ExprError, RuleViolation
from shaper_gm.engine.request import Request
from shaper_gm.engine.situation import Situation
from shaper_gm.errors import GmError


def target_note(action: Any, state: Any, rs: Any, actor_id: str, target_id: str) -> str:
    """The action's `offer` words for one target; nothing when they cannot be read (no
    item to use, a fact its situation does not give)."""
    request = Request(action.name, (("actor", actor_id), ("target", target_id)))
    try:
        item = action._item(state, rs, request, state.actors[actor_id]) \
            if action.item else None
        there = Situation(state, rs, request, target=target_id, item=item)
        facts = ChainMap(action._given(there), there)
        return str(action.offer.said(facts, f"{action.name}: offer").line)
    except (ExprError, RuleViolation, GmError, KeyError, TypeError):
        return ""
