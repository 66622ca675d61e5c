"""Reopening a 10,000-command save and undoing once, and the autosave's cost per command
at log 100 against 10,000 (issue 8's scale targets: under 0.2 s; within 1.5x).

Run: python tests/bench/bench_durability.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _session import long_session  # noqa: E402

from shaper_gm.app import autosave
from shaper_gm.persist import saves  # noqa: E402

COMMANDS = 300
CYCLE = ["damage raider 1 --direct", "heal raider 1", "end", "end", "end"]
REOPEN = """
import sys, time
from shaper_gm.rulesets.shaper.content.loader import load_library
from shaper_gm.app import autosave
library = load_library()
start = time.perf_counter()
session, keeper, _ = autosave.open_for_shell(sys.argv[1], library)
opened = time.perf_counter()
session.execute("undo")
done = time.perf_counter()
keeper.close()
print(opened - start, done - opened)
"""


def reopen_and_undo(folder: Path) -> tuple[float, float]:
    path = folder / "long.yaml"
    saves.write_save(long_session(10_000), path)
    runs = []
    for _ in range(3):                       # a fresh process each time: no warm caches
        out = subprocess.run([sys.executable, "-c", REOPEN, str(path)], check=True,
                             capture_output=True, text=True).stdout.split()
        runs.append((float(out[0]), float(out[1])))
    return min(runs, key=sum)


def per_command(folder: Path, length: int) -> float:
    """Mean seconds of executing a command and committing the autosave, at `length`."""
    session = long_session(length)
    path = folder / f"live-{length}.yaml"
    keeper = autosave.Autosave(session, path)
    keeper.commit()
    start = time.perf_counter()
    for n in range(COMMANDS):
        session.execute(CYCLE[n % len(CYCLE)])
        keeper.commit()
    elapsed = (time.perf_counter() - start) / COMMANDS
    keeper.close()
    return elapsed


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    opened, undone = reopen_and_undo(folder)
    print(f"reopen a 10,000-command save: {opened * 1e3:.0f} ms, then undo once: "
          f"{undone * 1e3:.1f} ms; together {(opened + undone) * 1e3:.0f} ms (target 200 ms)")
    short, long = per_command(folder, 100), per_command(folder, 10_000)
    print(f"command + autosave at log 100: {short * 1e3:.2f} ms, at log 10,000: "
          f"{long * 1e3:.2f} ms; ratio {long / short:.2f}x (target 1.5x)")


if __name__ == "__main__":
    main()
