"""A session's save as text, made cheaply after every command.

The text is the state's YAML (made in pieces, each once: statetext.py; the admission
check and the autosave share them), the session's flags, the log, then the state
checkpoints that fit. Each log entry's YAML is made once, and the joined log follows
the history by its ends (a command appended, an undo popped), so rewriting the save
after a command costs the same at log 10,000 as at log 100, and with 1,000 actors as
with 10, apart from writing the bytes.
"""

from __future__ import annotations

from dataclasses import field

from shaper_gm.content.yamlio import dump_yaml
from shaper_gm.persist.checkpoints import CheckpointText
from shaper_gm.persist.statetext import StateText
from shaper_gm.records import record


class LogCache:
    """YAML text of each log line, made once: rewriting a long save stays cheap."""

    def __init__(self) -> None:
        self._text: dict[str, str] = {}
        self._pending: list[tuple[list[str], str]] = []

    def seed(self, log: list[str], text: str) -> None:
        """Take the entries' text from a save just read (at the first entry not known
        yet, so opening pays nothing for it): a long save's next write then needs no
        YAML dumping."""
        self._pending = [*self._pending[-3:], (log, text)]

    def _seed(self, log: list[str], text: str) -> None:
        """When each entry of the text's top-level `log:` is one `- ...` line."""
        at = text.find("\nlog:\n")
        if at < 0:
            return
        rows = text[at + 6:].split("\n", len(log))
        if len(rows) < len(log) or not all(r.startswith("- ") for r in rows[:len(log)]):
            return
        rest = rows[len(log)] if len(rows) > len(log) else ""
        if rest[:1] in (" ", "-", "\t"):
            return                       # an entry spans lines: keep dumping
        for line, row in zip(log, rows[:len(log)], strict=True):
            if len(self._text) < 200_000:
                self._text.setdefault(line, row + "\n")

    def entry(self, line: str) -> str:
        text = self._text.get(line)
        while text is None and self._pending:
            self._seed(*self._pending.pop())
            text = self._text.get(line)
        if text is None:
            text = dump_yaml([line])
            if len(self._text) < 200_000:
                self._text[line] = text
        return text


_entries = LogCache()


@record(frozen=False)
class SaveText:
    """What a session's last save text was made of (kept on `session.save_text`)."""

    state_text: StateText = field(default_factory=StateText)
    frames: list = field(default_factory=list)     # the history the entries follow
    entries: list[str] = field(default_factory=list)
    size: int = 0                     # bytes (UTF-8) of all entries
    lines: int = 0                    # newlines of all entries
    loaded: dict = field(default_factory=dict)     # checkpoints read from the save
    checkpoints: CheckpointText = field(default_factory=CheckpointText)

    def follow(self, history: list) -> None:
        """Bring the entries in step with `history` (shared prefix kept)."""
        keep = min(len(self.frames), len(history))
        while keep and self.frames[keep - 1] is not history[keep - 1]:
            keep -= 1
        for text in self.entries[keep:]:
            self.size -= len(text.encode())
            self.lines -= text.count("\n")
        del self.frames[keep:], self.entries[keep:]
        for frame in history[keep:]:
            text = _entries.entry(frame.line)
            self.frames.append(frame)
            self.entries.append(text)
            self.size += len(text.encode())
            self.lines += text.count("\n")


def save_text(session) -> SaveText:
    cache = getattr(session, "save_text", None)
    if cache is None:
        cache = session.save_text = SaveText()
    return cache


def flags_text(session, closed: bool) -> str:
    manual = sorted(session.manual)     # ids of actors gone too: undo may bring them back
    party = {"party": session.party} if getattr(session, "party", None) else {}
    return dump_yaml({"closed": closed, "manual_dice": manual, **party})


def dump_session(session, *, closed: bool = True) -> str:
    """The save's text. Its checkpoints take what room the reader's caps leave (the
    newest first), so what is written can always be opened again."""
    from shaper_gm.persist.admit import MAX_SAVE_BYTES, MAX_SAVE_LINES
    cache = save_text(session)
    state, ruleset_named = session.state, session.ruleset_named
    head = cache.state_text.text(state, ruleset_named(state.ruleset))
    cache.follow(session.history)
    tail = flags_text(session, closed)
    if not cache.entries:
        return f"{head}{tail}log: []\n"
    text = f"{head}{tail}log:\n{''.join(cache.entries)}"
    room = (MAX_SAVE_BYTES - len(text.encode()), MAX_SAVE_LINES - text.count("\n"))
    return text + cache.checkpoints.text(
        session.history, cache.loaded, room,
        lambda old: cache.state_text.data(old, ruleset_named(old.ruleset)))


def entry_text(line: str) -> str:
    return _entries.entry(line)


def seed_entries(log: list[str], text: str) -> None:
    _entries.seed(log, text)
