"""Save files: write a session atomically, read one back exactly.

A save holds the whole state (see encode.py, decode.py) plus the log of resolved command lines.
Writes go to a temporary file in the same folder, are flushed to disk, then renamed
over the old file, so a reader sees the old version or the new one, never half.
"""

from __future__ import annotations

import os
from pathlib import Path

from shaper_gm.commands import identity
from shaper_gm.commands.session import Frame, Session
from shaper_gm.content.yamlio import YamlError
from shaper_gm.files import FileRefused, os_problem, read_capped, real_target, write_text_atomic
from shaper_gm.persist import admit, checkpoints, decode
from shaper_gm.persist.admit import MAX_SAVE_BYTES, MAX_SAVE_LINES
from shaper_gm.persist.lock import SaveLock
from shaper_gm.persist.logcheck import LogReadsFiles, check_log_lines
from shaper_gm.persist.replace import check_replace
from shaper_gm.persist.savetext import SaveText, dump_session, seed_entries
from shaper_gm.persist.saveyaml import load_save_text

# A 10,000-command save is ~120 KiB and ~10,000 lines. Parsing costs memory per line,
# so both caps bound what a hostile file can make the loader allocate; admit.py refuses
# any command whose save would pass them.
SAVES_ENV = "SHAPER_GM_SAVES"


class SaveError(decode.SaveFormatError):
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

def write_save(session: Session, path: Path, *, closed: bool = True) -> None:
    write_save_text(Path(path), dump_session(session, closed=closed))


def write_save_text(path: Path, text: str) -> None:
    """Replace the save at `path` with `text` atomically (SaveError if it cannot be)."""
    try:
        write_text_atomic(path, text)
    except OSError as exc:
        raise SaveError(*os_problem(exc, "write", path)) from None


def save_session(session: Session, word: str | None, *, force: bool = False) -> Path:
    """The `save` verb: to PATH, a bare name under the saves folder, or the open save.
    A file that is another encounter's save, or no save at all, is replaced only with
    `force`; one another shaper-gm holds, never."""
    if word is None:
        if session.save_path is None:
            raise SaveError("this encounter has no save file yet", "save NAME, e.g. save bridge")
        path = Path(session.save_path)
    else:
        path = resolve_path(word)
    own = session.save_path is not None and real_target(path) == real_target(session.save_path)
    if not own:
        check_replace(path, force=force, log=session.log, verb="save")
    try:
        real_target(path).parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"cannot make the folder of {path}: {exc.strerror or exc}",
                        "save elsewhere") from None
    keeper = getattr(session, "keeper", None)
    if keeper is not None:
        keeper.switch_to(path)            # locks it, writes it, closes the file left
    else:
        lock = SaveLock.acquire(path)
        try:
            write_save(session, path)
        finally:
            lock.release()
        session.save_path = str(path)
    return path


# --- reading ---------------------------------------------------------------------------

def read_data(path: Path) -> dict:
    """A save's parsed data: a regular UTF-8 file, at most MAX_SAVE_BYTES, plain YAML."""
    return parse_data(read_bytes(path), path)


def read_bytes(path: Path) -> bytes:
    """A save's bytes, read capped (a device or a pipe is refused, not read)."""
    path = Path(path)
    try:
        return read_capped(path, MAX_SAVE_BYTES, "save")
    except FileRefused as exc:
        hint = (f"check the path; bare names look in {saves_dir()}/"
                if exc.message.startswith("no save") else exc.hint)
        raise SaveError(exc.message, hint) from None


CACHED_SAVE_BYTES = 1 << 20    # a save this small is kept parsed, as content is (yamlcache)


