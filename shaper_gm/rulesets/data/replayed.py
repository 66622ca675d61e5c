"""`replayed_saves` (ruleset.yaml): save format versions a ruleset written as data opens
by replaying the save's log, where the Python ruleset of the same id wrote them in a
layout of its own (Shaper's version 1). The log is played from its first line (`new
...`) on the ruleset as it is now, the dice it logged given again, and the state it
reaches is the save's; the state the file holds is not read. A log that does not replay
is refused in one line, naming the line."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from shaper_gm.content.schema import Bad


def replayed_saves(value: Any) -> tuple[int, ...]:
    """The versions, checked: whole numbers 1 or more."""
    if not isinstance(value, list) or not value or \
            not all(type(v) is int and v >= 1 for v in value):
        raise Bad(f"expected a list of save format versions (1, 2, ...), got {value!r}")
    return tuple(value)


def _replayed(data: dict, where: str) -> dict:
    """The save's data at the next version: the state its log replays to."""
    from shaper_gm.commands.session import Session
    from shaper_gm.engine.data import DataError
    from shaper_gm.errors import GmError
    from shaper_gm.persist.encode import state_to_data
    log = data.get("log")
    if not isinstance(log, list) or not log or not all(isinstance(x, str) for x in log):
        raise DataError(f"{where}.log", "a save of this version opens by replaying its "
                                        "log, and it holds none")
    session = Session()
    for number, line in enumerate(log):
        try:
            session.execute(line)
        except GmError as exc:
            raise DataError(f"{where}.log[{number}]",
                            f"{line!r} does not replay here: {exc}") from None
    state = session.state
    out = state_to_data(state, session.ruleset_for(state))
    kept = {key: value for key, value in data.items() if key not in out and key != "actors"}
    return {**out, **kept, "log": log, "version": int(data.get("version", 1)) + 1}


class ReplayedSaves:
    """A ruleset written as data: the versions it replays, as its save migrations."""

    library: Any

    @property
    def migrations(self) -> Mapping[int, Callable[[dict, str], dict]]:
        versions = self.library.numbers.get("replayed_saves") or ()
        return {version: _replayed for version in versions}
