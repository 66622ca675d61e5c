"""Replaying a save's log: re-run every resolved line and check the end state matches."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from shaper_gm.commands import session_for
from shaper_gm.commands.session import LineError, Session
from shaper_gm.errors import GmError, excerpt
from shaper_gm.persist import decode, encode
from shaper_gm.persist.reopen import open_save
from shaper_gm.records import record


@record
class ReplayReport:
    ok: bool
    steps: int
    message: str


def fresh_session(library, log: list[str] | None = None) -> Session:
    """An empty session to run `log` in, on the ruleset its first entry asks for."""
    return session_for(log[0] if log else "", content=library)


def replay_save(path: Path | str, library=None, to: int | None = None,
                on_result: Callable | None = None) -> ReplayReport:
    """Re-run the log of the save at `path`; with `to`, stop after entry `to`.
    `on_result(number, line, result, state)` sees each step and the state after it."""
    opened = open_save(Path(path), library)
    saved = opened.session
    notes = "".join(f" (Note: {note}.)" for note in opened.notes)
    log = saved.log
    if to is not None:
        if not 1 <= to <= len(log):
            raise GmError(f"--to {to} is outside the log (1 to {len(log)})",
                          f"use --to 1 to --to {len(log)}")
        log = log[:to]
    session = fresh_session(saved.content, log)
    step = None if on_result is None else (
        lambda number, line, result: on_result(number, line, result, session.state))
    try:
        session.run_lines(log, step)
    except LineError as exc:
        return ReplayReport(False, exc.number - 1,
                            f"entry {exc.number} is refused: {exc} ({excerpt(exc.line)})")
    if to is not None and to < len(saved.log):
        return ReplayReport(True, len(log), f"stopped after entry {to} of {len(saved.log)}"
                            + notes)
    if session.state != saved.state:
        return ReplayReport(False, len(log), "the log does not end in the saved state: "
                            + describe_difference(saved.state, session.state,
                                                  saved.ruleset_for(saved.state)))
    return ReplayReport(True, len(log), f"all {len(log)} entries replayed; the state matches "
                        "the save" + notes)


def describe_difference(saved, replayed, rs=None) -> str:
    """The first field that differs, said in the save's own words."""
    a, b = encode.state_to_data(saved, rs), encode.state_to_data(replayed, rs)
    for key in a:
        if key == "actors":
            continue
        if a[key] != b.get(key):
            return f"{key} is {a[key]!r} in the save, {b.get(key)!r} after replay"
    for actor_id in sorted(set(a["actors"]) | set(b["actors"])):
        x, y = a["actors"].get(actor_id), b["actors"].get(actor_id)
        if x is None or y is None:
            return f"actor {actor_id} is {'missing from' if x is None else 'only in'} the save"
        for key in x:
            if x[key] != y.get(key):
                return f"{actor_id}.{key} is {x[key]!r} in the save, {y.get(key)!r} after replay"
    return "the states differ"


def rebuild_history(session: Session, count: int | None = None) -> None:
    """Give frames loaded from a save their states so undo can go back past where the
    save was opened: the last `count` of them (all when None), re-run from the nearest
    state checkpoint before them (checkpoints.py). The stretch re-run must end in the
    saved state; if not, nothing changes and the first diverging stretch is named."""
    history = session.history
    need = len(history) - (count if count is not None else len(history))
    start, state = _checkpoint_before(session, max(need, 0))
    lines = [frame.line for frame in history[start:]]
    fresh = fresh_session(session.content, lines)
    fresh.share_rulesets(session)
    if state is not None:
        fresh.state = state
    try:
        fresh.run_lines(lines)
    except LineError as exc:
        raise GmError(f"the save's log does not replay: entry {start + exc.number} is "
                      f"refused ({exc}), so it cannot be undone past where it was opened",
                      "replay the save to see where it diverges") from None
    if fresh.state != session.state:
        raise GmError(f"the save's log does not rebuild its state (entries {start + 1} to "
                      f"{len(history)}: {describe_difference(session.state, fresh.state)}), "
                      "so it cannot be undone past where it was opened",
                      "replay the save to see where it diverges")
    session.history = history[:start] + fresh.history
    if start == 0:
        session.rebuild = None


def _checkpoint_before(session: Session, entry: int):
    """(n, state after entry n) for the latest known state at or before `entry`:
    a frame's own, else a checkpoint read from the save, else (0, None): the start."""
    from shaper_gm.persist.savetext import save_text
    loaded = save_text(session).loaded
    for n in range(entry, 0, -1):
        after = session.history[n - 1].after
        if after is not None:
            return n, after
        if n in loaded:
            try:
                return n, decode.state_from_data(loaded[n], f"checkpoint {n}",
                                                session.ruleset_named, session.log[:n])
            except decode.SaveFormatError:
                continue
    return 0, None


def check_tail(session: Session, budget: int = 300) -> str | None:
    """At open: re-run the log from the last checkpoint (or from the start, when that is
    at most `budget` lines) and say how it diverges, or None when it matches (the
    rebuilt frames are kept: the first undo is then instant). A longer log without
    checkpoints is checked at the first undo past the open point instead."""
    start, _ = _checkpoint_before(session, len(session.history) - 1)
    if len(session.history) - start > budget:
        return None
    try:
        rebuild_history(session, len(session.history) - start)
    except GmError as exc:
        return exc.message
    return None


__all__ = ["ReplayReport", "check_tail", "describe_difference", "fresh_session",
           "rebuild_history", "replay_save"]
