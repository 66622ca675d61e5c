"""`prepared:` of a ruleset written as data: an action prepared on the actor's turn and
taken off it (the dice pool's P11). While the actor holds the effect `effect` (an action
of the ruleset gives it, `prepare TEXT`), any action it may take on its turn it may take
off it, once: the effect ends and pays for it, up to `stands_for` (one action); past
that, or without the effect, the action is refused in the ruleset's words. The engine
asks through `Ruleset.admit_off_turn`; odds never do (they weigh a reaction's roll as
any other)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.engine import events as ev
from shaper_gm.engine.actions import Acting, Admission
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.turns import name_of

KEYS = ("effect", "stands_for", "rule")
SHAPE = "expected {effect: NAME, stands_for: {RESOURCE: N}, rule: TEXT} (effect required)"
WORDS = {1: "one", 2: "two", 3: "three"}


def prepared_spec(value: Any) -> Mapping[str, Any]:
    """The checked `prepared:` mapping (a `content.schema` field check)."""
    from shaper_gm.content.schema import Bad, integer, snake_name, text
    if not isinstance(value, Mapping) or set(value) - set(KEYS) or "effect" not in value:
        raise Bad(f"{SHAPE}, got {value!r}")
    stands = value.get("stands_for", {})
    if not isinstance(stands, Mapping):
        raise Bad(f"stands_for: expected {{RESOURCE: N}}, got {stands!r}")
    return {"effect": snake_name(value["effect"]),
            "stands_for": {snake_name(k): integer(0, 1000)(n) for k, n in stands.items()},
            "rule": text(value.get("rule", ""))}


def admit(rs: Any, state: Encounter, actor_id: str, action: Any, request: Any
          ) -> Admission | None:
    """The prepared action standing in for `action` off the actor's turn, or None (the
    engine's own refusal) when the ruleset declares none."""
    spec = rs.library.numbers.get("prepared")
    if not spec:
        return None
    spec = dict(spec)
    actor = state.actors[actor_id]
    rule = f" ({spec['rule']})" if spec.get("rule") else ""
    if not any(effect.name == spec["effect"] for effect in actor.effects):
        raise RuleViolation(f"it is {name_of(state, state.turn)}'s turn: {actor.name} may act "
                            f"now only with an action it prepared{rule}",
                            f"prepare it on {actor.name}'s turn, or wait for that turn")
    acting = Acting(state, rs, request)
    if action.prepare is not None:
        acting = acting.with_plan(action.prepare(acting))
    cost = action.cost_of(acting)
    cost = dict(cost) if isinstance(cost, Mapping) else \
        {name: amount for _, part in cost for name, amount in part.items()}
    for name, most in dict(spec["stands_for"]).items():
        if cost.get(name, 0) > most:
            raise RuleViolation(f"{action.name} takes {cost[name]} {name}; a prepared action "
                                f"stands for {WORDS.get(most, most)}{rule}",
                                "take it on the actor's own turn")
    kept = tuple(e for e in actor.effects if e.name != spec["effect"])
    state = state.with_actor(actor.with_(effects=kept))
    used = ev.EffectEnded(actor_id, spec["effect"], f"taken: {action.name}{rule}")
    return Admission(state, (used,), cost={})


def off_turn(rs: Any, state: Encounter, actor_id: str, action: Any, request: Any
             ) -> Admission | None:
    """An action taken off the actor's turn: readied (`readied_effect:`, data.readied) or
    prepared (`prepared:`); None when the ruleset declares neither."""
    from shaper_gm.rulesets.data.readied import admit_off_turn
    return admit_off_turn(rs, state, actor_id, action, request) or \
        admit(rs, state, actor_id, action, request)
