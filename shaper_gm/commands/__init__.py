"""The command language: a registry of verbs and the session that runs them."""

from __future__ import annotations

from shaper_gm.commands import identity
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Result, Session
from shaper_gm.engine import registry as rulesets
from shaper_gm.engine.state import Encounter


def build_registry(rs=None, extra=()) -> Registry:
    """Every verb of an encounter under ruleset `rs` (default: the default ruleset): the
    shared ones, those the application adds (`extra`: its file verbs), then the
    ruleset's own, which may take over a shared verb's name."""
    from shaper_gm.commands.verbs import gm, setup, turns, views

    if rs is None:
        rs = rulesets.build(rulesets.DEFAULT)
    registry = Registry(ruleset=rs.id, ruleset_name=rs.name)
    own = rulesets.verbs_of(rs.id)
    for table in (setup.verbs, turns.verbs, gm.verbs, views.verbs):
        table.install(registry, rs)
    for register in extra:
        register(registry, rs)
    if own is not None:
        registry.mark_shared()
        own.verbs.apply_extensions(registry, rs)
        own.verbs.install(registry, rs)
    views.with_verbose(registry)
    return registry


def new_session(*, library=None, seed: int | None = None, grid: str | None = None,
                start_new: bool = True, ruleset: str | None = None, equip=None,
                encounter_id: str | None = None) -> Session:
    """A session on a fresh encounter (its first log entry is the `new` that made it);
    `equip(session)` adds what the layers above give it (the application's).
    `encounter_id`: the identity it takes (`run --save` continuing its output's)."""
    # The first `new` is read with the ruleset it asks for: only that one is loaded.
    session = _empty_session(ruleset, content=library, default_seed=seed)
    if equip is not None:
        equip(session)
    if start_new:
        line = "new"
        if ruleset in rulesets.known():        # an unknown one is for its `new` to refuse
            line += f" --ruleset {ruleset}"
        if grid:
            line += f" --grid {grid}"
        if seed is not None:
            line += f" --seed {seed}"
        if encounter_id is not None:
            line += f" --{identity.FLAG} {encounter_id}"
        session.execute(line)
    return session


def opening_ruleset(line: str) -> str | None:
    """The ruleset a log's or script's first line asks for (`new --ruleset ID`), so a
    session can read that line with that ruleset and load no other; else None."""
    return (identity.opening(line) or {}).get("ruleset", "").lower() or None


def session_for(first_line: str, **options) -> Session:
    """An empty session whose encounter is of the ruleset `first_line` asks for."""
    return _empty_session(opening_ruleset(first_line), **options)


def _empty_session(ruleset: str | None, **options) -> Session:
    """A session on an empty encounter of `ruleset` (the default for None or an id the
    registry does not know: the `new` line then refuses it in its own words)."""
    first = Encounter(ruleset=ruleset) if ruleset in rulesets.known() else Encounter()
    return Session(state=first, **options)


__all__ = ["Registry", "Result", "Session", "build_registry", "new_session",
           "opening_ruleset", "session_for"]
