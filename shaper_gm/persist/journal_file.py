"""Appending to a save's journal (journal.py has the format). Only the holder of the
save's lock writes it, so one process appends at a time.

A journal is started whole (header written to a temporary file, synced, renamed into
place), so it is never found half-made; each record is then one `write` and one
`fdatasync`. Nothing here follows a symlink at the journal's name: a link there is
set aside like any file that is not this save's journal.
"""

from __future__ import annotations

import filecmp
import os
import stat
from pathlib import Path

from shaper_gm.files import default_mode, fsync_folder, replace_atomic
from shaper_gm.persist import journal
from shaper_gm.persist.journal import JournalText, encode, header, journal_path

_sync = getattr(os, "fdatasync", os.fsync)


class JournalFile:
    """An open journal: `count` records after the header, `size` bytes, `lines` log
    lines added by its records."""

    def __init__(self, path: Path, fd: int, count: int, size: int, lines: int) -> None:
        self.path = path
        self.fd: int | None = fd
        self.count = count
        self.size = size
        self.lines = lines

    @classmethod
    def start(cls, save: Path | str, save_digest: str, log_length: int) -> JournalFile:
        """A new, empty journal for the save whose bytes have `save_digest`; whatever was
        at its place is replaced (callers set aside a journal that is not theirs)."""
        path = journal_path(save)
        data = encode(header(save_digest, log_length))
        replace_atomic(path, data, _mode_like(save))
        return cls(path, _open(path), 0, len(data), 0)

    @classmethod
    def resume(cls, found: JournalText) -> JournalFile:
        """Go on appending to a journal just applied; a torn last line is cut off first,
        so the next record starts on a line of its own."""
        fd = _open(found.path)
        try:
            if os.fstat(fd).st_size != found.good_size:
                os.ftruncate(fd, found.good_size)
                _sync(fd)
        except OSError:
            os.close(fd)
            raise
        lines = sum(len(r.get("add", ())) for r in found.records)
        return cls(found.path, fd, len(found.records), found.good_size, lines)

    def room_for(self, record: bytes, lines: int) -> bool:
        """Whether one more record stays within what a reader accepts."""
        return (self.count + 1 <= journal.MAX_RECORDS and len(record) <= journal.MAX_RECORD
                and self.size + len(record) <= journal.MAX_BYTES
                and self.lines + lines <= journal.MAX_LINES)

    def record(self, fields: dict) -> bytes:
        """The line the next record with `fields` would be."""
        return encode({"n": self.count + 1, **fields})

    def append(self, line: bytes, lines: int) -> None:
        """Write one record made by `record` and sync it: durable when this returns."""
        view = memoryview(line)
        while view:
            view = view[os.write(self.fd, view):]
        _sync(self.fd)
        self.count += 1
        self.size += len(line)
        self.lines += lines

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def remove(self) -> None:
        """Delete the journal (its save now holds everything) and close it."""
        self.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        fsync_folder(self.path.parent)


def set_aside(save: Path | str) -> Path | None:
    """Clear the journal's place for a new journal, keeping any command it holds: what
    is there is renamed to a free `...journal-unapplied[-N]` name, unless it is a
    journal with no command in it or a copy of one set aside already, which is
    removed. The name it is kept under, or None when nothing needed keeping."""
    path = journal_path(save)
    if not os.path.lexists(path):
        return None
    asides = [path.with_name(f"{path.name}-unapplied")]
    while os.path.lexists(asides[-1]):
        asides.append(path.with_name(f"{path.name}-unapplied-{len(asides) + 1}"))
    if _holds_no_command(save) or any(_same_bytes(path, kept) for kept in asides[:-1]):
        os.unlink(path)
        fsync_folder(path.parent)
        return None
    os.rename(path, asides[-1])
    fsync_folder(path.parent)
    return asides[-1]


def _holds_no_command(save: Path | str) -> bool:
    """Whether the journal of `save` is whole and records no command (a header, and
    perhaps the mark of a compaction): dropping it loses nothing."""
    try:
        found = journal.read(save)
    except journal.JournalDamaged:
        return False
    return (found is not None and found.header is not None and not found.torn
            and all("compact" in record for record in found.records))


def _same_bytes(a: Path, b: Path) -> bool:
    """Whether two plain files (links are not followed) hold the same bytes."""
    try:
        if not (stat.S_ISREG(os.lstat(a).st_mode) and stat.S_ISREG(os.lstat(b).st_mode)):
            return False
        return filecmp.cmp(a, b, shallow=False)
    except OSError:
        return False


def _open(path: Path) -> int:
    return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC | os.O_NOFOLLOW)


def _mode_like(save: Path | str) -> int:
    """The save's mode, writable by its owner (the journal holds the same commands)."""
    try:
        return (stat.S_IMODE(os.stat(save).st_mode) | 0o600) & 0o666
    except OSError:
        return default_mode()
