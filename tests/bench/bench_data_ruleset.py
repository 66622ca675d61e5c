"""A ruleset written as data against one written in Python, side by side in one run:
an attack resolved through the command language (d20's, from content/d20 alone, against
time-slice's, each attack then undone), the exact odds of a d20 attack with advantage,
and start-up with a new encounter of each (`shaper-gm run`).

The Python ruleset is time-slice: of those that stay Python, its attack is the nearest
to d20's in shape (one attack roll against the target's defence, the weapon's damage,
armour taking its share: T9-T12); both attacks are given their faces and both hit.

Targets (issue 23): a d20 attack within 1.5x the Python ruleset's; d20 odds with
advantage within 50 ms; a new d20 encounter within 1.10x a new time-slice one. Each
ratio is d20 / time-slice. Start-up runs from compiled bytecode, as an installed program
does (see bench_startup.py): the package is compiled first.

Run: python tests/bench/bench_data_ruleset.py
"""

from __future__ import annotations

import importlib.util
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
PYTHON = ["new --ruleset timeslice --seed 1", "add kara --as kara --side party --at C8",
          "add brute --as brute --at C7", "init kara brute", "start"]
PYTHON_ATTACK = "attack brute --roll 5,5 --defend 2,2"


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


def odds_ms(s) -> tuple[float, float]:
    """Milliseconds of one `odds`: elapsed, and of CPU (what a busy machine leaves)."""
    start, cpu = time.perf_counter(), time.process_time()
    s.execute("odds gob --advantage --json")
    return (time.perf_counter() - start) * 1e3, (time.process_time() - cpu) * 1e3


def program() -> list[str]:
    beside = Path(sys.executable).with_name("shaper-gm")
    return [str(beside)] if beside.is_file() else [sys.executable, "-m", "shaper_gm"]


def compile_package() -> None:
    """Write the package's bytecode beside its sources (what `pip install` does), so no
    start compiles a module from source (PYTHONDONTWRITEBYTECODE may be set)."""
    package = importlib.util.find_spec("shaper_gm").submodule_search_locations[0]
    subprocess.run([sys.executable, "-m", "compileall", "-q", package], check=True)


def started(folder: Path, ruleset: str) -> float:
    script = folder / f"{ruleset}.txt"
    script.write_text(f"new --ruleset {ruleset} --seed 1\n")
    start = time.perf_counter()
    subprocess.run([*program(), "run", str(script)], check=True, capture_output=True,
                   cwd=folder)
    return time.perf_counter() - start


def main() -> None:
    data, python = session(D20), session(PYTHON)
    per_attack(data, D20_ATTACK), per_attack(python, PYTHON_ATTACK)      # warm
    pairs = [(per_attack(data, D20_ATTACK), per_attack(python, PYTHON_ATTACK))
             for _ in range(REPEAT)]
    ratio = statistics.median(d / p for d, p in pairs)
    d20, other = (statistics.median(column) for column in zip(*pairs, strict=True))
    print(f"attack then undo: d20 {d20 * 1e6:.0f} µs, time-slice {other * 1e6:.0f} µs, "
          f"d20 / time-slice {ratio:.2f} (target <= 1.5)")
    fresh = [odds_ms(session(D20)) for _ in range(REPEAT)]
    wall, cpu = (statistics.median(column) for column in zip(*fresh, strict=True))
    print(f"exact odds of a d20 attack with advantage: {wall:.1f} ms (CPU {cpu:.1f} ms) "
          "in a fresh session (target <= 50 ms)")
    compile_package()
    folder = Path(tempfile.mkdtemp())
    started(folder, "d20"), started(folder, "timeslice")                   # warm
    runs = [(started(folder, "d20"), started(folder, "timeslice")) for _ in range(REPEAT)]
    d20, other = (statistics.median(column) for column in zip(*runs, strict=True))
    print(f"start-up with a new encounter: d20 {d20 * 1e3:.0f} ms, time-slice "
          f"{other * 1e3:.0f} ms, d20 / time-slice "
          f"{statistics.median(d / p for d, p in runs):.2f} (target <= 1.10)")


if __name__ == "__main__":
    main()
