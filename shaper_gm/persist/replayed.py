"""A save of a version its ruleset opens by replaying the log (a ruleset written as
data's `replayed_saves`, rulesets/data/replayed.py): the log played from its first line
on the ruleset as it is now, the dice it logged given again; the state it reaches is the
save's at the next version, the state the file holds not read."""

from __future__ import annotations

from shaper_gm.engine.data import DataError
from shaper_gm.errors import GmError


def replayed(data: dict, where: str) -> dict:
    """The save's data at the next version: the state its log replays to."""
    from shaper_gm.commands.session import Session
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
