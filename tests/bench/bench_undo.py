"""Time per undo at log length 10 vs 10,000 (a script, not a test).

Run: python tests/bench/bench_undo.py
Undo keeps the earlier immutable state, so its cost should not grow with the log.
"""

from __future__ import annotations

import time

from shaper_gm.app import new_session

SETUP = ("add ann --vigor 1 --weapon longsword --holding longsword --side party --at B2",
         "add bob --vigor 1 --weapon longsword --holding longsword --side enemies --at B2",
         "init ann bob", "start")
# A cycle of commands that can repeat forever: heal undoes the damage, end passes turns.
CYCLE = ("engage bob", "disengage", "end", "damage ann 1 --direct", "heal ann 1", "end",
         "act free nods", "end", "end", "act minor waits")
UNDOS = 200


def session_with_log(length: int, library):
    session = new_session(library=library, seed=1)
    for line in SETUP:
        session.execute(line)
    i = 0
    while len(session.log) < length:
        session.execute(CYCLE[i % len(CYCLE)])
        i += 1
    return session


def time_per_undo(length: int, library) -> float:
    session = session_with_log(length, library)
    assert len(session.log) == length
    elapsed = 0.0
    for _ in range(UNDOS):
        start = time.perf_counter()
        session.undo(1)
        elapsed += time.perf_counter() - start
        session.redo(1)
    return elapsed / UNDOS


def main() -> None:
    library = None          # the content folder itself, read by the ruleset that plays it
    short = time_per_undo(10, library)
    long = time_per_undo(10_000, library)
    print(f"undo at log length 10:     {short * 1e6:8.2f} µs")
    print(f"undo at log length 10,000: {long * 1e6:8.2f} µs")
    print(f"ratio (10,000 / 10):       {long / short:8.2f}")


if __name__ == "__main__":
    main()
