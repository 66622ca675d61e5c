"""Opening a 10,000-command save, against json.loads of the same commands.

Run: python tests/bench/bench_saves.py
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _session import long_session  # noqa: E402

from shaper_gm.persist import saves  # noqa: E402


def best(fn, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    session = long_session(10_000)
    folder = Path(tempfile.mkdtemp())
    path = folder / "long.yaml"
    saves.write_save(session, path)
    as_json = json.dumps(session.log)
    open_best, open_median = best(lambda: saves.read_save(path, session.library))
    json_best, json_median = best(lambda: json.loads(as_json))
    write_best, _ = best(lambda: saves.write_save(session, path, closed=False))
    print(f"save file: {path.stat().st_size / 1024:.0f} KiB, {len(session.log)} log entries")
    print(f"{'what':<36}{'best ms':>10}{'median ms':>11}")
    print(f"{'open the save (shaper-gm)':<36}{open_best * 1e3:>10.1f}{open_median * 1e3:>11.1f}")
    print(f"{'json.loads of the same commands':<36}{json_best * 1e3:>10.2f}"
          f"{json_median * 1e3:>11.2f}")
    print(f"{'autosave rewrite (atomic, fsync)':<36}{write_best * 1e3:>10.1f}")
    print(f"ratio open / json.loads: {open_best / json_best:.0f}x")


if __name__ == "__main__":
    main()
