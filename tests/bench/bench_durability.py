"""Issue 8's scale targets, measured side by side in one run:

- command + autosave (journal record, fsync; the periodic compaction included) at log
  10,000 against log 100, the two sessions taking turns command by command so that
  whatever else runs on the machine weighs on both alike: within 1.5x;
- reopening a 10,000-command save in a fresh process and undoing once: under 0.2 s,
  both for a save closed cleanly and for one whose shell was killed with its journal as
  full as it gets before a compaction (every entry re-run at open). Each is timed with
  the program's modules loaded (a small save opened first in the same process) and
  cold (the first open of the process, which also imports and builds the ruleset and
  its verbs: the same for a 100-command save, shown beside it).

Run: python tests/bench/bench_durability.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _session import CYCLE, SETUP  # noqa: E402

from shaper_gm.app import autosave, new_session  # noqa: E402
from shaper_gm.persist import saves  # noqa: E402

COMMANDS = 400                  # per session, per round
RUNS = 7                        # fresh processes per reopen case, per round
WARM = 20                       # commands before timing: the caches a long shell has
REOPEN = """
import os, sys, time
from shaper_gm.app import autosave
library = None          # the content folder, read by the ruleset that plays it (cold: at open)
if sys.argv[2] == "warm":
    session, keeper, _ = autosave.open_for_shell(sys.argv[3], library)
    session.execute("undo")
    keeper.close()
start = time.perf_counter()
session, keeper, message = autosave.open_for_shell(sys.argv[1], library)
opened = time.perf_counter()
session.execute("undo")
done = time.perf_counter()
assert "Warning" not in message, message
print(opened - start, done - opened, flush=True)
os._exit(0)        # no clean close: the next run finds the files as they are
"""


def build(length: int, seed: int = 1):
    """A session whose log holds `length` entries: a fight's setup, then GM turns.
    Built without the admission check (the same commands, much faster); it is back on
    before anything is measured."""
    session = new_session(seed=seed)
    admit, session.admit = session.admit, None
    for line in SETUP:
        session.execute(line)
    while len(session.history) < length:
        session.execute(CYCLE[len(session.history) % len(CYCLE)])
    session.admit = admit
    return session


def per_command(folder: Path, lengths=(100, 10_000)) -> dict[int, float]:
    """Mean seconds of a command and its commit at each log length, taking turns."""
    pairs = []
    for length in lengths:
        session = build(length)
        keeper = autosave.Autosave(session, folder / f"live-{length}.yaml")
        keeper.commit()
        for n in range(WARM):
            session.execute(CYCLE[n % len(CYCLE)])
            keeper.commit()
        pairs.append((length, session, keeper))
    spent = dict.fromkeys(lengths, 0.0)
    for n in range(COMMANDS):
        for length, session, keeper in pairs:
            start = time.perf_counter()
            session.execute(CYCLE[n % len(CYCLE)])
            keeper.commit()
            spent[length] += time.perf_counter() - start
    for _, _, keeper in pairs:
        keeper.close()
    return {length: total / COMMANDS for length, total in spent.items()}


def crashed_copy(folder: Path, length: int) -> Path:
    """A save of `length` commands whose shell was killed with COMPACT_EVERY - 1
    records in its journal: the most an open re-runs."""
    path = folder / f"crashed-{length}.yaml"
    session = build(length - autosave.COMPACT_EVERY + 1)
    saves.write_save(session, path)
    opened, keeper, _ = autosave.open_for_shell(str(path))
    for n in range(autosave.COMPACT_EVERY - 1):
        opened.execute(CYCLE[n % len(CYCLE)])
        keeper.commit()
    assert keeper.journal.count == autosave.COMPACT_EVERY - 1
    keeper.journal.close()
    os.close(keeper.lock.fd)               # killed: the kernel drops the lock
    return path


def reopen(path: Path, small: Path, mode: str, runs: int, env: dict) -> list[float]:
    """Seconds to open `path` and undo once, each in a fresh process."""
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", REOPEN, str(path), mode, str(small)],
                             check=True, capture_output=True, text=True,
                             env=env).stdout.split()
        times.append(float(out[0]) + float(out[1]))
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1, help="repeat the whole run")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    try:
        small = folder / "small.yaml"
        saves.write_save(build(100), small)
        clean = folder / "clean-10000.yaml"
        saves.write_save(build(10_000), clean)
        crashed = crashed_copy(folder, 10_000)
        # The fresh processes use compiled bytecode, as an installed shaper-gm does (the
        # first one compiles it), whatever PYTHONDONTWRITEBYTECODE says here.
        env = {**os.environ, "PYTHONPYCACHEPREFIX": str(folder / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        reopen(small, small, "cold", 1, env)
        cases = [("10,000, closed cleanly, program loaded", clean, "warm"),
                 ("10,000, killed with a full journal, program loaded", crashed, "warm"),
                 ("10,000, closed cleanly, cold", clean, "cold"),
                 ("10,000, killed with a full journal, cold", crashed, "cold"),
                 ("100, closed cleanly, cold (start-up share)", small, "cold")]
        for round_ in range(args.rounds):
            print(f"round {round_ + 1}: reopen + undo once, fresh process each, "
                  f"{RUNS} runs (target 200 ms): best / median / worst")
            for label, path, mode in cases:
                times = sorted(t * 1e3 for t in reopen(path, small, mode, RUNS, env))
                print(f"  {label:<52}{times[0]:>5.0f} {statistics.median(times):>5.0f} "
                      f"{times[-1]:>5.0f} ms")
            mean = per_command(folder)
            print(f"  command + autosave at log 100: {mean[100] * 1e3:.2f} ms, at log 10,000: "
                  f"{mean[10_000] * 1e3:.2f} ms; ratio {mean[10_000] / mean[100]:.2f}x "
                  "(target 1.5x)", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
