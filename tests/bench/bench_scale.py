"""Issue 20's scale targets, for every ruleset, measured side by side in one run:

- `shaper-gm run` of a script of 1,000 `add` lines against ten times a script of 100
  (a fresh process each, start-up included, the two taking turns): within 1.5x;
- a command in a 1,000-actor encounter against the same command in a 10-actor one, in
  process after setup (the check that its result saves and reopens included), the two
  sessions taking turns command by command so that whatever else runs on the machine
  weighs on both alike; each command is undone after it is timed, so every run starts
  from the same state. The median of the runs, by the wall clock and by the process's
  CPU time (steadier on a busy machine): within 2x.

The encounters are the ruleset's two heroes against enemies on tiles of their own on a
26x99 grid, the first enemies next to the heroes; the fight has started (turn order as
added: `init` of a thousand actors would be one log line longer than a line may be).

Run: python tests/bench/bench_scale.py [--rounds N] [--runs N] [--rulesets a,b,...]
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

from shaper_gm.app import new_session

SIZES = (10, 1_000)


class Fight:
    """A ruleset's bench encounter: its heroes, its enemy template and where the first
    enemies stand, what runs before timing, and the commands timed."""

    def __init__(self, ruleset: str, heroes: list[str], enemy: str, near: list[str],
                 ready: list[str], commands: list[str]) -> None:
        self.ruleset, self.heroes, self.enemy, self.near = ruleset, heroes, enemy, near
        self.ready, self.commands = ready, commands

    def new(self) -> str:
        return f"new --ruleset {self.ruleset} --grid 26x99 --seed 7"

    def adds(self, count: int) -> list[str]:
        """`add` lines for `count` enemies: the first next to the heroes, the rest
        each on a tile of its own."""
        lines = []
        for n in range(count):
            zone = self.near[n] if n < len(self.near) else \
                f"{chr(ord('E') + n % 20)}{12 + n // 20}"
            lines.append(f"add e{n} --as {self.enemy} --at {zone}")
        return lines


FIGHTS = [
    Fight("shaper", ["add josh --as josh --at B4", "add monica --as monica --at B4"],
          "raider", ["C5", "C5"], ["draw josh longbow"],
          ["damage e1 1 --direct", "move josh C4", "attack josh e1", "end"]),
    Fight("dicepool", ["add freya --as freya --at B5", "add kit --as kit --at B6"],
          "raider", ["C4", "C5"], [],
          ["damage e1 1", "move freya B4", "attack freya e1", "end"]),
    Fight("dungeoneers", ["add freya --as freya --at B3", "add suori --as suori --at B4"],
          "goblin", ["C2", "C3"], [],
          ["damage e1 1", "move e1 C4", "strike e1 freya", "pass e1"]),
    Fight("reactions", ["add ann --as duellist --side party --at C4",
                        "add cy --as battle-mage --side party --at B6"],
          "skeleton --side enemies", ["D3", "D4"], [],
          ["damage e1 1", "move ann C5", "attack ann e1", "end"]),
    Fight("timeslice", ["add kara --as kara --at C8", "add ren --as ren --at B9"],
          "guard", ["D7", "D8"], [],
          ["damage e1 1", "move kara C7", "attack kara e1", "end"]),
]


def encounter(fight: Fight, actors: int):
    """A session on the fight with `actors` actors, started. Built without the
    admission check (the same commands, faster); it is on for everything timed."""
    session = new_session(seed=7)
    admit, session.admit = session.admit, None
    for line in [fight.new(), *fight.heroes, *fight.adds(actors - len(fight.heroes)),
                 "start", *fight.ready]:
        session.execute(line)
    session.admit = admit
    for line in fight.commands:           # the check's pieces made once, as in play
        session.execute(line)
        session.undo()
    return session


def per_command(fight: Fight, runs: int) -> dict[str, dict[tuple[int, str], float]]:
    """Median seconds of each command at each size, by the wall clock and by the CPU
    time the process spent (which what else runs on the machine does not lengthen),
    the sizes taking turns."""
    sessions = {size: encounter(fight, size) for size in SIZES}
    spent: dict[str, dict[tuple[int, str], list[float]]] = {
        c: {(s, clock): [] for s in SIZES for clock in ("wall", "cpu")}
        for c in fight.commands}
    for _ in range(runs):
        for command in fight.commands:
            for size, session in sessions.items():
                wall, cpu = time.perf_counter(), time.process_time()
                session.execute(command)
                spent[command][size, "cpu"].append(time.process_time() - cpu)
                spent[command][size, "wall"].append(time.perf_counter() - wall)
                session.undo()
    return {c: {k: statistics.median(t) for k, t in by.items()} for c, by in spent.items()}


def with_autosave(fight: Fight, folder: Path, commands: int) -> dict[int, list[float]]:
    """Seconds of each command and its autosave commit (a journal record, synced; every
    50th a compaction, the save rewritten whole), at each size, taking turns."""
    from shaper_gm.app import autosave
    keepers = {}
    for size in SIZES:
        session = encounter(fight, size)
        keepers[size] = autosave.Autosave(session, folder / f"{fight.ruleset}-{size}.yaml")
        keepers[size].commit()
    lines = ["damage e1 1", "heal e1 1"]
    spent: dict[int, list[float]] = {size: [] for size in SIZES}
    for n in range(commands):
        for size, keeper in keepers.items():
            start = time.perf_counter()
            keeper.session.execute(lines[n % 2])
            keeper.commit()
            spent[size].append(time.perf_counter() - start)
    for keeper in keepers.values():
        keeper.close()
    return spent


def script_runs(fight: Fight, folder: Path, rounds: int) -> tuple[float, float]:
    """Median seconds of `run` on 100 and on 1,000 `add` lines, taking turns."""
    scripts = {}
    for count in (100, 1_000):
        path = folder / f"{fight.ruleset}-{count}.txt"
        path.write_text("\n".join([fight.new(), *fight.adds(count)]) + "\n")
        scripts[count] = path
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(folder / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    times: dict[int, list[float]] = {100: [], 1_000: []}
    for _ in range(rounds):
        for count, path in scripts.items():
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "shaper_gm", "run", str(path)], check=True,
                           stdout=subprocess.DEVNULL, env=env)
            times[count].append(time.perf_counter() - start)
    return statistics.median(times[100]), statistics.median(times[1_000])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3, help="runs of each script")
    parser.add_argument("--runs", type=int, default=40, help="runs of each command")
    parser.add_argument("--rulesets", default=",".join(f.ruleset for f in FIGHTS))
    parser.add_argument("--commands-only", action="store_true", help="skip the `run` part")
    args = parser.parse_args()
    chosen = [f for f in FIGHTS if f.ruleset in args.rulesets.split(",")]
    folder = Path(tempfile.mkdtemp())
    try:
        if not args.commands_only:
            print(f"`run` of N add lines, fresh process, median of {args.rounds} "
                  "(target: 1,000 / (10 x 100) <= 1.5)")
            for fight in chosen:
                small, large = script_runs(fight, folder, args.rounds)
                print(f"  {fight.ruleset:<12} 100: {small:6.2f} s   1,000: {large:6.2f} s   "
                      f"ratio {large / (10 * small):.2f}", flush=True)
        print(f"a command at 10 and 1,000 actors, in process, median of {args.runs} "
              "(target: 1,000 / 10 <= 2)")
        print(f"  {'':<37}{'wall clock':^30}{'CPU time':^30}")
        worst = {"wall": 0.0, "cpu": 0.0}
        for fight in chosen:
            for command, by in per_command(fight, args.runs).items():
                row = f"  {fight.ruleset:<12}{command:<25}"
                for clock in ("wall", "cpu"):
                    small, large = by[SIZES[0], clock], by[SIZES[1], clock]
                    worst[clock] = max(worst[clock], large / small)
                    row += f"{small * 1e3:7.2f} {large * 1e3:7.2f} ms {large / small:5.2f}x   "
                print(row, flush=True)
        print(f"  largest ratio: {worst['wall']:.2f}x wall clock, {worst['cpu']:.2f}x CPU time")
        shaper = next(f for f in FIGHTS if f.ruleset == "shaper")
        spent = with_autosave(shaper, folder, 200)
        print("shaper damage/heal + autosave commit, 200 each, wall clock: median, mean "
              "(the mean counts the compactions, a rewrite of the whole save every 50)")
        for size, times in spent.items():
            print(f"  {size:>5} actors: {statistics.median(times) * 1e3:6.2f} ms, "
                  f"{statistics.fmean(times) * 1e3:6.2f} ms; largest {max(times) * 1e3:.0f} ms")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
