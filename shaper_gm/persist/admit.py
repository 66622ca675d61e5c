"""Every write is readable: a command applies only if its result could be saved and
opened again.

`check` runs before a command lands (it is `Session.admit`): the new state must go
through the save format and come back equal, and the save it makes must stay within
the reader's caps. Otherwise the command is refused like any rule violation.
"""

from __future__ import annotations

from shaper_gm.errors import CommandError
from shaper_gm.persist import codec
from shaper_gm.persist.savetext import entry_text, save_text

MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_SAVE_LINES = 200_000


def check(session, state, line: str) -> None:
    _round_trip(session, state)
    cache = save_text(session)
    head = cache.head_of(state)
    cache.follow(session.history)
    entry = entry_text(line)
    _within_caps(session, state, len(head.encode()) + cache.size + len(entry.encode()),
                 head.count("\n") + cache.lines + entry.count("\n"))


def check_reopened(session, state, file_bytes: int, file_lines: int,
                   added: list[str]) -> None:
    """The check for a state a save's journal reached at open. The save file's own size
    stands for its log (the journal only took entries off it, or `added` them), so a
    long log need not be measured entry by entry; only a bound over the caps is."""
    _round_trip(session, state)
    head = save_text(session).head_of(state)
    entries = [entry_text(line) for line in added]
    size = file_bytes + len(head.encode()) + sum(len(e.encode()) for e in entries)
    lines = file_lines + head.count("\n") + sum(e.count("\n") for e in entries)
    try:
        _within_caps(session, state, size, lines)
    except CommandError:
        check(session, state, session.history[-1].line)     # count exactly


def _round_trip(session, state) -> None:
    try:
        rs = session.ruleset_named(state.ruleset)
        back = codec.state_from_data(codec.state_to_data(state, rs), "the result",
                                     session.ruleset_named)
    except codec.SaveFormatError as exc:
        raise CommandError(f"the result could not be saved and opened again ({exc.message})",
                           "nothing changed; this value is out of range") from None
    if back != state:
        raise CommandError("the result could not be saved exactly",
                           "nothing changed; please report this command")


def _within_caps(session, state, size: int, lines: int) -> None:
    # Room for the session's flags (closed, and every id that may be in manual_dice).
    ids = set(state.actors) | session.manual
    size += 4 * sum(len(a) + 4 for a in ids) + 64
    lines += len(ids) + 8
    if lines > MAX_SAVE_LINES or size > MAX_SAVE_BYTES:
        raise CommandError(f"the save would be over the limit of {MAX_SAVE_LINES:,} lines or "
                           f"{MAX_SAVE_BYTES // 2**20} MiB that shaper-gm opens",
                           "start a new encounter for the rest of the fight, or remove "
                           "actors no longer in play")
