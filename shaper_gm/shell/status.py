"""What the shell shows around the input line: the prompt and the bottom toolbar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shaper_gm.engine import ending


def prompt_text(session: Any) -> str:
    """`josh › ` on Josh's turn; `gm › ` when nobody is acting."""
    return f"{session.state.turn or 'gm'} › "


def toolbar_text(session: Any, save: str | Path | None, width: int | None = None) -> str:
    """Round, acting actor, its resources as its ruleset names them (and its summons'),
    who is next, the save; within `width` columns when given (see `fitted`)."""
    state = session.state
    actor = state.actors.get(state.turn) if state.turn and state.round else None
    if state.round == 0:
        n = len(state.actors)
        parts = [f"setup · {n} actor{'' if n == 1 else 's'} · start begins round 1"
                 if n else "setup · add actors with add ID --as TEMPLATE"]
    elif state.over is not None:
        parts = [f"round {state.round}", f"the fight is over: {ending.result_text(state)}"]
    elif actor is None:
        parts = [f"round {state.round}", "no one's turn"]
    else:
        parts = [f"round {state.round}",
                 _up(state) if len(state.up) > 1 else f"{actor.name}'s turn"]
    kept = len(parts)
    if actor is not None and state.over is None:
        segment = _resources(session, actor)
        if segment:
            parts.extend(segment.split(" · "))
        for summon_id in state.summons_of(actor.id):      # it acts in its summoner's turn
            summon = state.actors[summon_id]
            if not summon.down:
                own = _resources(session, summon)
                if own:
                    parts.append(f"{summon.name}: {own}")
        upcoming = _upcoming(session)
        if upcoming:
            parts.append(upcoming)
    if save:
        parts.append(short_path(Path(save)))
    return fitted(parts, kept, width)


def fitted(parts: list[str], kept: int, width: int | None) -> str:
    """The parts joined, dropping from the last while the line is wider than `width`:
    the save, who is next, a summons' pool, then the acting actor's resources from
    their least telling; the first `kept` (round, whose turn) always stay, so the line
    never wraps and never cuts a name or a number in two."""
    shown = list(parts)
    while width is not None and len(shown) > kept and len(_joined(shown)) > width:
        shown.pop()
    return _joined(shown)


def _joined(parts: list[str]) -> str:
    return " " + " · ".join(parts)


UP_SHOWN = 6          # names the toolbar lists of those up together (a side of hundreds)


def _up(state: Any) -> str:
    """``up: Freya, Suori``; past UP_SHOWN names, how many more."""
    up = [a for a in state.up if a in state.actors]
    names = ", ".join(state.actors[a].name for a in up[:UP_SHOWN])
    more = len(up) - UP_SHOWN
    return f"up: {names}" + (f" and {more} more" if more > 0 else "")


def _resources(session: Any, actor: Any) -> str:
    """The acting actor's resources in its ruleset's own words."""
    from shaper_gm.render.tables import layout_for
    try:
        rs = session.ruleset_for(session.state)
        return layout_for(session.state, rs).toolbar_text(actor, rs, session.state)
    except Exception:          # the toolbar only decorates; never let it break the prompt
        return ""


def _upcoming(session: Any) -> str:
    """``next: Raider``: who acts after this turn, as the ruleset's turn order sees it."""
    try:
        rs = session.ruleset_for(session.state)
        return rs.turn_order.upcoming(session.state, rs)
    except Exception:          # decoration only, as above
        return ""


def short_path(path: Path | str) -> str:
    """The save as the GM would type it: relative to here when it is under here."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)
