"""Many simulated fights from an encounter: checked first, run in order (or spread over
processes, each run's dice its own, so the result is the same however they are split),
stopped early by Ctrl-C with what is done so far."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from shaper_gm.errors import GmError
from shaper_gm.simulate.runner import WEIGHED_RUNS, RunResult, play_out, run_seed
from shaper_gm.simulate.summary import summary
from shaper_gm.simulate.tactics import TACTICS

MAX_RUNS = 1_000_000


def check(session, runs: int, tactic: str) -> None:
    """A one-line refusal for what cannot be simulated."""
    if not 1 <= runs <= MAX_RUNS:
        raise GmError(f"{runs} fights is out of range", f"simulate 1 to {MAX_RUNS:,} fights")
    if tactic not in TACTICS:
        raise GmError(f"no tactic {tactic!r}", f"tactics: {', '.join(TACTICS)}")
    state = session.state
    if state.over is not None:
        raise GmError("the fight is over already", "undo to a moment before its end")
    if state.turn is None:
        raise GmError("the fight has not started: nobody is up", "start it first")
    sides = {a.side for a in state.actors.values() if not a.down}
    if len(sides) < 2:
        raise GmError(f"only {', '.join(sides) or 'nobody'} is left standing: there is no "
                      "fight to simulate", "add the other side first")


def run_range(session, seed: int, tactic: str, first: int, last: int,
              done: Callable[[int], None] | None = None) -> list[RunResult]:
    results = []
    for result in played_runs(session, seed, tactic, first, last):
        results.append(result)
        if done is not None:
            done(first + len(results))
    return results


def played_runs(session, seed: int, tactic: str, first: int, last: int
                ) -> Iterator[RunResult]:
    """Runs `first` to `last`, each group of WEIGHED_RUNS sharing its weighings (`first`
    begins a group, as a chunk of runs given to a process does)."""
    weighed: dict = {}
    for run in range(first, last):
        if run % WEIGHED_RUNS == 0:
            weighed = {}
        yield play_out(session, run_seed(seed, run), tactic, weighed)


def simulate(session, runs: int, seed: int, tactic: str,
             done: Callable[[int], None] | None = None) -> tuple[dict, int]:
    """(the summary, the runs finished); Ctrl-C stops early with what is finished. A small
    fight (a duel, two against one) is solved exactly instead (`method: exact`, no runs played)."""
    check(session, runs, tactic)
    solved = exact_summary(session, tactic, seed)
    if solved is not None:
        return solved, runs
    results: list[RunResult] = []
    try:
        for result in played_runs(session, seed, tactic, 0, runs):
            results.append(result)
            if done is not None:
                done(len(results))
    except KeyboardInterrupt:
        if not results:
            raise
    return described(session, results, seed), len(results)


def exact_summary(session, tactic: str, seed: int) -> dict | None:
    """The summary of the exact solution when the fight is small (a duel, two against
    one), else None."""
    from shaper_gm.simulate import exact
    solution = exact.solve(session, tactic)
    if solution is None:
        return None
    sides, actors = _named(session)
    return exact.described(solution, sides, actors, seed)


def described(session, results: list[RunResult], seed: int) -> dict:
    sides, actors = _named(session)
    return summary(results, sides, actors, seed)


def _named(session) -> tuple[list[str], dict[str, str]]:
    """The sides, and each actor's name in turn order (those out of it last)."""
    state = session.state
    sides = sorted({a.side for a in state.actors.values()})
    actors = {a: state.actors[a].name for a in (*state.order,
                                                *(x for x in state.actors
                                                  if x not in state.order))}
    return sides, actors
