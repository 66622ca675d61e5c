"""One writer per save: a lock file beside it, held with `flock` while a process writes.

The lock file (`.NAME.yaml.lock` next to the save's real file, links followed) says who
holds it: pid, host and start time, so a refused second shell can name the first. The
kernel drops an `flock` when its process dies, so a lock left by a crash is free; its
file still names the dead holder, and whoever takes it over says so.

The lock file is shaper-gm's own name: it is never opened through a symbolic link
(O_NOFOLLOW), never waited on (a pipe there is refused), and only a plain file with no
other name is written. What it says is read capped and shown escaped, as any text from
a file is. A process knows the locks it holds by the file, not by what the file says,
so a lock whose holder could not be written (a full disk) is never taken for another
process's.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
import stat
import time
from pathlib import Path

from shaper_gm.errors import GmError
from shaper_gm.files import os_problem, real_target, remove_leftovers
from shaper_gm.nesting import loads
from shaper_gm.persist.journal import journal_path
from shaper_gm.render.escape import escape_controls

_FLAGS = os.O_CLOEXEC | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
_HELD: dict[tuple[int, int], SaveLock] = {}    # the locks this process holds, by file


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
        self.key = _key(fd)
        _HELD[self.key] = self

    @classmethod
    def acquire(cls, save: Path | str) -> SaveLock:
        """Take the lock of `save`, or raise SaveInUse naming the holder. Temporary
        files a crash left beside the save and its journal are removed once it is held."""
        save = Path(save)
        path = lock_path(save)
        for _ in range(5):
            fd = _open(path, save, os.O_RDWR | os.O_CREAT)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                holder = _read(fd)
                os.close(fd)
                if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise GmError(*os_problem(exc, "lock", save)) from None
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
            target = real_target(save)
            remove_leftovers(target)
            remove_leftovers(journal_path(target))
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
        _HELD.pop(self.key, None)
        os.close(self.fd)
        self.fd = None


def is_locked(save: Path | str) -> str | None:
    """Who holds `save`'s lock (a description), or None when nobody does or this
    process does."""
    path = lock_path(save)
    try:
        fd = os.open(path, os.O_RDONLY | _FLAGS)
    except OSError:
        return None
    try:
        if _held_here(fd) or not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return describe(_read(fd))
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def describe(text: str) -> str:
    """`pid 4242 on table-laptop, since 2024-05-01 20:15:00`, from what a lock file says;
    its text is shown escaped and cut short."""
    try:
        info = loads(text)
        pid, host, since = int(info["pid"]), info["host"], info["since"]
    except (ValueError, KeyError, TypeError, OverflowError):
        return "a process that left no name"
    return f"pid {pid} on {_shown(host)}, since {_shown(since)}"


def _shown(value: object, limit: int = 64) -> str:
    text = escape_controls(str(value))
    return text if len(text) <= limit else f"{text[:limit]}..."


def _open(path: Path, save: Path, flags: int) -> int:
    """The lock file at `path`, opened without following a link or waiting on a pipe;
    GmError when what is there is not a plain file with that one name."""
    try:
        fd = os.open(path, flags | _FLAGS, 0o644)
    except OSError as exc:
        if os.path.islink(path):
            raise GmError(f"cannot lock {save}: {path} is a symbolic link, and shaper-gm "
                          "never writes through one there",
                          f"remove the link (rm {path}), or save elsewhere") from None
        message, hint = os_problem(exc, "lock", save)
        raise GmError(f"{message} (at {path})", hint) from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
        os.close(fd)
        what = "has other names (a hard link)" if stat.S_ISREG(st.st_mode) else \
            "is not a plain file"
        raise GmError(f"cannot lock {save}: {path} {what}, so it is not a lock file "
                      "shaper-gm made", f"remove it (rm {path}), or save elsewhere")
    os.set_blocking(fd, True)
    return fd


def _key(fd: int) -> tuple[int, int]:
    st = os.fstat(fd)
    return st.st_dev, st.st_ino


def _held_here(fd: int) -> bool:
    """Whether the lock file open at `fd` is one this process holds (by a descriptor it
    still has open on that very file)."""
    key = _key(fd)
    lock = _HELD.get(key)
    try:
        return lock is not None and lock.fd is not None and _key(lock.fd) == key
    except OSError:
        return False


def _same_file(fd: int, path: Path) -> bool:
    try:
        a, b = os.fstat(fd), os.lstat(path)
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
