"""The crash test, many times: a live shell SIGKILLed at a random moment, then reopened.

Run: python tests/bench/crash_test.py [RUNS]     (default 100; needs the installed shaper-gm)
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.crash.harness import check, crash_once, expected_logs  # noqa: E402


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    start = time.perf_counter()
    completed = landed = in_flight = 0
    for n in range(runs):
        run = crash_once(Path(tempfile.mkdtemp()), random.Random(1000 + n))
        check(run)
        completed += len(run.typed)
        if run.in_flight is not None:
            in_flight += 1
            options = expected_logs(run)
            landed += len(options) > 1 and len(run.saved_log) - 1 == len(options[1])
    print(f"{runs} kills in {time.perf_counter() - start:.0f} s: every save parsed and "
          f"reopened with a recovery message")
    print(f"lines completed before the kills: {completed}; none lost")
    print(f"kills in the middle of a command: {in_flight} (that command was already on "
          f"disk in {landed} of them)")


if __name__ == "__main__":
    main()
