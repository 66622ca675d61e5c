"""Reading and writing files safely: the only file I/O saves, scripts and sheets use.

Reading opens without blocking (a FIFO or a terminal never hangs us), accepts only a
regular file, and reads at most `cap + 1` bytes, so a device such as /dev/zero is
refused by size without being read to the end (`stat` says 0 bytes for it).

Writing is atomic (temporary file in the target's folder, fsync, rename, fsync of the
folder): a reader sees the old file or the new one, never half. A symlink is written
through (its target is replaced, the link stays) and the file keeps its mode.
"""

from __future__ import annotations

import os
import stat
import tempfile
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
    """Put `data` at `path` with `mode`, atomically: a temporary file in the same folder,
    fsync, rename (a link at `path` is replaced, not followed), fsync of the folder."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    fsync_folder(folder)


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
    """Create an empty file at `path` only if nothing is there (O_EXCL); True if made."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        return False
    os.close(fd)
    return True
