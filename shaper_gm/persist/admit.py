"""Every write is readable: a command applies only if its result could be saved and
opened again.

`check` runs before a command lands (it is `Session.admit`): the new state must go
through the save format and come back equal, and the save it makes must stay within
the reader's caps. Otherwise the command is refused like any rule violation.

The proof costs what the command changed. The state's text is made in pieces
(statetext.py): each actor whose block is new is read back alone and must come back
equal; the encounter's own keys are read back with the actors as proven, and the whole
is checked as opening checks it (`decode.state_from_parts`), the ruleset's checks of an
actor against the rest running for the new blocks. An actor whose block is kept is the
same value, with the same data, in a state the same for it: it was proven when its
block was made. The size is the kept pieces' sizes plus the new ones', so the caps are
measured on the bytes the state will take on disk; the checkpoints a save also carries
take only the room left (checkpoints.py).
"""

from __future__ import annotations

from shaper_gm.errors import CommandError
from shaper_gm.persist import decode
from shaper_gm.persist.savetext import entry_text, save_text

MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_SAVE_LINES = 200_000
WHERE = "the result"


def check(session, state, line: str) -> None:
    cache = save_text(session)
    draft = _proven(session, state)
    cache.follow(session.history)
    entry = entry_text(line)
    _within_caps(session, draft, draft.size + cache.size + len(entry.encode()),
                 draft.lines + cache.lines + entry.count("\n"))


def check_reopened(session, state, file_bytes: int, file_lines: int,
                   added: list[str]) -> None:
    """The check for a state a save's journal reached at open. The save file's own size
    stands for its log (the journal only took entries off it, or `added` them), so a
    long log need not be measured entry by entry; only a bound over the caps is."""
    draft = _proven(session, state)
    entries = [entry_text(line) for line in added]
    size = file_bytes + draft.size + sum(len(e.encode()) for e in entries)
    lines = file_lines + draft.lines + sum(e.count("\n") for e in entries)
    try:
        _within_caps(session, draft, size, lines)
    except CommandError:
        check(session, state, session.history[-1].line)     # count exactly


def _proven(session, state):
    """The state's text drafted, and proven to read back as `state` (then kept)."""
    text = save_text(session).state_text
    rs = session.ruleset_named(state.ruleset)
    draft = text.draft(state, rs)
    try:
        for actor_id, block in draft.blocks.items():
            back = decode.actor_from_data(actor_id, block.data, f"{WHERE}.actors.{actor_id}",
                                         rs, state.cols, state.rows)
            if back != block.actor:
                _inexact()
        if draft.system is not text.system and decode.system_from_data(
                draft.system[1], f"{WHERE}.system", rs) != state.system:
            _inexact()
        back = decode.state_from_parts(draft.keys, WHERE, session.ruleset_named,
                                      state.actors, state.system, draft.fresh)
    except decode.SaveFormatError as exc:
        raise CommandError(f"the result could not be saved and opened again ({exc.message})",
                           "nothing changed; this value is out of range") from None
    if back != state:
        _inexact()
    text.accept(draft)
    return draft


def _inexact() -> None:
    raise CommandError("the result could not be saved exactly",
                       "nothing changed; please report this command")


def _within_caps(session, draft, size: int, lines: int) -> None:
    # Room for the session's flags (closed, and every id that may be in manual_dice).
    actors = draft.state.actors
    others = [a for a in session.manual if a not in actors]
    ids = len(actors) + len(others)
    size += 4 * (draft.id_chars + sum(map(len, others)) + 4 * ids) + 64
    lines += ids + 8
    if lines > MAX_SAVE_LINES or size > MAX_SAVE_BYTES:
        raise CommandError(f"the save would be over the limit of {MAX_SAVE_LINES:,} lines or "
                           f"{MAX_SAVE_BYTES // 2**20} MiB that shaper-gm opens",
                           "start a new encounter for the rest of the fight, or remove "
                           "actors no longer in play")
