"""What the shell shows around the input line: the prompt and the bottom toolbar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shaper_gm.engine import ending


def prompt_text(session: Any) -> str:
    """`josh › ` on Josh's turn; `gm › ` when nobody is acting."""
    return f"{session.state.turn or 'gm'} › "


def toolbar_text(session: Any, save: str | Path | None) -> str:
    """Round, acting actor, its resources as its ruleset names them (and its summons'),
    who is next, the save."""
    state = session.state
    parts: list[str] = []
    if state.round == 0:
        n = len(state.actors)
        parts.append(f"setup · {n} actor{'' if n == 1 else 's'} · start begins round 1"
                     if n else "setup · add actors with add ID --as TEMPLATE")
    else:
        parts.append(f"round {state.round}")
        actor = state.actors.get(state.turn) if state.turn else None
        if state.over is not None:
            parts.append(f"the fight is over: {ending.result_text(state)}")
        elif actor is None:
            parts.append("no one's turn")
        else:
            parts.append(_up(state) if len(state.up) > 1 else f"{actor.name}'s turn")
            segment = _resources(session, actor)
            if segment:
                parts.append(segment)
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
        parts.append(_short(Path(save)))
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


def _short(path: Path) -> str:
    """The save as the GM would type it: relative to here when it is under here."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)
