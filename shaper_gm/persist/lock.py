"""One writer per save: a lock file beside it, held with `flock` while a process writes.

The lock file (`.NAME.yaml.lock` next to the save's real file, links followed) says who
holds it: pid, host and start time, so a refused second shell can name the first. The
kernel drops an `flock` when its process dies, so a lock left by a crash is free; its
file still names the dead holder, and whoever takes it over says so.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
import time
from pathlib import Path

from shaper_gm.errors import GmError
from shaper_gm.files import real_target


class SaveInUse(GmError):
    """Another live process holds the save."""


def lock_path(save: Path | str) -> Path:
    target = real_target(save)
    return target.with_name(f".{target.name}.lock")


class SaveLock:
    """A held lock on one save; `release()` gives it up (also done on process exit)."""

    def __init__(self, save: Path, fd: int, path: Path, note: str) -> None:
        self.save = save
        self.fd: int | None = fd
        self.path = path
        self.note = note            # "took over a lock left by ..." or ""

    @classmethod
    def acquire(cls, save: Path | str) -> SaveLock:
        """Take the lock of `save`, or raise SaveInUse naming the holder."""
        save = Path(save)
        path = lock_path(save)
        for _ in range(5):
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            except OSError as exc:
                raise GmError(f"cannot lock {save}: {exc.strerror or exc} ({path})",
                              "check the folder is writable, or save elsewhere") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                holder = _read(fd)
                os.close(fd)
                if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise GmError(f"cannot lock {save}: {exc.strerror or exc}",
                                  "save elsewhere") from None
                raise SaveInUse(f"{save} is open in another shaper-gm ({describe(holder)})",
                                "close it there first, or work on a copy "
                                f"(cp {save} copy.yaml)") from None
            if not _same_file(fd, path):       # released and removed while we waited
                os.close(fd)
                continue
            old = _read(fd)
            note = ""
            if old:
                note = (f"took over the lock of {save} left by {describe(old)}, "
                        "which is no longer running")
            _write(fd, json.dumps({"pid": os.getpid(), "host": socket.gethostname(),
                                   "since": time.strftime("%Y-%m-%d %H:%M:%S")}))
            return cls(save, fd, path, note)
        raise SaveInUse(f"{save} is being opened and closed by another shaper-gm",
                        "try again in a moment")

    def release(self) -> None:
        if self.fd is None:
            return
        try:
            if _same_file(self.fd, self.path):
                os.unlink(self.path)
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None


def is_locked(save: Path | str) -> str | None:
    """Who holds `save`'s lock (a description), or None when nobody does."""
    path = lock_path(save)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            holder = _read(fd)
            return None if _pid(holder) == os.getpid() else describe(holder)
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def describe(text: str) -> str:
    try:
        info = json.loads(text)
        return f"pid {int(info['pid'])} on {info['host']}, since {info['since']}"
    except (ValueError, KeyError, TypeError):
        return "a process that left no name"


def _pid(text: str) -> int | None:
    try:
        return int(json.loads(text)["pid"])
    except (ValueError, KeyError, TypeError):
        return None


def _same_file(fd: int, path: Path) -> bool:
    try:
        a, b = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _read(fd: int) -> str:
    try:
        return os.pread(fd, 4096, 0).decode("utf-8", "replace").strip()
    except OSError:
        return ""


def _write(fd: int, text: str) -> None:
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, text.encode() + b"\n", 0)
        os.fsync(fd)
    except OSError:
        pass             # the lock is held; only the holder's name could not be written
