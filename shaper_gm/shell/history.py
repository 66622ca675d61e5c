"""The shell's history file: prompt_toolkit's format, read and appended as shaper-gm
treats any file (a plain file only, its newest MiB read), else history in memory."""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path

from prompt_toolkit.history import History, InMemoryHistory

from shaper_gm.files import write_all

MAX_HISTORY_BYTES = 1 << 20       # of a longer history file, the newest MiB is read


def history_path() -> Path:
    """$XDG_DATA_HOME/shaper-gm/history, else ~/.local/share/shaper-gm/history."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "shaper-gm" / "history"


class SafeFileHistory(History):
    """The shell's history file, in prompt_toolkit's format (`# TIME`, then `+LINE` for
    each line of an entry), read and appended as shaper-gm treats any file: a plain file
    only, never opened through a link or waited on (a pipe or /dev/zero there is
    refused, not read), and only its newest MAX_HISTORY_BYTES read. When it fails,
    history carries on in memory, with one note."""

    def __init__(self, filename: str, note) -> None:
        super().__init__()
        self.filename = filename
        self.note = note
        self.broken = False

    def load_history_strings(self):
        try:
            fd = _open_history(self.filename)
            try:
                data = _read_tail(fd, MAX_HISTORY_BYTES)
            finally:
                os.close(fd)
        except OSError as exc:
            self._fail(exc)
            return []
        return reversed(_entries(data))

    def store_string(self, string: str) -> None:
        if self.broken:
            return
        entry = f"\n# {time.strftime('%Y-%m-%d %H:%M:%S')}\n" + "".join(
            f"+{line}\n" for line in string.split("\n"))
        try:
            fd = _open_history(self.filename)
            try:
                write_all(fd, entry.encode("utf-8", "replace"))
            finally:
                os.close(fd)
        except OSError as exc:
            self._fail(exc)

    def _fail(self, exc: Exception) -> None:
        if not self.broken:
            self.broken = True
            self.note(f"note: history file {self.filename} is not usable "
                      f"({getattr(exc, 'strerror', None) or exc}); history is kept for this "
                      "session only")


def _open_history(path: str) -> int:
    """The history file at `path`, opened to read and append (created if missing); an
    OSError saying why when it is a link or not a plain file."""
    flags = (os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW
             | getattr(os, "O_NONBLOCK", 0))
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as exc:
        if os.path.islink(path):
            raise OSError(exc.errno, "it is a symbolic link") from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, "it is not a plain file (a pipe or a device)")
    return fd


def _read_tail(fd: int, cap: int) -> bytes:
    """The last `cap` bytes of the file open at `fd`, from the first whole line."""
    start = max(0, os.fstat(fd).st_size - cap)
    chunks, at = [], start
    while at - start < cap and (chunk := os.pread(fd, cap - (at - start), at)):
        chunks.append(chunk)
        at += len(chunk)
    data = b"".join(chunks)
    return data[data.find(b"\n") + 1:] if start else data


def _entries(data: bytes) -> list[str]:
    """The entries of a history file's text, oldest first."""
    entries, lines = [], []
    for line in data.decode("utf-8", "replace").split("\n"):
        if line.startswith("+"):
            lines.append(line[1:])
        elif lines:
            entries.append("\n".join(lines))
            lines = []
    if lines:
        entries.append("\n".join(lines))
    return entries


def open_history(note=None) -> History:
    """The history file, or memory (with a one-line note) when it cannot be used."""
    note = note or (lambda text: None)
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(_open_history(str(path)))
    except OSError as exc:
        note(f"note: history file {path} is not usable ({exc.strerror or exc}); "
             "history is kept for this session only")
        return InMemoryHistory()
    return SafeFileHistory(str(path), note)
