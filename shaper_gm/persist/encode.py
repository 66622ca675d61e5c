"""Encounter state to plain data, for save files (`persist.decode` reads it back).

Writing puts every field of the state in the file, so loading restores it exactly
without re-running the log. The generic fields are written here; a ruleset's own data
(its sheets, `Actor.system`, `Encounter.system`) is encoded by the ruleset itself.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from shaper_gm.engine.state import Actor, CombatResult, Encounter
from shaper_gm.persist.decode import VERSION


@lru_cache(maxsize=8)
def _shipped(ruleset_id: str):
    from shaper_gm.engine import registry
    return registry.build(ruleset_id)


def state_to_data(state: Encounter, rs=None) -> dict:
    """`rs`: the state's ruleset (any instance will do for writing; by default the one
    built from the shipped content)."""
    rs = rs if rs is not None else _shipped(state.ruleset)
    data = encounter_to_data(state, rs)
    data["actors"] = {a.id: actor_to_data(state, a, rs) for a in state.actors.values()}
    if state.over is not None:
        data["result"] = result_to_data(state.over)
    return data


def encounter_to_data(state: Encounter, rs, system: Any = None) -> dict:
    """The encounter's own keys, those before `actors` (`system`: its system's data,
    when made already)."""
    return {
        "version": VERSION,
        "ruleset": state.ruleset,
        "seed": state.seed,
        "dice_position": state.dice_position,
        "grid": {"cols": state.cols, "rows": state.rows},
        "round": state.round,
        "turn": state.turn,
        "up": list(state.up),
        "passes": state.passes,
        "passed": sorted(state.passed),
        "acted": sorted(state.acted),
        "order": list(state.order),
        "system": rs.encode_system(state.system) if system is None else system,
    }


def result_to_data(over: CombatResult) -> dict:
    """A fight that is over: who won, when, and the turn it stopped in."""
    return {"winner": over.winner, "round": over.round, "turn": over.turn,
            "up": list(over.up), "pending": over.pending}


def actor_to_data(state: Encounter, actor: Actor, rs) -> dict:
    out: dict[str, Any] = {"name": actor.name, "side": actor.side}
    if actor.hp is not None:
        out.update(hp=actor.hp, max_hp=actor.max_hp)
    out.update(rs.save_extras(state, actor))
    out.update({
        "resources": dict(actor.resources),
        "zone": actor.zone,
        "down": actor.down,
        "template": actor.template,
        "summoner": actor.summoner,
        "initiative": actor.initiative,
        **({"initiative_entered": True} if actor.initiative_entered else {}),
        **({"hidden": True} if actor.hidden else {}),
        "effects": [{"name": e.name, "source": e.source, "caster": e.caster,
                     "mods": dict(e.mods), "until": e.until,
                     **({"says": e.says} if e.says else {})} for e in actor.effects],
        "sheet": rs.encode_sheet(actor.sheet),
        "system": rs.encode_system(actor.system),
    })
    return out
