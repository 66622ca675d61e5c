"""Crash-proof sessions: every completed command is durable before the next prompt.

A commit appends what the command changed to the save's journal (journal.py) and syncs
it: a few hundred bytes, whatever the log's length. The save itself is rewritten whole
(atomically) only at compaction moments: every COMPACT_EVERY records, on `save`, when
the log is rewound far or restarted, and on a clean exit, which writes `closed: true`
and removes the journal. So the amortised cost of a command stays flat as the log grows.

While a shell has a save open it holds the save's lock (lock.py), so no second process
writes the save or its journal. Opening a save that says `closed: false`, or that has a
journal, means the last session ended by a crash, a kill or a power cut: the journal
brings back everything up to its last completed command, and the shell says it
recovered it.

`Autosave` is the session's keeper: `save OTHER` and `load OTHER` switch it to the other
file, which closes the first one cleanly and hands its lock back.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from shaper_gm.app import equip, new_session
from shaper_gm.commands.session import Session
from shaper_gm.errors import GmError
from shaper_gm.files import create_new, real_target
from shaper_gm.persist.durable import Change, Durable
from shaper_gm.persist.journal import digest
from shaper_gm.persist.journal_file import JournalFile, set_aside
from shaper_gm.persist.lock import SaveLock
from shaper_gm.persist.reopen import Opened, open_save
from shaper_gm.persist.saves import SaveError, save_location, saves_dir, write_save_text
from shaper_gm.persist.savetext import dump_session
from shaper_gm.words import plural

COMPACT_EVERY = 50        # journal records before the save is rewritten
LARGEST_STEP = 16         # lines one record may add, and log entries it may take back


class Autosave:
    def __init__(self, session: Session, path: Path | str, lock: SaveLock | None = None,
                 opened: Opened | None = None) -> None:
        """Keep `session` in the save at `path`, holding its lock (taken here if not given:
        SaveInUse when another process holds it). `opened`: the save as just read (its
        journal is carried on); without it the first commit writes the save whole."""
        self.session = session
        self.path = Path(path)
        self.lock = lock if lock is not None else SaveLock.acquire(self.path)
        self.journal: JournalFile | None = None
        self.durable = Durable(session.history, session.manual)
        self.clean_on_disk = False        # the file says closed: true and holds it all
        self.broken = False               # an append failed: rewrite the save next time
        self.notes: list[str] = []
        self._written = _identity(self.path)
        session.save_path = str(self.path)
        session.keeper = self
        if opened is not None:
            self._adopt(opened)

    def _adopt(self, opened: Opened) -> None:
        """Carry on from a save just read: append to the journal applied to it, or start
        one (a journal there that is not this file's is set aside, never deleted)."""
        self.notes = []
        if opened.applied is not None:
            self.journal = JournalFile.resume(opened.applied)
            self.clean_on_disk = False
        else:
            if opened.foreign:
                aside = set_aside(self.path)
                if aside is not None:
                    self.notes.append(f"it is kept as {aside}")
            self.journal = _start(self.path, opened.digest, len(opened.session.history))
            self.clean_on_disk = opened.data.get("closed") is True
        self.durable.reset(opened.session.history, opened.session.manual)

    # --- making commands durable ----------------------------------------------------
    def commit(self) -> None:
        """Make everything done so far durable: one journal record, synced (or, when one
        is due, a compaction)."""
        self._check_unchanged()
        if self.journal is None or self.broken:
            self.compact()
            return
        change = self.durable.change(self.session.history, self.session.manual)
        if change is None:
            return
        if self._due(change):
            try:
                self.compact()
                return
            except (GmError, OSError):
                if self.journal is None or self.broken:
                    raise             # nothing left to append to
                # The save could not be rewritten (a full disk needs room for a whole
                # copy): the record still makes the command durable; retried next time.
        record = self.journal.record(change.fields())
        if not self.journal.room_for(record, len(change.add)):
            self.compact()
            return
        self._append(record, change)

    def _due(self, change: Change) -> bool:
        return (self.journal.count >= COMPACT_EVERY or change.keep == 0
                or len(change.add) > LARGEST_STEP
                or change.keep < len(self.durable.frames) - LARGEST_STEP)

    def _append(self, record: bytes, change: Change) -> None:
        try:
            self.journal.append(record, len(change.add))
        except OSError as exc:
            self.broken = True            # the next commit rewrites the save whole
            raise SaveError(f"cannot write the journal of {self.path}: "
                            f"{exc.strerror or exc}",
                            "the command is done but not on disk; free some space, "
                            "or save elsewhere") from None
        self.durable.accept(change, self.session.history)
        self.clean_on_disk = False

    def compact(self, *, closed: bool = False) -> None:
        """Rewrite the save whole (atomically), then start its journal afresh, or, for a
        clean close, remove it. The journal first records which file is coming, so a
        crash between the two steps leaves a journal the next open knows is done."""
        self._check_unchanged()
        text = dump_session(self.session, closed=closed)
        new = digest(text.encode("utf-8"))
        if self.journal is not None and not self.broken:
            marker = self.journal.record({"compact": new})
            try:
                if self.journal.room_for(marker, 0):
                    self.journal.append(marker, 0)
            except OSError:
                pass                      # without it, the next open only sets it aside
        write_save_text(self.path, text)
        self._written = _identity(self.path)
        self.durable.reset(self.session.history, self.session.manual)
        self.clean_on_disk = closed
        if self.journal is None:
            set_aside(self.path)          # whatever is there was not written by us
        elif closed:
            self.journal.remove()
        else:
            self.journal.close()
        self.journal, self.broken = None, False
        if not closed:
            self.journal = _start(self.path, new, len(self.session.history))

    def close(self, *, keep_elsewhere: bool = True) -> str | None:
        """Write the save as closed cleanly (unless it already is), remove its journal,
        and give up its lock. When the save was changed by another program meanwhile,
        it is left as that program wrote it, and this session's work, if it has any the
        save may lack, goes to a new file beside it (`keep_elsewhere`): the note
        returned says so and where. SaveError when the work could not be written
        anywhere, saying what is on disk."""
        try:
            if _identity(self.path) != self._written:
                return self._changed_behind_our_back(keep_elsewhere)
            unchanged = self.durable.change(self.session.history,
                                            self.session.manual) is None
            if self.clean_on_disk and unchanged:
                if self.journal is not None:
                    self.journal.remove()
                    self.journal = None
                return None
            try:
                self.compact(closed=True)
            except (GmError, OSError) as exc:
                if unchanged and not self.broken and self.journal is not None:
                    raise SaveError(f"could not close {self.path} cleanly: {_why(exc)}",
                                    "every command is in its journal: the next open "
                                    "recovers it") from None
                return self._keep_elsewhere(f"{self.path} could not be written "
                                            f"({_why(exc)})")
            return None
        finally:
            if self.journal is not None:
                self.journal.close()
                self.journal = None
            self.lock.release()

    def _changed_behind_our_back(self, keep_elsewhere: bool) -> str | None:
        """The save is no longer what this session last wrote: keep the session's work
        elsewhere when it has any the file may lack (a journal record, or a command not
        yet made durable)."""
        pending = self.durable.change(self.session.history, self.session.manual)
        recorded = self.journal is not None and self.journal.count > 0
        if not keep_elsewhere or (pending is None and not recorded and not self.broken):
            return None
        return self._keep_elsewhere(f"{self.path} was changed by another program while "
                                    "it was open, so it is left as that program wrote it")

    def _keep_elsewhere(self, why: str) -> str:
        """Write the whole session to a new file beside the save, and say where; its
        journal then holds nothing that file lacks, so it goes. SaveError when that
        cannot be written either, saying what is lost."""
        pending = self.durable.change(self.session.history, self.session.manual)
        try:
            path = unsaved_path(self.path)
            write_save_text(path, dump_session(self.session, closed=True))
        except (GmError, OSError) as exc:
            lost = (f"{plural(len(pending.add), 'command')} not yet in its journal "
                    f"{'is' if len(pending.add) == 1 else 'are'} lost"
                    if pending is not None and pending.add else "its journal keeps them")
            raise SaveError(f"{why}; this session's commands could not be written elsewhere "
                            f"either ({_why(exc)})", lost) from None
        if self.journal is not None:
            self.journal.remove()
            self.journal = None
        return (f"{why}; this session's {len(self.session.history)} commands are in {path} "
                f"(shaper-gm open {path})")

    def _check_unchanged(self) -> None:
        if _identity(self.path) != self._written:
            raise SaveError(f"{self.path} was changed by another program since shaper-gm "
                            "last wrote it; not overwriting it",
                            "keep this encounter elsewhere: save NEW-NAME")

    # --- moving to another file -----------------------------------------------------
    def switch_to(self, path: Path | str) -> None:
        """`save PATH`: move to the save at `path` (take its lock, close the current file
        as it stands, write the new one whole), or, for the file already open, rewrite
        it now (a compaction)."""
        path = Path(path)
        if real_target(path) != real_target(self.path):
            self._move(path, SaveLock.acquire(path), keep_elsewhere=False)  # goes on there
        self.compact()

    def load(self, path: Path | str, library=None) -> Opened:
        """`load PATH`: read the save at `path` with its journal, holding its lock while
        reading (so no other shell writes it meanwhile), then close the current file and
        carry on in that one. Refused before anything changes."""
        path = Path(path)
        if real_target(path) == real_target(self.path):
            self.commit()
            opened = open_save(path, library)
            self.durable.reset(opened.session.history, opened.session.manual)
            return opened
        lock = SaveLock.acquire(path)
        try:
            opened = open_save(path, library)
        except BaseException:
            lock.release()
            raise
        note = self._move(path, lock, keep_elsewhere=True)
        self._adopt(opened)
        if note:
            self.notes.insert(0, note)
        return opened

    def _move(self, path: Path, lock: SaveLock, *, keep_elsewhere: bool) -> str | None:
        """Close the current file (its work kept elsewhere too when the session is about
        to be replaced and the file was changed behind its back) and take `path`; the
        note of the close."""
        try:
            note = self.close(keep_elsewhere=keep_elsewhere)
        except BaseException:
            lock.release()
            raise
        self.lock, self.path = lock, path
        self._written = _identity(path)
        self.session.save_path = str(path)
        self.clean_on_disk = False
        return note


def unsaved_path(save: Path) -> Path:
    """A new file beside `save` for work that could not go into it, created empty here
    (O_EXCL), so it is never one that exists: NAME-unsaved-DATE-TIME.yaml, -2, ..."""
    target = real_target(save)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = target.with_name(f"{target.stem}-unsaved-{stamp}.yaml")
    n = 2
    while not create_new(path):
        path = target.with_name(f"{target.stem}-unsaved-{stamp}-{n}.yaml")
        n += 1
    return path


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def _start(save: Path, save_digest: str, log_length: int) -> JournalFile:
    try:
        return JournalFile.start(save, save_digest, log_length)
    except OSError as exc:
        raise SaveError(f"cannot write the journal of {save}: {exc.strerror or exc}",
                        "check the folder is writable, or save elsewhere") from None


def _identity(path: Path) -> tuple | None:
    """What tells whether a file was replaced or changed behind our back."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def log_check(session: Session) -> str | None:
    """How the log of a save just opened fails to rebuild its state, or None."""
    from shaper_gm.persist.replay import check_tail
    return check_tail(session)


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


def open_for_shell(word: str | None, library=None, seed: int | None = None, *,
                   check_log: bool = True):
    """(session, autosave, message) for the shell: SAVE, or a new encounter with an
    autosave file named now. The message tells of a recovery or of the new file, and,
    with `check_log`, of a log that does not rebuild the save's state (without it, the
    caller runs `log_check(session)` itself: the shell does once its prompt is drawn).
    A save another shaper-gm holds is refused (SaveInUse)."""
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
        opened = open_save(path, library)
        session = equip(opened.session)
        autosave = Autosave(session, path, lock, opened)
    except BaseException:
        lock.release()
        raise
    state = session.state
    where = f"round {state.round}" + (f", {state.actors[state.turn].name}'s turn"
                                      if state.turn else "")
    if opened.crashed:
        message = (f"Recovered {path}: it was not closed cleanly; all "
                   f"{len(session.history)} commands are back ({where}).")
    else:
        message = f"Opened {path}: {len(session.history)} commands ({where})."
    diverges = log_check(session) if check_log else None
    if diverges:
        message += f" Warning: {diverges}."
    notes = "; ".join(opened.notes + autosave.notes)
    for note in filter(None, (notes, lock.note)):
        message += f" (Note: {note}.)"
    return session, autosave, message
