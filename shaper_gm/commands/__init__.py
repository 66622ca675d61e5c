"""The command language: a registry of verbs and the session that runs them."""

from __future__ import annotations

from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Result, Session


def build_registry() -> Registry:
    from shaper_gm.commands.verbs import combat, files, gm, play, setup, views

    registry = Registry()
    for module in (setup, play, combat, gm, views, files):
        module.register(registry)
    return registry


def new_session(*, library=None, seed: int | None = None, grid: str | None = None,
                start_new: bool = True) -> Session:
    """A session on a fresh encounter (its first log entry is the `new` that made it)."""
    if library is None:
        from shaper_gm.content.loader import load_library
        library = load_library()
    from shaper_gm.persist.admit import check
    session = Session(library=library, registry=build_registry(), admit=check,
                      default_seed=seed)
    if start_new:
        line = "new"
        if grid:
            line += f" --grid {grid}"
        if seed is not None:
            line += f" --seed {seed}"
        session.execute(line)
    return session


__all__ = ["Registry", "Result", "Session", "build_registry", "new_session"]
