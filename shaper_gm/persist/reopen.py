"""Opening a save as its last writer left it: the file, then its journal's records.

Every reader goes through here (`open`, `load`, `replay`, `read_save`), so whatever the
shell made durable is what each of them sees. A journal is applied only to the exact
file it was started on (its header names the file's SHA-256). Its records run the way
`replay` runs a log: resolved lines, never a file command or a file read, and each must
apply; one that does not is refused like a damaged save. A journal that belongs to
another version of the file is left unapplied (the writer sets it aside; see
autosave.py), except one whose last record says the save was being rewritten to exactly
this file: everything in it is in the file already.
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path

from shaper_gm.commands.session import LineError, Session
from shaper_gm.errors import GmError
from shaper_gm.persist import journal, saves
from shaper_gm.persist.admit import check_reopened
from shaper_gm.persist.journal import DAMAGED, JournalDamaged, JournalText
from shaper_gm.persist.logcheck import check_log_lines
from shaper_gm.records import record

TORN = ("the journal's last entry was cut short by the crash and is dropped (that "
        "command had not completed)")


@record(frozen=False)
class Opened:
    session: Session
    path: Path
    digest: str                             # SHA-256 of the save's bytes as read
    data: dict                              # the save's data (its `closed` flag, ...)
    applied: JournalText | None = None      # the journal whose records were run
    leftover: JournalText | None = None     # a journal there, not applied
    notes: list[str] = field(default_factory=list)

    @property
    def crashed(self) -> bool:
        """The last writer did not close the save: it says so, or left its journal."""
        return self.data.get("closed") is False or self.applied is not None

    @property
    def foreign(self) -> bool:
        """The leftover journal may hold commands the file lacks (so keep it)."""
        return self.leftover is not None and self.leftover.compacted_to() != self.digest


def open_save(path: Path, library=None) -> Opened:
    """The save at `path` with its journal applied (SaveFormatError if either is damaged)."""
    raw = saves.read_bytes(path)
    data = saves.parse_data(raw, path)
    session = saves.session_from_data(data, path, library)
    opened = Opened(session, path, journal.digest(raw), data)
    found = journal.read(path)
    if found is None:
        return opened
    if found.save_digest == opened.digest:
        apply(session, found, len(raw), raw.count(b"\n"))
        opened.applied = found
        if found.torn:
            opened.notes.append(TORN)
        return opened
    opened.leftover = found
    if opened.foreign:
        why = found.problem or f"it was written for another version of {path.name}"
        opened.notes.append(f"{found.path.name} was not applied: {why}")
    return opened


def apply(session: Session, found: JournalText, file_bytes: int, file_lines: int) -> None:
    """Run the journal's records on a session just read from its save (of that many
    bytes and lines). They run as a replay runs a log (no admission check per line, no
    file, no manual dice, no save path); the state they reach must pass the admission
    check once at the end."""
    where, hint = str(found.path), DAMAGED.format(path=found.path)
    admit, manual, save_path = session.admit, set(session.manual), session.save_path
    session.admit, session.manual, session.save_path = None, set(), None
    added: list[str] = []
    try:
        for record in found.records:
            if "compact" in record:
                continue
            _apply(session, record, where, hint)
            added += record["add"]
            manual = set(record.get("manual", manual))
    finally:
        session.admit, session.manual, session.save_path = admit, manual, save_path
    session.future.clear()
    if added and admit is not None:
        try:
            check_reopened(session, session.state, file_bytes, file_lines, added)
        except GmError as exc:
            raise JournalDamaged(f"{where}: the state it reaches could not be saved "
                                 f"({exc.message})", hint) from None


def _apply(session: Session, record: dict, where: str, hint: str) -> None:
    number, keep, lines = record["n"], record["keep"], record["add"]
    have = len(session.history)
    if keep > have:
        raise JournalDamaged(f"{where}: entry {number} keeps {keep} log entries, and "
                             f"there are {have}", hint)
    if keep < have:
        try:
            session.undo(have - keep)
        except GmError as exc:
            raise JournalDamaged(f"{where}: entry {number} goes back to log entry {keep}, "
                                 f"which cannot be rebuilt ({exc.message})", hint) from None
    try:
        check_log_lines(session.registry, lines, f"{where}: entry {number}", keep + 1)
        session.run_lines(lines)
    except LineError as exc:
        raise JournalDamaged(f"{where}: entry {number} does not apply: log entry "
                             f"{keep + exc.number} is refused ({exc.message})", hint) from None
    except GmError as exc:
        raise JournalDamaged(exc.message, hint) from None
    if len(session.history) != keep + len(lines):
        raise JournalDamaged(f"{where}: entry {number} does not apply: its commands do "
                             "not add one log entry each", hint)
