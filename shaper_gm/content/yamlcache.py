"""Content files parsed once: a cache of what a YAML file came to, as JSON.

Checking a YAML file (depth, duplicate keys, the line of every key) costs ten times
what reading JSON does, and a ruleset's content and declarations are read by every
command line that opens an encounter. So a file that parsed well is kept, as JSON, under
the hash of its bytes (with the parser's version), in $SHAPER_GM_CACHE (`off` turns it
off), else $XDG_CACHE_HOME/shaper-gm, else ~/.cache/shaper-gm. A changed file has
another hash; a cache that cannot be read or written is simply not used; data JSON
cannot hold as it is (a date, a key that is a number) is never kept. The same place
keeps marks that a file passed a check (`passed_before`): an actions file compiled whole.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

ENV_VAR = "SHAPER_GM_CACHE"
VERSION = b"shaper-gm yaml cache 1"
MAX_BYTES = 16 * 1024 * 1024      # a kept file larger than this is not read
MAX_FILES = 2048                  # past this many kept files, the older half goes


def folder() -> Path | None:
    """Where parsed files are kept, or None when the cache is off."""
    chosen = os.environ.get(ENV_VAR, "")
    if chosen.lower() == "off":
        return None
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "shaper-gm" / "yaml"


def parsed(raw: bytes, parse: Callable[[], Any], *, lines: bool = False,
           restore: Callable[[Any, Any], Any] | None = None,
           marks: Callable[[Any], Any] | None = None, reader: bytes = b"") -> Any:
    """What `parse()` makes of the file whose bytes are `raw`, from the cache when it
    holds it. With `lines`, `marks(data)` gives what the parse found besides the data
    (the line of each key) and `restore(data, marks)` puts it back. `reader` names a
    parse that reads the same bytes its own way (a save's)."""
    place = folder()
    if place is None:
        return parse()
    salt = VERSION + (b"+lines" if lines else b"") + (b"+" + reader if reader else b"")
    key = _blake2b(salt + raw, digest_size=20).hexdigest()
    path = place / f"{key}.json"
    kept = _read(path)
    if kept is not None:
        data, found = kept
        return restore(data, found) if restore is not None and found is not None else data
    data = parse()
    _write(path, data, marks(data) if marks is not None else None)
    return data


def passed_before(path: Any, check: bytes) -> bool:
    """Whether the file at `path`, as it is now, passed `check` (which names the code
    that checks it) before; never with the cache off."""
    mark = _mark(path, check)
    return mark is not None and mark.is_file()


def remember_passed(path: Any, check: bytes) -> None:
    """Keep the mark that the file at `path`, as it is now, passed `check` (an empty file:
    being there is all it says)."""
    mark = _mark(path, check)
    if mark is None:
        return
    try:
        mark.parent.mkdir(parents=True, exist_ok=True)
        mark.touch()
        _prune(mark.parent)
    except OSError:
        return


def modules_stamp(package: Any) -> bytes:
    """A package's modules as they stand (how many, the newest change): a check that
    names its code by this is made again once that code is installed or edited."""
    with os.scandir(package.__path__[0]) as found:
        changed = [entry.stat().st_mtime_ns for entry in found if entry.name.endswith(".py")]
    return f"{len(changed)} {max(changed, default=0)}".encode()


def _mark(path: Any, check: bytes) -> Path | None:
    place = folder()
    if place is None:
        return None
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    key = _blake2b(VERSION + b"+passed " + check + raw, digest_size=20).hexdigest()
    return place / f"{key}.ok"


def _blake2b(data: bytes, digest_size: int) -> Any:
    """BLAKE2b from its own small module: `hashlib` loads OpenSSL, which costs a start-up
    more than all the parsing it saves."""
    try:
        from _blake2 import blake2b
    except ImportError:                 # a Python built without it
        from hashlib import blake2b
    return blake2b(data, digest_size=digest_size)


def _read(path: Path) -> tuple[Any, Any] | None:
    from shaper_gm.files import FileRefused, read_capped
    try:
        kept = json.loads(read_capped(path, MAX_BYTES, "cached file"))
    except (FileRefused, OSError, ValueError, RecursionError):
        return None
    if not isinstance(kept, dict) or "data" not in kept:
        return None
    return kept["data"], kept.get("marks")


def _write(path: Path, data: Any, found: Any) -> None:
    """Keep `data` (and `found`) when JSON gives it back equal; quietly not otherwise."""
    try:
        text = json.dumps({"data": data, "marks": found}, ensure_ascii=False)
        if json.loads(text)["data"] != data:
            return                    # a number as a key, a tuple: not kept as it is
        from shaper_gm.files import write_text_atomic
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, text)
        _prune(path.parent)
    except (OSError, TypeError, ValueError, RecursionError):
        return


def _prune(place: Path) -> None:
    """Keep the cache bounded: past MAX_FILES kept files and marks, the older half is
    removed (a file still in use is simply parsed and kept again)."""
    with os.scandir(place) as entries:
        kept = [entry for entry in entries if entry.name.endswith((".json", ".ok"))]
    if len(kept) <= MAX_FILES:
        return
    kept.sort(key=lambda entry: entry.stat().st_mtime_ns)
    for entry in kept[:len(kept) - MAX_FILES // 2]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass
