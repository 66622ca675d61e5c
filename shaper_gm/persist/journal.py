"""The journal beside a save: what each completed command changed, appended and synced,
so making a command durable costs the same at log 10,000 as at log 100.

`.NAME.yaml.journal` sits next to the save's real file, like its lock. One record a
line, ASCII only: the CRC-32 of the JSON that follows (8 hex digits), a space, the JSON.
The first record, the header, ties the journal to one exact save file:

    {"journal": 1, "save": SHA-256 of the save's bytes, "log": its log length}

Then, numbered from 1, what each commit changed:

    {"n": 1, "keep": 57, "add": ["end"]}   keep the first 57 log entries, run these after
    {"n": 2, "keep": 58, "add": [], "manual": ["josh"]}     the manual-dice ids changed
    {"n": 3, "compact": SHA-256}   the save is being rewritten to the file of that digest

Appends are synced one at a time, so a crash can tear only the last line: it is dropped
(that command had not completed). Damage anywhere else is refused like a damaged save.
Reading is capped (bytes, record size, records, lines to run) so that a hostile journal
costs no more than a save the writer could have left.
"""

from __future__ import annotations

import hashlib
import json
import os
import zlib
from dataclasses import field
from pathlib import Path

from shaper_gm.commands.args import MAX_LINE
from shaper_gm.files import FileRefused, read_capped, real_target
from shaper_gm.nesting import TooDeep, check_json, no_repeats
from shaper_gm.persist.decode import SaveFormatError
from shaper_gm.records import record

FORMAT = 1
MAX_BYTES = 4 * 1024 * 1024        # the whole journal, read capped
MAX_RECORD = 64 * 1024             # one line
MAX_RECORDS = 1_000                # records after the header
MAX_LINES = 2_000                  # log lines added over the whole journal
DAMAGED = "move the journal aside to open the save as last written (mv {path} {path}.bad)"


class JournalDamaged(SaveFormatError):
    """A journal of this save that cannot be applied; the files are left as they are."""


def journal_path(save: Path | str) -> Path:
    target = real_target(save)
    return target.with_name(f".{target.name}.journal")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def encode(record: dict) -> bytes:
    """One journal line: its checksum, then the record as ASCII JSON (control and
    non-ASCII characters escaped, so the line holds no raw byte a reader must guess at)."""
    text = json.dumps(record, ensure_ascii=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x} {text}\n".encode("ascii")


def header(save_digest: str, log_length: int) -> dict:
    return {"journal": FORMAT, "save": save_digest, "log": log_length}


@record(frozen=False)
class JournalText:
    """A journal as read: its header (None when the file is not a journal: `problem`
    says why), its records in order, and how much of the file they fill (a torn last
    line excluded)."""

    path: Path
    header: dict | None
    records: list[dict] = field(default_factory=list)
    good_size: int = 0
    torn: bool = False
    problem: str = ""

    @property
    def save_digest(self) -> str | None:
        return None if self.header is None else self.header["save"]

    def compacted_to(self) -> str | None:
        """The digest of the save a compaction was writing when the journal ended."""
        if self.records and "compact" in self.records[-1]:
            return self.records[-1]["compact"]
        return None


def read(save: Path | str) -> JournalText | None:
    """The journal of the save at `save`, or None when it has none."""
    path = journal_path(save)
    if not os.path.lexists(path):
        return None
    if os.path.islink(path):
        return JournalText(path, None, problem="it is a symbolic link")
    try:
        raw = read_capped(path, MAX_BYTES, "journal")
    except FileRefused as exc:
        return JournalText(path, None, problem=exc.message)
    rows = raw.split(b"\n")
    last = rows.pop()                  # after the final newline: b"" unless torn
    found = JournalText(path, None, torn=bool(last))
    if rows:
        found.header = _header(rows[0])
    if found.header is None:
        found.problem = "it does not start with a journal header"
        return found                   # not a journal we can tie to any save
    found.good_size = len(rows[0]) + 1
    lines = 0
    for number, row in enumerate(rows[1:], 1):
        record = _record(row, number, path)
        if record is None:             # torn: only the last line may be
            if number != len(rows) - 1 or last:
                raise JournalDamaged(f"{path}: entry {number} is damaged (a crash cuts "
                                     "short only the last entry)",
                                     DAMAGED.format(path=path))
            found.torn = True
            break
        lines += len(record.get("add", ()))
        if number > MAX_RECORDS or lines > MAX_LINES:
            raise JournalDamaged(f"{path}: more than {MAX_RECORDS} entries or {MAX_LINES} "
                                 "commands; shaper-gm folds its journal into the save long "
                                 "before that", DAMAGED.format(path=path))
        found.records.append(record)
        found.good_size += len(row) + 1
    return found


def _decode(row: bytes) -> dict | None:
    """The record of one line, or None when the line is not one whole record; TooDeep
    when it is whole (its checksum holds) and nests deeper than any record."""
    if len(row) > MAX_RECORD or len(row) < 10 or row[8:9] != b" ":
        return None
    if any(byte < 0x20 or byte > 0x7E for byte in row):
        return None
    text = row[9:].decode("ascii")
    try:
        if int(row[:8], 16) != zlib.crc32(row[9:]):
            return None
        check_json(text)
        data = json.loads(text, object_pairs_hook=no_repeats)
    except TooDeep:
        raise
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _header(row: bytes) -> dict | None:
    try:
        data = _decode(row)
    except TooDeep:
        return None
    if (data is None or set(data) != {"journal", "save", "log"} or data["journal"] != FORMAT
            or not _is_digest(data["save"]) or not _is_count(data["log"], 1)):
        return None
    return data


def _record(row: bytes, number: int, path: Path) -> dict | None:
    """A record checked for shape, None when torn (no whole line with a good checksum);
    JournalDamaged when whole but not a record shaper-gm writes."""
    where = f"{path}: entry {number}"
    hint = DAMAGED.format(path=path)
    try:
        data = _decode(row)
    except TooDeep as exc:
        raise JournalDamaged(f"{where} {exc}", hint) from None
    if data is None:
        return None
    if data.get("n") != number or isinstance(data.get("n"), bool):
        raise JournalDamaged(f"{where} is numbered {data.get('n')!r}", hint)
    if set(data) == {"n", "compact"} and _is_digest(data["compact"]):
        return data
    if not {"n", "keep", "add"} <= set(data) <= {"n", "keep", "add", "manual"}:
        raise JournalDamaged(f"{where} has the keys {sorted(data)}", hint)
    if not _is_count(data["keep"], 1):
        raise JournalDamaged(f"{where}: keep is {data['keep']!r}, not a log length", hint)
    for key in ("add", "manual"):
        items = data.get(key, [])
        if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
            raise JournalDamaged(f"{where}: {key} is not a list of text", hint)
    for line in data["add"]:
        if len(line) > MAX_LINE:
            raise JournalDamaged(f"{where}: a command of {len(line)} characters "
                                 f"(limit {MAX_LINE})", hint)
    return data


def _is_digest(value) -> bool:
    return (isinstance(value, str) and len(value) == 64
            and all(c in "0123456789abcdef" for c in value))


def _is_count(value, low: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low
