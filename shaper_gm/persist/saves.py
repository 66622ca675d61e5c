"""Save files: write a session atomically, read one back exactly.

A save holds the whole state (see codec.py) plus the log of resolved command lines.
Writes go to a temporary file in the same folder, are flushed to disk, then renamed
over the old file, so a reader sees the old version or the new one, never half.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from shaper_gm.commands.session import Frame, Session
from shaper_gm.persist import codec
from shaper_gm.persist.yamlio import YamlError, dump_yaml, load_yaml_data

# A 10,000-command save is ~120 KiB and ~10,000 lines. Parsing costs memory per line,
# so both caps bound what a hostile file can make the loader allocate.
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_SAVE_LINES = 200_000
SAVES_ENV = "SHAPER_GM_SAVES"


class SaveError(codec.SaveFormatError):
    pass


def saves_dir() -> Path:
    """Where bare save names go: $SHAPER_GM_SAVES, else ./saves."""
    return Path(os.environ.get(SAVES_ENV) or "saves")


def resolve_path(word: str) -> Path:
    """A bare name (no folder, with or without .yaml) goes under the saves folder; a path
    is taken as typed."""
    path = Path(word).expanduser()
    if path.parent == Path(".") and not word.startswith("."):
        name = path.name if path.suffix in (".yaml", ".yml") else f"{path.name}.yaml"
        return saves_dir() / name
    return path


# --- writing ---------------------------------------------------------------------------

class LogCache:
    """YAML text of each log line, made once: rewriting a long save stays cheap."""

    def __init__(self) -> None:
        self._text: dict[str, str] = {}

    def entry(self, line: str) -> str:
        text = self._text.get(line)
        if text is None:
            text = dump_yaml([line])
            if len(self._text) < 200_000:
                self._text[line] = text
        return text


_shared_cache = LogCache()


def dump_session(session: Session, *, closed: bool = True,
                 cache: LogCache = _shared_cache) -> str:
    data = codec.state_to_data(session.state, session.ruleset_for(session.state))
    data["closed"] = closed
    data["manual_dice"] = sorted(a for a in session.manual if a in session.state.actors)
    head = dump_yaml(data)
    log = "".join(cache.entry(line) for line in session.log)
    return f"{head}log:\n{log}" if log else f"{head}log: []\n"


def write_text_atomic(path: Path, text: str) -> None:
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
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


def write_save(session: Session, path: Path, *, closed: bool = True) -> None:
    try:
        write_text_atomic(Path(path), dump_session(session, closed=closed))
    except OSError as exc:
        raise SaveError(f"cannot write {path}: {exc.strerror or exc}",
                        "check the folder exists and is writable, or save elsewhere") from None


def save_session(session: Session, word: str | None, *, force: bool = False) -> Path:
    """The `save` verb: to PATH, a bare name under the saves folder, or the open save."""
    if word is None:
        if session.save_path is None:
            raise SaveError("this encounter has no save file yet", "save NAME, e.g. save bridge")
        path = Path(session.save_path)
    else:
        path = resolve_path(word)
        if path.is_dir():
            raise SaveError(f"{path} is a folder", "give a file name, e.g. save bridge")
        if (not force and path.exists() and str(path) != str(session.save_path)
                and not _same_encounter(path, session)):
            raise SaveError(f"{path} holds a different encounter",
                            f"pick another name, or overwrite it: save {word} --force")
    write_save(session, path)
    session.save_path = str(path)
    return path


def _same_encounter(path: Path, session: Session) -> bool:
    """A file may be overwritten by the encounter it holds: same first log entry."""
    try:
        data = read_data(path)
    except codec.SaveFormatError:
        return False
    log = data.get("log") if isinstance(data, dict) else None
    return bool(log) and bool(session.log) and log[0] == session.log[0]


# --- reading ---------------------------------------------------------------------------

def read_data(path: Path) -> dict:
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(f"no save at {path}", "check the path; bare names look in "
                        f"{saves_dir()}/") from None
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}", "check the path") from None
    if path.is_dir():
        raise SaveError(f"{path} is a folder, not a save", "give the .yaml file")
    if size > MAX_SAVE_BYTES:
        raise SaveError(f"{path} is {size / 2**20:.1f} MiB; a save is at most "
                        f"{MAX_SAVE_BYTES // 2**20} MiB", "this is not a shaper-gm save")
    raw = path.read_bytes()
    if b"\x00" in raw:
        raise SaveError(f"{path} holds NUL bytes: it is not a YAML save", "open a .yaml save")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not UTF-8 text", "open a .yaml save") from None
    lines = text.count("\n")
    if lines > MAX_SAVE_LINES:
        raise SaveError(f"{path} has {lines} lines; a save has at most {MAX_SAVE_LINES}",
                        "this is not a shaper-gm save, or it is far beyond any fight")
    try:
        data = load_yaml_data(text, origin=str(path))
    except YamlError as exc:
        raise SaveError(f"{exc}", "the save is damaged or truncated; open a good copy") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path} is not a shaper-gm save (no mapping at the top)",
                        "open a file written by save")
    return data


def log_of(data: dict, where: str) -> list[str]:
    log = data.get("log")
    if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
        raise SaveError(f"{where}: key 'log' should be a list of command lines",
                        "the save is damaged; open a good copy")
    if not log or not log[0].startswith("new"):
        raise SaveError(f"{where}: the log does not start with 'new'",
                        "the save is damaged; open a good copy")
    return log


def read_save(path: Path | str, library=None) -> Session:
    """A session restored from a save without re-running anything."""
    return session_from_data(read_data(Path(path)), Path(path), library)


def session_from_data(data: dict, path: Path, library=None) -> Session:
    """A session from a save's parsed data (see `read_data`), checked throughout."""
    where = str(path)
    codec.check_version(data, where)
    log = log_of(data, where)
    session = Session(content=library)
    state = codec.state_from_data(data, where, session.ruleset_named)
    manual = data.get("manual_dice", [])
    if not isinstance(manual, list) or not all(isinstance(a, str) for a in manual):
        raise SaveError(f"{where}: key 'manual_dice' should be a list of actor ids",
                        "the save is damaged; open a good copy")
    session.state = state
    session.save_path = str(path)
    session.manual = {a for a in manual if a in state.actors}
    _check_files_in_log(session.registry, log, where)
    session.history = [Frame(line, None, None) for line in log[:-1]]
    session.history.append(Frame(log[-1], None, state))
    from shaper_gm.persist.replay import rebuild_history
    session.rebuild = rebuild_history
    return session


def _check_files_in_log(registry, log: list[str], where: str) -> None:
    """A log never holds file commands; one that does is damaged (spec: Save files)."""
    for number, line in enumerate(log, 1):
        word = line.split(maxsplit=1)[0].lower() if line.strip() else ""
        verb = registry.by_alias.get(word)
        if verb is not None and registry.verbs[verb].takes_file:
            raise SaveError(f"{where}: log entry {number} is the file command {word!r}",
                            "a log never runs file commands; the save is damaged")


def load_into(session: Session, word: str) -> Path:
    """The `load` verb: replace the session's encounter with a saved one."""
    path = resolve_path(word) if not Path(word).exists() else Path(word)
    loaded = read_save(path, session.content)
    session.state = loaded.state
    session.manual = loaded.manual
    session.history = loaded.history
    session.future = []
    session.rebuild = loaded.rebuild
    session.save_path = loaded.save_path
    return path
