"""Per-command time (attack, undo) at log length 100 against 10,000, and peak memory of a
10,000-command session.

Run: python tests/bench/bench_commands.py
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _session import long_session  # noqa: E402

ATTACK = "attack josh raider --roll 4,5,5 --evade 2,3,3 --damage 3"
ROUNDS = 300


def per_command(session) -> tuple[float, float]:
    """Mean seconds of an attack (then undone) and of an undo+redo pair."""
    turn_to_josh(session)
    start = time.perf_counter()
    for _ in range(ROUNDS):
        session.execute(ATTACK)
        session.undo(1)
    attack = (time.perf_counter() - start) / ROUNDS
    start = time.perf_counter()
    for _ in range(ROUNDS):
        session.undo(1)
        session.redo(1)
    undo = (time.perf_counter() - start) / ROUNDS
    return attack, undo


def turn_to_josh(session) -> None:
    while session.state.turn != "josh":
        session.execute("end")
    if "longbow" not in holding(session.state.actors["josh"]):
        session.execute("draw longbow")


def holding(actor) -> tuple[str, ...]:
    """What the actor holds: the Python ruleset keeps it on the actor's system, the
    version written as data on its sheet."""
    held = getattr(actor.system, "holding", None)
    return tuple(held if held is not None else actor.sheet.holding)


def main() -> None:
    rows = []
    for length in (100, 10_000):
        session = long_session(length)
        rows.append((length, *per_command(session)))
    print(f"{'log length':>10}{'attack µs':>12}{'undo+redo µs':>14}")
    for length, attack, undo in rows:
        print(f"{length:>10}{attack * 1e6:>12.0f}{undo * 1e6:>14.1f}")
    (_, a_short, u_short), (_, a_long, u_long) = rows
    print(f"ratio 10,000 / 100: attack {a_long / a_short:.2f}x, undo {u_long / u_short:.2f}x")
    tracemalloc.start()
    long_session(10_000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory while playing 10,000 commands (with full undo history): "
          f"{peak / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
