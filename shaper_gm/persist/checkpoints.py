"""State checkpoints in a save, so undo past the point where a save was opened re-runs
a bounded stretch of the log instead of all of it.

A save carries `checkpoints: {ENTRY: STATE}`: the state after log entry ENTRY, one line
of flow YAML each. Which entries are wanted depends only on the log's length: every 100th
entry among the last 500, every 1,000th among the last 5,000, every 10,000th before
that. So a save holds at most about 15 of them whatever its length (the autosave's
cost stays flat), and an undo re-runs at most 100 lines within the last 500 entries,
1,000 within the last 5,000, 10,000 beyond. A checkpoint is only a shortcut: what is
re-run from it must end in the saved state, or the save is reported as diverging. So
they take only the room the reader's caps leave: a fight of a thousand actors, whose
every state is most of a mebibyte, keeps the newest that fit, or none.
"""

from __future__ import annotations

import math

from shaper_gm.content.yamlio import dump_yaml_line
from shaper_gm.persist import decode

TIERS = ((100, 500), (1_000, 5_000), (10_000, None))     # (every, within the last)
HEADER = "checkpoints:\n"


def wanted(length: int) -> list[int]:
    """The entries (1-based, below `length`) whose states a save of that length keeps."""
    keep: set[int] = set()
    for every, within in TIERS:
        low = 1 if within is None else max(1, length - within)
        keep.update(range(((low + every - 1) // every) * every, length, every))
    return sorted(keep)


class CheckpointText:
    """The `checkpoints:` block of a session's save, each line made once."""

    def __init__(self) -> None:
        self._lines: dict[int, tuple[object, str, int]] = {}    # entry -> (state, line, bytes)

    def text(self, history: list, loaded: dict[int, dict],
             room: tuple[float, float] = (math.inf, math.inf), encode=None) -> str:
        """The block for `history`: the wanted checkpoints, newest first while they fit
        in `room` (bytes, lines), so that a save of many actors, whose states are large,
        keeps fewer and still opens. `encode(state)`: its save data (persist.encode)."""
        encode = encode or encode.state_to_data
        size, rows = room[0] - len(HEADER), room[1] - 1
        made, kept = {}, []
        for entry in reversed(wanted(len(history))):
            state = history[entry - 1].after
            if state is None and entry not in loaded:
                continue
            key = state if state is not None else loaded[entry]
            line = self._lines.get(entry)
            if line is None or line[0] is not key:
                data = encode(state) if state is not None else loaded[entry]
                text = f"  {entry}: {dump_yaml_line(data)}\n"
                line = (key, text, len(text.encode()))
            made[entry] = line
            if line[2] > size or rows < 1:
                break                       # no room: the older ones are left out
            size, rows = size - line[2], rows - 1
            kept.append(line[1])
        self._lines = made                  # only what a save of this length wants
        return HEADER + "".join(reversed(kept)) if kept else ""


def read(data: dict, log_length: int, where: str) -> dict[int, dict]:
    """The checkpoints of a save's data, checked for shape (states are checked when
    used): entry numbers within the log, each a mapping."""
    raw = data.get("checkpoints")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise decode.SaveFormatError(f"{where}.checkpoints: expected a mapping",
                                    "the save is damaged; open a good copy")
    out = {}
    for entry, state in raw.items():
        if (not isinstance(entry, int) or isinstance(entry, bool)
                or not 1 <= entry < log_length or not isinstance(state, dict)):
            raise decode.SaveFormatError(f"{where}.checkpoints: entry {entry!r} is not a "
                                        "state after a log entry",
                                        "the save is damaged; open a good copy")
        out[entry] = state
    return out
