"""A ruleset written as data against one written in Python, side by side in one run:
an attack resolved through the command language (d20's, from content/d20 alone, against
the reactions ruleset's, each attack then undone), the exact odds of a d20 attack with
advantage, and start-up with a new encounter of each (`shaper-gm run`).

Targets (issue 23): a d20 attack within 1.5x the Python ruleset's; d20 odds with
advantage within 50 ms; a new d20 encounter within 1.10x a new reactions one.

Run: python tests/bench/bench_data_ruleset.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shaper_gm.app import new_session

ROUNDS = 200
REPEAT = 7
D20 = ["new --ruleset d20 --seed 1", "add brak --as fighter --side party --at A1",
       "add gob --as goblin --at B1", "init brak gob", "start"]
D20_ATTACK = "attack gob --attack 12 --damage 4"
REACTIONS = ["new --ruleset reactions --seed 1", "add ann --as duellist --side party --at B2",
             "add bo --as skeleton --at C2", "init ann bo", "start"]
REACTIONS_ATTACK = "attack bo --crit 3"


def session(setup: list[str]):
    s = new_session(seed=1)
    for line in setup:
        s.execute(line)
    return s


def per_attack(s, line: str) -> float:
    start = time.perf_counter()
    for _ in range(ROUNDS):
        s.execute(line)
        s.undo(1)
    return (time.perf_counter() - start) / ROUNDS


def odds_ms(s) -> float:
    start = time.perf_counter()
    s.execute("odds gob --advantage --json")
    return (time.perf_counter() - start) * 1e3


def program() -> list[str]:
    beside = Path(sys.executable).with_name("shaper-gm")
    return [str(beside)] if beside.is_file() else [sys.executable, "-m", "shaper_gm"]


def started(folder: Path, ruleset: str) -> float:
    script = folder / f"{ruleset}.txt"
    script.write_text(f"new --ruleset {ruleset} --seed 1\n")
    start = time.perf_counter()
    subprocess.run([*program(), "run", str(script)], check=True, capture_output=True,
                   cwd=folder)
    return time.perf_counter() - start


def main() -> None:
    data, python = session(D20), session(REACTIONS)
    per_attack(data, D20_ATTACK), per_attack(python, REACTIONS_ATTACK)      # warm
    pairs = [(per_attack(data, D20_ATTACK), per_attack(python, REACTIONS_ATTACK))
             for _ in range(REPEAT)]
    ratio = statistics.median(d / p for d, p in pairs)
    d20, reactions = (statistics.median(column) for column in zip(*pairs, strict=True))
    print(f"attack then undo: d20 {d20 * 1e6:.0f} µs, reactions {reactions * 1e6:.0f} µs, "
          f"ratio {ratio:.2f} (target <= 1.5)")
    fresh = [odds_ms(session(D20)) for _ in range(REPEAT)]
    print(f"exact odds of a d20 attack with advantage: {statistics.median(fresh):.1f} ms "
          "in a fresh session (target <= 50 ms)")
    folder = Path(tempfile.mkdtemp())
    started(folder, "d20"), started(folder, "reactions")                   # warm
    runs = [(started(folder, "d20"), started(folder, "reactions")) for _ in range(REPEAT)]
    print(f"start-up with a new encounter: d20 / reactions "
          f"{statistics.median(d / r for d, r in runs):.2f} (target <= 1.10)")


if __name__ == "__main__":
    main()
