"""Reading and writing files safely: the only file I/O saves, scripts and sheets use.

Reading opens without blocking (a FIFO or a terminal never hangs us), accepts only a
regular file, and reads at most `cap + 1` bytes, so a device such as /dev/zero is
refused by size without being read to the end (`stat` says 0 bytes for it).

Writing is atomic (temporary file in the target's folder, fsync, rename, fsync of the
folder): a reader sees the old file or the new one, never half. A save the GM names by
a symlink is written through it (its target is replaced, the link stays) and the file
keeps its mode. Files shaper-gm names itself are never opened through a link: a
temporary file is made exclusively under an unpredictable name, and the holder of a
save's lock removes the ones a crash left beside it (`remove_leftovers`).
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path
from typing import BinaryIO

from shaper_gm.errors import GmError


class FileRefused(GmError):
    """A file that cannot be read as asked: missing, not a regular file, too big."""


def read_capped(path: Path | str, cap: int, what: str = "file") -> bytes:
    """The bytes of the regular file at `path`, refused when it holds more than `cap`."""
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused(f"no {what} at {path}", "check the path") from None
    except IsADirectoryError:
        raise FileRefused(f"{path} is a folder, not a {what}", "name a file") from None
    except OSError as exc:
        raise FileRefused(f"cannot read {path}: {exc.strerror or exc}",
                          "check the path and its permissions") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileRefused(f"{path} is a folder, not a {what}", "name a file")
        if not stat.S_ISREG(mode):
            raise FileRefused(f"{path} is not a regular file (a device, pipe or socket)",
                              f"a {what} is a plain file")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return _read_at_most(handle, cap, str(path), what)
    except OSError as exc:
        raise FileRefused(f"cannot read {path}: {exc.strerror or exc}",
                          "check the path and its permissions") from None
    finally:
        os.close(fd)


def read_stream_capped(stream: BinaryIO, cap: int, label: str, what: str) -> bytes:
    """At most `cap` bytes of an open stream (standard input), refused beyond."""
    return _read_at_most(stream, cap, label, what)


def _read_at_most(handle: BinaryIO, cap: int, label: str, what: str) -> bytes:
    chunks, size = [], 0
    while size <= cap:
        chunk = handle.read(min(1 << 20, cap + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > cap:
        raise FileRefused(f"{label} is over {_size(cap)}; a {what} is at most that",
                          f"this is not a shaper-gm {what}")
    return b"".join(chunks)


def _size(n: int) -> str:
    return f"{n // 2**20} MiB" if n >= 2**20 else f"{n // 1024} KiB"


def real_target(path: Path | str) -> Path:
    """Where writing `path` lands: a symlink's target (links followed), else `path`."""
    return Path(os.path.realpath(Path(path).expanduser()))


def write_text_atomic(path: Path | str, text: str) -> None:
    """Replace the file at `path` (through a symlink) with `text`, atomically."""
    target = real_target(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = default_mode()
    replace_atomic(target, text.encode("utf-8"), mode)


def replace_atomic(path: Path, data: bytes, mode: int) -> None:
    """Put `data` at `path` with `mode`, atomically: a temporary file in the same folder
    (created exclusively, never through a link), fsync, rename (a link at `path` is
    replaced, not followed), fsync of the folder. On failure (a full disk) the file at
    `path` is as it was and the temporary file is gone."""
    folder = path.parent
    import tempfile  # only a write needs it (and `random` with it)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        try:
            write_all(fd, data)
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    fsync_folder(folder)


def write_all(fd: int, data: bytes) -> None:
    """Write all of `data` to `fd` (os.write may take less than it is given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


TEMP_SUFFIX = ".tmp"


def remove_leftovers(path: Path) -> list[Path]:
    """Delete the temporary files a crash left beside `path` (what `replace_atomic`
    names `.NAME.XXXXXXXX.tmp`); the names removed. Only a process that holds the lock
    on `path` may call this: nobody else writes there, so none is in use."""
    pattern = re.compile(re.escape(f".{path.name}.") + r"[a-z0-9_]{8}"
                         + re.escape(TEMP_SUFFIX))
    removed = []
    try:
        names = [n for n in os.listdir(path.parent) if pattern.fullmatch(n)]
    except OSError:
        return removed
    for name in names:
        leftover = path.parent / name
        try:
            if stat.S_ISREG(os.lstat(leftover).st_mode):
                os.unlink(leftover)           # the name only: a link is not followed
                removed.append(leftover)
        except OSError:
            pass
    return removed


def os_problem(exc: OSError, doing: str, path: Path | str) -> tuple[str, str]:
    """(message, hint) for an OSError met while `doing` ("write", "lock") `path`: a
    full disk and a refused permission are named as such, with what to do."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        why = "the disk is full" if exc.errno == errno.ENOSPC else "the disk quota is used up"
        return (f"cannot {doing} {path}: {why}",
                "free some space, or save on another disk; what was saved before is intact")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return (f"cannot {doing} {path}: permission denied",
                f"check who may write in {Path(path).parent}, or save elsewhere")
    return (f"cannot {doing} {path}: {exc.strerror or exc}",
            "check the folder exists and is writable, or save elsewhere")


def default_mode() -> int:
    """The mode a new file gets under the process's umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def fsync_folder(folder: Path) -> None:
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def create_new(path: Path) -> bool:
    """Create an empty file at `path` only if nothing is there, not even a dangling link
    (O_EXCL); True if made."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                     | os.O_CLOEXEC, 0o666)
    except FileExistsError:
        return False
    os.close(fd)
    return True
