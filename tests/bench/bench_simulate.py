"""Simulation's cost, measured side by side in one run, for each ruleset's demo:

- a simulated action against a command of `shaper-gm run` on the same fights: the
  simulated side plays SIMULATED fights in one process, as `simulate` plays its runs
  (groups of runs that share their weighings, odds kept for the process); the run's
  scripts are the resolved logs of the first FIGHTS of them (every die given), each
  timed as a whole program less the program loading the save alone (target: 0.2x).
  `simulate` plays 1,000 runs by default, over at most as many processes as cores: the
  figure is taken over 400 runs, by when each distinct attack's exact odds have been
  worked out once for the process and the cost per action has settled (it falls about
  10% from 50 runs to 400, and under 1% from 400 to 1,000); the first 50 runs' figure
  is printed beside it. Both sides are CPU time (the simulating process's, the run
  program's), so a machine busy with other work slows neither side's figure;
- `simulate -n 2000` against `-n 200` (target: at most 12x);
- `--jobs 2` against `--jobs 1` on 400 fights (target: 0.7x on a 2-core machine).

Run: python tests/bench/bench_simulate.py [RULESET...]   (needs the installed shaper-gm)
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shaper_gm.persist.saves import read_save
from shaper_gm.simulate import runner

SAVES = Path(__file__).resolve().parents[2] / "saves"
DEMOS = {"shaper": "demo.yaml", "dungeoneers": "dungeoneers-demo.yaml",
         "timeslice": "timeslice-demo.yaml", "dicepool": "dicepool-demo.yaml",
         "reactions": "reactions-demo.yaml", "d20": "d20-demo.yaml"}
FIGHTS = 10               # fights whose logs `run` plays
SIMULATED = 400           # fights simulated (runner.WEIGHED_RUNS each group)
FIRST = 50                # the runs whose cost is printed beside (odds not yet all kept)
PROGRAM = shutil.which("shaper-gm") or "shaper-gm"


def resolved_fights(path: Path) -> tuple[list[list[str]], float, float]:
    """The resolved lines of the first FIGHTS of SIMULATED fights, the seconds per action
    over them all, and over the FIRST of them."""
    base = read_save(path)
    logs, actions, first = [], 0, 0.0
    start = time.process_time()
    weighed: dict = {}                     # each group of runs, as simulate plays them
    for run in range(max(SIMULATED, FIGHTS)):
        if run % runner.WEIGHED_RUNS == 0:
            weighed = {}
        session, result = runner.played(base, runner.run_seed(1, run), "focus-fire",
                                        weighed)
        actions += result.actions
        if run < FIGHTS:
            logs.append([frame.line for frame in session.history])
        if run + 1 == FIRST:
            first = (time.process_time() - start) / max(actions, 1)
    return logs, (time.process_time() - start) / max(actions, 1), first or 0.0


def run_cost(path: Path, logs: list[list[str]], folder: Path) -> float:
    """Seconds per command of `run` on the fights' lines, each after loading the save."""
    total, lines = 0.0, 0
    for n, log in enumerate(logs):
        script = folder / f"fight-{n}.txt"
        script.write_text(f"load {path}\n" + "\n".join(log) + "\n", encoding="utf-8")
        alone = folder / "load.txt"
        alone.write_text(f"load {path}\n", encoding="utf-8")
        total += timed([PROGRAM, "run", str(script)], clock="cpu") - \
            timed([PROGRAM, "run", str(alone)], clock="cpu")
        lines += len(log)
    return total / max(lines, 1)


def timed(command: list[str], repeat: int = 3, clock: str = "wall") -> float:
    """The command's best time of `repeat`: wall-clock seconds, or with clock="cpu" the
    CPU seconds its process used."""
    best = float("inf")
    for _ in range(repeat):
        start, used = time.perf_counter(), _children_cpu()
        done = subprocess.run(command, capture_output=True, text=True)
        took = _children_cpu() - used if clock == "cpu" else time.perf_counter() - start
        best = min(best, took)
        if done.returncode:
            raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()[:300]}")
    return best


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main(rulesets: list[str]) -> None:
    folder = Path(tempfile.mkdtemp())
    print(f"{'ruleset':<12} {'sim ms/action':>13} {'run ms/command':>15} {'ratio':>6}"
          f"   (first {FIRST} runs: ratio)")
    for name in rulesets:
        path = folder / f"{name}.yaml"
        shutil.copyfile(SAVES / DEMOS[name], path)
        logs, sim, first = resolved_fights(path)
        run = run_cost(path, logs, folder)
        print(f"{name:<12} {sim * 1000:>13.2f} {run * 1000:>15.2f} {sim / run:>6.2f}"
              f"   ({first / run:.2f})")
    scaled = "dungeoneers" if "dungeoneers" in rulesets else rulesets[0]
    path = folder / f"{scaled}.yaml"          # the runs' and jobs' ratios: one demo
    print(f"runs and jobs on the {scaled} demo:")
    small = timed([PROGRAM, "simulate", str(path), "-n", "200", "--jobs", "1"], 1)
    big = timed([PROGRAM, "simulate", str(path), "-n", "2000", "--jobs", "1"], 1)
    print(f"-n 2000 / -n 200: {big:.1f} s / {small:.1f} s = {big / small:.1f}x (target <= 12)")
    one = timed([PROGRAM, "simulate", str(path), "-n", "400", "--jobs", "1"], 1)
    two = timed([PROGRAM, "simulate", str(path), "-n", "400", "--jobs", "2"], 1)
    print(f"--jobs 2 / --jobs 1: {two:.1f} s / {one:.1f} s = {two / one:.2f}x "
          "(target <= 0.7 on 2 cores)")
    shutil.rmtree(folder)


if __name__ == "__main__":
    main(sys.argv[1:] or list(DEMOS))
