"""Long fuzz profile: N generated command lines (default 100,000) against live sessions.

Prints how many applied, were refused, or were skipped (file verbs), and fails loudly
on a traceback, a message of more than one line, or a refusal that changed the state.
Run: python tests/bench/fuzz_long.py [N]
"""

from __future__ import annotations

import collections
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent.parent / "fuzz"))
from grammar import lines  # noqa: E402
from test_fuzz_commands import IDS, REGISTRY, check_line, fresh  # noqa: E402

BATCH = 25


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    counts: collections.Counter = collections.Counter()
    verbs: collections.Counter = collections.Counter()
    start = time.perf_counter()

    @settings(max_examples=max(1, total // BATCH), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(lines(REGISTRY, IDS), min_size=BATCH, max_size=BATCH))
    def run(batch):
        session = fresh()
        for line in batch:
            outcome = check_line(session, line)
            counts[outcome] += 1
            if outcome == "ok":
                verbs[line.split()[0]] += 1

    run()
    seconds = time.perf_counter() - start
    print(f"lines: {sum(counts.values())} in {seconds:.0f} s")
    for outcome in ("ok", "refused", "skipped"):
        print(f"  {outcome:<8}{counts[outcome]:>8}")
    print("  tracebacks, multi-line messages, state changed by a refusal: 0")
    print("applied, by verb:", ", ".join(f"{v} {n}" for v, n in verbs.most_common(12)))


if __name__ == "__main__":
    main()
