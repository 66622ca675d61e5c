"""What a write may replace: `save`, `run --save`, `export` and autosaves ask here first.

A save may replace nothing, or a save of the same encounter that it holds whole: the
same identity (commands/identity.py) and a log that begins with the file's log, so
nothing in the file is lost. An export may replace nothing, or an earlier recap.
Anything else (another encounter's save, a save of this encounter with commands the
writer does not have, a file that is not ours) needs `--force`; a folder, a device or
a pipe, or a save another live shaper-gm holds, is never replaced.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from shaper_gm.commands import identity
from shaper_gm.errors import GmError
from shaper_gm.files import real_target
from shaper_gm.persist.decode import identified_log
from shaper_gm.persist.lock import SaveInUse, is_locked
from shaper_gm.words import plural

RECAP_MARK = b"# Fight recap"


class WontReplace(GmError):
    """Writing here would replace what it should not."""


def check_replace(path: Path | str, *, force: bool = False, log: list[str] | None = None,
                  kind: str = "save", verb: str = "save") -> None:
    """Refuse (WontReplace / SaveInUse) a write of a `kind` file to `path` by a writer
    whose log is `log`."""
    theirs = claim(path, force=force, kind=kind, verb=verb)
    if theirs is not None and not force:
        check_same_encounter(path, theirs, log or [], verb=verb)


def claim(path: Path | str, *, force: bool = False, kind: str = "save",
          verb: str = "save") -> list[str] | None:
    """What may be checked before the writer's log is known: refuse a path that is
    never replaced, or (without `force`) a file that is not a save (or, for an export,
    not a recap). Returns the log of the save there, or None (nothing there, an
    earlier recap, or `force`)."""
    path = Path(path)
    target = real_target(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return None
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
        return None
    if kind == "export":
        if _starts_with(target, RECAP_MARK):
            return None
        raise WontReplace(f"{path} exists and is not a recap written by export",
                          f"pick another name, or replace it: {verb} {path} --force")
    log = saved_log(target)
    if log is None:
        raise WontReplace(f"{path} is not a shaper-gm save",
                          f"pick another name, or replace it: {verb} {path} --force")
    return log


def check_same_encounter(path: Path | str, theirs: list[str], ours: list[str], *,
                         verb: str = "save", told: bool = False) -> None:
    """Refuse replacing the save whose log is `theirs` by one whose log is `ours`,
    unless both are one encounter and `ours` holds every command of `theirs`. `told`:
    ours took its identity from theirs (a script run to its own output), so only the
    log tells whether it is that encounter."""
    hint = f"pick another name, or replace it: {verb} {path} --force"
    mine = identity.of_line(ours[0]) if ours else None
    if mine is None or identity.of_line(theirs[0]) != mine:
        raise WontReplace(f"{path} holds a different encounter", hint)
    first = identity.first_difference(theirs, ours)
    if first is not None and told:
        raise WontReplace(f"{path} holds a different encounter (its log differs from "
                          f"entry {first} on)", hint)
    if first is not None:
        raise WontReplace(f"{path} holds another course of this encounter (its log "
                          f"differs from entry {first} on)", hint)
    if len(theirs) > len(ours):
        further = plural(len(theirs) - len(ours), "command")
        raise WontReplace(f"{path} holds this encounter further on ({further} after this "
                          "one's last)", hint)


def _starts_with(path: Path, mark: bytes) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(len(mark)) == mark
    except OSError:
        return False


def saved_log(path: Path) -> list[str] | None:
    """The log of the save at `path` as this version reads it (its first line carrying
    the encounter's identity), or None when it is not a save."""
    from shaper_gm.persist.saves import read_data
    try:
        data = read_data(path)
    except GmError:
        return None
    log = identified_log(data) if "version" in data else None
    if not log or identity.of_line(log[0]) is None:
        return None
    return log
