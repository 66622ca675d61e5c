"""Following a save as it lands on disk: the player view's one source of truth.

A thread looks at the save and its journal a few times a second and, when either
changed, opens them as any reader does (`persist.reopen.open_save`, journal applied).
A file caught mid-write or unreadable is skipped: the last good state stays served until
the next good one. Commands added since the last look are run on the view's own copy of
the session, read-only, to learn their events for the feed; an undo drops the feed's
later lines. Every published state is the redacted one (public.py) with a version number
that the event streams wait on.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from shaper_gm.errors import GmError
from shaper_gm.persist import journal
from shaper_gm.persist.decode import SaveFormatError
from shaper_gm.persist.reopen import open_save
from shaper_gm.view.feed import FEED_LENGTH, frame_lines, shown_lines
from shaper_gm.view.public import public_state
from shaper_gm.view.words import view_words

POLL_SECONDS = 0.2
REBUILT_AT_OPEN = 8       # commands re-run when a save is first read, for the feed


class Watcher:
    """The redacted state of the save at `path`, kept current by `run` (a thread)."""

    def __init__(self, path: Path | str, library=None) -> None:
        self.path = Path(path)
        self.library = library
        self.session = None
        self.feed: list[tuple[int, str, frozenset]] = []   # (log entry, line, about)
        self.version = 0
        self.body = b""                               # the published JSON
        self.problem = ""                             # why the last look was skipped
        self.changed = threading.Condition()
        self.stopped = threading.Event()
        self._seen: tuple = ()
        self._data: dict | None = None

    # --- reading -------------------------------------------------------------------
    def snapshot(self) -> tuple[int, bytes]:
        with self.changed:
            return self.version, self.body

    def wait_newer(self, version: int, timeout: float) -> tuple[int, bytes]:
        """The state once its version passes `version`, or as it is after `timeout`."""
        with self.changed:
            self.changed.wait_for(lambda: self.version > version or self.stopped.is_set(),
                                  timeout)
            return self.version, self.body

    # --- following -----------------------------------------------------------------
    def run(self) -> None:
        while not self.stopped.wait(POLL_SECONDS):
            try:
                self.look()
            except Exception as exc:      # never stop serving the last good state
                self.problem = f"{type(exc).__name__}: {exc}"[:200]

    def stop(self) -> None:
        self.stopped.set()
        with self.changed:
            self.changed.notify_all()

    def look(self) -> bool:
        """Read the save again if it or its journal changed on disk; True when a new
        state was published."""
        seen = _stamp(self.path), _stamp(journal.journal_path(self.path))
        if seen == self._seen:
            return False
        self._seen = seen
        return self.reload()

    def reload(self) -> bool:
        try:
            opened = open_save(self.path, self.library)
        except (SaveFormatError, GmError, OSError, ValueError) as exc:
            self.problem = str(getattr(exc, "message", exc)).splitlines()[0][:200]
            return False                        # until the next write: a new stamp
        self.problem = ""
        self._follow(opened.session)
        return self._publish()

    def _follow(self, fresh) -> None:
        """Take `fresh` (the session as just read) and the feed lines its new commands
        make: run on the copy kept when the log only grew; else the feed keeps the lines
        of the commands both logs share, and a first read re-runs its last few."""
        fresh.save_path, fresh.admit, fresh.manual = None, None, set()
        old = self.session
        log = fresh.log
        shared = _shared_start(old.log if old is not None else [], log)
        if old is not None and shared == len(old.history) \
                and old.state.ruleset == fresh.state.ruleset:
            try:
                old.run_lines(log[shared:])
            except GmError:
                old = None
            if old is not None and old.state == fresh.state:
                self._add_feed(old, shared)
                return
        self.session = fresh
        self.feed = [entry for entry in self.feed if entry[0] <= shared]
        if not self.feed and len(log) > 1:
            count = min(REBUILT_AT_OPEN, len(log) - 1)
            try:
                fresh.rebuild(fresh, count)
            except GmError:
                return
            self._add_feed(fresh, len(log) - count)

    def _add_feed(self, session, start: int) -> None:
        rs = session.ruleset_for(session.state)
        words = view_words(rs)
        for number, frame in enumerate(session.history[start:], start + 1):
            for line, about in frame_lines(frame.line, frame.events, frame.before,
                                           frame.after, rs, words):
                self.feed.append((number, line, about))
        self.feed = self.feed[-FEED_LENGTH:]
        self.session = session

    def _publish(self) -> bool:
        session = self.session
        rs = session.ruleset_for(session.state)
        data = public_state(session.state, rs, view_words(rs),
                            shown_lines(self.feed, session.state))
        with self.changed:
            if data == self._data:
                return False
            self._data = data
            self.version += 1
            self.body = json.dumps({**data, "version": self.version},
                                   ensure_ascii=False, sort_keys=True).encode()
            self.changed.notify_all()
        return True


def _shared_start(a: list[str], b: list[str]) -> int:
    """How many entries two logs share from their first."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _stamp(path: Path) -> tuple:
    """What changes when a file is written or replaced: its inode, size and time."""
    try:
        st = os.stat(path)
    except OSError:
        return ()
    return st.st_ino, st.st_size, st.st_mtime_ns
