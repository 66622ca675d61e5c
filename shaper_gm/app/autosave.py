"""Crash-proof sessions: the save is rewritten after every completed command.

While a shell has a save open, the file says `closed: false` and the shell holds its
lock (lock.py), so no second process writes it. A clean exit writes `closed: true`.
Opening a file that still says `closed: false` means the last session ended by a crash,
a kill or a power cut: everything up to its last completed command is in the file, and
the shell says it recovered it.

`Autosave` is the session's keeper: `save OTHER` and `load OTHER` switch it to the other
file, which closes the first one cleanly and hands its lock back.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from shaper_gm.app import equip, new_session
from shaper_gm.commands.session import Session
from shaper_gm.files import create_new, real_target
from shaper_gm.persist.lock import SaveLock
from shaper_gm.persist.saves import (
    SaveError,
    read_data,
    save_location,
    saves_dir,
    session_from_data,
    write_save,
)


class Autosave:
    def __init__(self, session: Session, path: Path | str, lock: SaveLock | None = None) -> None:
        """Keep `session` in the save at `path`, holding its lock (taken here if not given:
        SaveInUse when another process holds it)."""
        self.session = session
        self.path = Path(path)
        self.lock = lock if lock is not None else SaveLock.acquire(self.path)
        self._written = _identity(self.path)
        session.save_path = str(self.path)
        session.keeper = self

    def commit(self) -> None:
        """Make everything done so far durable (atomic rewrite, fsync)."""
        if _identity(self.path) != self._written:
            raise SaveError(f"{self.path} was changed by another program since shaper-gm "
                            "last wrote it; not overwriting it",
                            "keep this encounter elsewhere: save NEW-NAME")
        write_save(self.session, self.path, closed=False)
        self._written = _identity(self.path)

    def close(self) -> None:
        """Write the save as closed cleanly and give up its lock."""
        try:
            if _identity(self.path) == self._written:
                write_save(self.session, self.path, closed=True)
        finally:
            self.lock.release()

    def switch_to(self, path: Path | str, *, write: bool = True) -> None:
        """Move to the save at `path` (`save OTHER`, `load OTHER`): take its lock, close
        the current file as it stands, then write the new one (unless `write` is False:
        a load, whose state arrives next)."""
        path = Path(path)
        if real_target(path) == real_target(self.path):
            if write:
                self.commit()
            return
        lock = SaveLock.acquire(path)
        try:
            self.close()
        except BaseException:
            lock.release()
            raise
        self.lock, self.path = lock, path
        self._written = _identity(path)
        self.session.save_path = str(path)
        if write:
            write_save(self.session, path, closed=False)
            self._written = _identity(path)


def _identity(path: Path) -> tuple | None:
    """What tells whether a file was replaced or changed behind our back."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def new_autosave_path(folder: Path | None = None) -> Path:
    """A fresh autosave file, created empty here and now (O_EXCL): two shells started in
    the same second in one folder never get the same name."""
    folder = folder or saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"autosave-{stamp}.yaml"
    n = 2
    while not create_new(path):
        path = folder / f"autosave-{stamp}-{n}.yaml"
        n += 1
    return path


def open_for_shell(word: str | None, library=None, seed: int | None = None):
    """(session, autosave, message) for the shell: SAVE, or a new encounter with an
    autosave file named now. The message tells of a recovery or of the new file. A save
    another shaper-gm holds is refused (SaveInUse)."""
    if word is None:
        session = new_session(library=library, seed=seed)
        try:
            path = new_autosave_path()
        except OSError as exc:
            raise SaveError(f"cannot create an autosave in {saves_dir()}: "
                            f"{exc.strerror or exc}",
                            f"make {saves_dir()} writable, or set SHAPER_GM_SAVES") from None
        autosave = Autosave(session, path, SaveLock.acquire(path))
        autosave.commit()
        return session, autosave, f"New encounter; saving as you go to {path}"
    path = save_location(word)
    lock = SaveLock.acquire(path)
    try:
        data = read_data(path)
        crashed = data.get("closed") is False
        session = equip(session_from_data(data, path, library))
        autosave = Autosave(session, path, lock)
        autosave.commit()
    except BaseException:
        lock.release()
        raise
    state = session.state
    where = f"round {state.round}" + (f", {state.actors[state.turn].name}'s turn"
                                      if state.turn else "")
    if crashed:
        message = (f"Recovered {path}: it was not closed cleanly; all {len(session.log)} "
                   f"commands are back ({where}).")
    else:
        message = f"Opened {path}: {len(session.log)} commands ({where})."
    from shaper_gm.persist.replay import check_tail
    diverges = check_tail(session)
    if diverges:
        message += f" Warning: {diverges}."
    if lock.note:
        message += f" (Note: {lock.note}.)"
    return session, autosave, message
