"""`shaper-gm simulate SAVE.yaml [-n N] [--seed S] [--json] [--jobs J] [--tactics T]`:
the save's encounter played forward N times; the save is only read. On a terminal a
progress line counts the runs; Ctrl-C stops early and reports what is done; `--jobs`
spreads the runs over processes, each run's dice its own, so the result is the same."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from functools import cache

from shaper_gm.errors import GmError
from shaper_gm.simulate import fights
from shaper_gm.simulate.progress import progress_line
from shaper_gm.simulate.runner import WEIGHED_RUNS, RunResult
from shaper_gm.simulate.summary import text

CHUNK = WEIGHED_RUNS      # runs a process takes at a time: a whole group (runner)


def command(args, error) -> int:
    from shaper_gm.persist.saves import read_save, save_location
    try:
        if not 1 <= args.jobs <= 64:
            raise GmError(f"--jobs {args.jobs} is out of range", "use 1 to 64")
        path = str(save_location(args.save))
        session = read_save(path)
        fights.check(session, args.n, args.tactics)
    except GmError as exc:
        error(str(exc))
        return 2
    solved = fights.exact_summary(session, args.tactics, args.seed)
    if solved is not None:
        _show(solved, session, args, False, 0)
        return 0
    results, stopped = _run(path, session, args)
    if not results:
        error("stopped before any fight finished")
        return 130
    _show(fights.described(session, results, args.seed), session, args, stopped,
          len(results))
    return 0


def _show(data: dict, session, args, stopped: bool, finished: int) -> None:
    if args.json:
        print(json.dumps(data, sort_keys=True))
        return
    state = session.state
    where = f"round {state.round}, {state.actors[state.turn].name}'s turn"
    print(text(data, where, args.tactics))
    if stopped:
        print(f"(stopped after {finished:,} of {args.n:,})")


def _run(path: str, session, args) -> tuple[list[RunResult], bool]:
    results: list[RunResult] = []
    with progress_line(args.n) as progress:
        try:
            if args.jobs == 1:
                results = fights.run_range(session, args.seed, args.tactics, 0, args.n,
                                           lambda done: progress and progress(done))
            else:
                chunks = [(path, args.seed, args.tactics, first, min(first + CHUNK, args.n))
                          for first in range(0, args.n, CHUNK)]
                with ProcessPoolExecutor(args.jobs) as pool:
                    for part in pool.map(_chunk, chunks):
                        results += part
                        if progress:
                            progress(len(results))
        except KeyboardInterrupt:
            return results, True
    return results, False


def _chunk(job: tuple) -> list[RunResult]:
    path, seed, tactic, first, last = job
    return fights.run_range(_opened(path), seed, tactic, first, last)


@cache
def _opened(path: str):
    """The save as a worker process reads it: once, for every chunk it runs."""
    from shaper_gm.persist.saves import read_save
    return read_save(path)


