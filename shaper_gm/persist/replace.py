"""What a write may replace: `save`, `run --save`, `export` and autosaves ask here first.

A save may replace nothing, or a save of the same encounter. An export may replace
nothing, or an earlier recap. Anything else (another encounter's save, a file that is
not ours) needs `--force`; a folder, a device or a pipe, or a save another live
shaper-gm holds, is never replaced.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from shaper_gm.errors import GmError
from shaper_gm.files import real_target
from shaper_gm.persist.lock import SaveInUse, is_locked

RECAP_MARK = b"# Fight recap"


class WontReplace(GmError):
    """Writing here would replace what it should not."""


def check_replace(path: Path | str, *, force: bool = False, first_entry: str | None = None,
                  kind: str = "save", verb: str = "save") -> None:
    """Refuse (WontReplace / SaveInUse) a write of a `kind` file to `path`.
    `first_entry` is the writer's first log line: a save of the same encounter has it."""
    path = Path(path)
    target = real_target(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise WontReplace(f"cannot check {path}: {exc.strerror or exc}",
                          "pick another path") from None
    if stat.S_ISDIR(mode):
        raise WontReplace(f"{path} is a folder", f"give a file name, e.g. {verb} fight")
    if not stat.S_ISREG(mode):
        raise WontReplace(f"{path} is not a regular file (a device, pipe or socket)",
                          "pick a plain file name")
    holder = is_locked(target)
    if holder is not None:
        raise SaveInUse(f"{path} is open in another shaper-gm ({holder})",
                        "close it there first, or pick another name")
    if force:
        return
    if kind == "export":
        if _starts_with(target, RECAP_MARK):
            return
        raise WontReplace(f"{path} exists and is not a recap written by export",
                          f"pick another name, or replace it: {verb} {path} --force")
    entry = _first_entry(target)
    if entry is not None and first_entry is not None and entry == first_entry:
        return
    what = "holds a different encounter" if entry is not None else "is not a shaper-gm save"
    raise WontReplace(f"{path} {what}", f"pick another name, or replace it: {verb} "
                      f"{path} --force")


def _starts_with(path: Path, mark: bytes) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(len(mark)) == mark
    except OSError:
        return False


def _first_entry(path: Path) -> str | None:
    """The first log line of the save at `path`, or None when it is not a save."""
    from shaper_gm.persist.saves import read_data
    try:
        data = read_data(path)
    except GmError:
        return None
    log = data.get("log")
    if isinstance(log, list) and log and isinstance(log[0], str) and "version" in data:
        return log[0]
    return None