def parse_data(raw: bytes, path: Path) -> dict:
    """The data of a save's bytes, as `read_data` checks it."""
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
        if len(raw) <= CACHED_SAVE_BYTES:      # read again from the parse cache
            from shaper_gm.content import yamlcache
            data = yamlcache.parsed(raw, lambda: load_save_text(text, origin=str(path)),
                                    reader=b"save")
        else:
            data = load_save_text(text, origin=str(path))
    except YamlError as exc:
        raise SaveError(f"{exc}", "the save is damaged or truncated; open a good copy") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path} is not a shaper-gm save (no mapping at the top)",
                        "open a file written by save")
    log = data.get("log")
    if isinstance(log, list) and all(isinstance(x, str) for x in log):
        seed_entries(log, text)
    return data


def log_of(data: dict, where: str) -> list[str]:
    """A save's log, its first line a `new` carrying the encounter's identity (a save
    older than version 3 is given one: decode.identified_log)."""
    log = decode.identified_log(data)
    if log is None:
        raise SaveError(f"{where}: key 'log' should be a list of command lines",
                        "the save is damaged; open a good copy")
    if not log or not log[0].startswith("new"):
        raise SaveError(f"{where}: the log does not start with 'new'",
                        "the save is damaged; open a good copy")
    if identity.of_line(log[0]) is None:
        raise SaveError(f"{where}: log entry 1 carries no encounter id (--{identity.FLAG} "
                        f"and {identity.LENGTH} hex digits)",
                        "the save is damaged; open a good copy")
    return log


def read_save(path: Path | str, library=None) -> Session:
    """A session restored from a save and its journal (reopen.py), without re-running
    the save's log."""
    from shaper_gm.persist.reopen import open_save
    return open_save(Path(path), library).session


def session_from_data(data: dict, path: Path, library=None) -> Session:
    """A session from a save's parsed data (see `read_data`), checked throughout."""
    where = str(path)
    decode.check_version(data, where)
    log = log_of(data, where)
    session = Session(content=library)
    state = decode.state_from_data(data, where, session.ruleset_named, log)
    manual = data.get("manual_dice", [])
    if not isinstance(manual, list) or not all(isinstance(a, str) for a in manual):
        raise SaveError(f"{where}: key 'manual_dice' should be a list of actor ids",
                        "the save is damaged; open a good copy")
    party = data.get("party")
    if party is not None and not isinstance(party, str):
        raise SaveError(f"{where}: key 'party' should be a party's name",
                        "the save is damaged; open a good copy")
    session.state = state
    session.save_path = str(path)
    session.manual = set(manual)
    session.party = party
    session.admit = admit.check
    try:
        check_log_lines(session.registry, log, where)
    except LogReadsFiles as exc:
        raise SaveError(exc.message, exc.hint) from None
    session.history = [Frame(line, None, None) for line in log[:-1]]
    session.history.append(Frame(log[-1], None, state))
    session.save_text = SaveText(loaded=checkpoints.read(data, len(log), where))
    from shaper_gm.persist.replay import rebuild_history
    session.rebuild = rebuild_history
    return session


def load_into(session: Session, word: str) -> tuple[Path, list[str]]:
    """The `load` verb: replace the session's encounter with a saved one (and its
    journal); returns the path and notes about the journal. The file the session was on
    is closed first; a save another shaper-gm holds is refused, changing nothing."""
    path = save_location(word)
    keeper = getattr(session, "keeper", None)
    if keeper is not None:
        opened = keeper.load(path, session.content)   # locks it before reading it
    else:
        from shaper_gm.persist.reopen import open_save
        opened = open_save(path, session.content)
    loaded = opened.session
    session.share_rulesets(loaded)
    session.state = loaded.state
    session.manual = loaded.manual
    session.history = loaded.history
    session.future = []
    session.rebuild = loaded.rebuild
    session.save_text = loaded.save_text
    session.save_path = loaded.save_path
    return path, opened.notes + list(getattr(keeper, "notes", []))


def save_location(word: str) -> Path:
    """What `open`/`load WORD` reads: WORD as typed when something is there, else a bare
    name under the saves folder."""
    typed = Path(word).expanduser()
    return typed if os.path.lexists(typed) else resolve_path(word)
