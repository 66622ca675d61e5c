"""The command language: a registry of verbs and the session that runs them."""

from __future__ import annotations

from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Result, Session


def build_registry(rs=None, extra=()) -> Registry:
    """Every verb of an encounter under ruleset `rs` (default: the default ruleset): the
    shared ones, those the application adds (`extra`: its file verbs), then the
    ruleset's own, which may take over a shared verb's name."""
    from shaper_gm.commands.verbs import gm, setup, turns, views
    from shaper_gm.engine import registry as rulesets

    if rs is None:
        rs = rulesets.module_of(rulesets.DEFAULT).build()
    registry = Registry(ruleset=rs.id, ruleset_name=rs.name)
    for register in (setup.register, turns.register, gm.register, views.register, *extra):
        register(registry, rs)
    own = rulesets.verbs_of(rs.id)
    if own is not None:
        registry.mark_shared()
        own.register(registry, rs)
    return registry


def new_session(*, library=None, seed: int | None = None, grid: str | None = None,
                start_new: bool = True, ruleset: str | None = None, equip=None) -> Session:
    """A session on a fresh encounter (its first log entry is the `new` that made it);
    `equip(session)` adds what the layers above give it (the application's)."""
    session = Session(content=library, default_seed=seed)
    if equip is not None:
        equip(session)
    if start_new:
        line = "new"
        if ruleset:
            line += f" --ruleset {ruleset}"
        if grid:
            line += f" --grid {grid}"
        if seed is not None:
            line += f" --seed {seed}"
        session.execute(line)
    return session


__all__ = ["Registry", "Result", "Session", "build_registry", "new_session"]
