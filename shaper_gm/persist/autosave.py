"""Crash-proof sessions: the save is rewritten after every completed command.

While a shell has a save open, the file says `closed: false`; a clean exit writes
`closed: true`. Opening a file that still says `closed: false` means the last session
ended by a crash, a kill or a power cut: everything up to its last completed command is
in the file, and the shell says it recovered it.
"""

from __future__ import annotations

import time
from pathlib import Path

from shaper_gm.commands import new_session
from shaper_gm.commands.session import Session
from shaper_gm.persist.saves import (
    read_data,
    resolve_path,
    saves_dir,
    session_from_data,
    write_save,
)


class Autosave:
    def __init__(self, session: Session, path: Path | str) -> None:
        self.session = session
        self.path = Path(path)
        session.save_path = str(self.path)

    def commit(self) -> None:
        """Make everything done so far durable (atomic rewrite, fsync)."""
        self.path = Path(self.session.save_path or self.path)
        write_save(self.session, self.path, closed=False)

    def close(self) -> None:
        self.path = Path(self.session.save_path or self.path)
        write_save(self.session, self.path, closed=True)


def new_autosave_path(folder: Path | None = None) -> Path:
    folder = folder or saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"autosave-{stamp}.yaml"
    n = 2
    while path.exists():
        path = folder / f"autosave-{stamp}-{n}.yaml"
        n += 1
    return path


def open_for_shell(word: str | None, library=None, seed: int | None = None):
    """(session, autosave, message) for the shell: SAVE, or a new encounter with an
    autosave file named now. The message tells of a recovery or of the new file."""
    if word is None:
        session = new_session(library=library, seed=seed)
        path = new_autosave_path()
        autosave = Autosave(session, path)
        autosave.commit()
        return session, autosave, f"New encounter; saving as you go to {path}"
    path = resolve_path(word) if not Path(word).exists() else Path(word)
    data = read_data(path)
    crashed = data.get("closed") is False
    session = session_from_data(data, path, library)
    autosave = Autosave(session, path)
    state = session.state
    where = f"round {state.round}" + (f", {state.actors[state.turn].name}'s turn"
                                      if state.turn else "")
    if crashed:
        message = (f"Recovered {path}: it was not closed cleanly; all {len(session.log)} "
                   f"commands are back ({where}).")
    else:
        message = f"Opened {path}: {len(session.log)} commands ({where})."
    autosave.commit()
    return session, autosave, message
