"""Exact odds at their limits, each case in a fresh child process, side by side: the time
the command takes (answered, or refused) and the process's peak memory.

Goals (issue 20): dice-pool `odds` with a pool of 1,000 answers in at most 1 s or is
refused at once; the peak memory of any `odds` is at most 100 MB. The cases are each
ruleset's worst input that is still answered (the largest roll or action within the
limits), the pool of 1,000 both ways, and a total called out for the largest roll.

Run: python tests/bench/bench_odds_limits.py
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time

GOAL_SECONDS = 1.0          # for a pool of 1,000: answered within it, or refused at once
GOAL_MB = 100.0             # for every case

# name: (ruleset, setup lines, the command measured)
CASES = {
    "dice pool: pool 1,000, fists (d2)": (
        "dicepool", ["add a --stat str=1000", "add b --stat ac=5 --hp 10000",
                     "set a pool=1000"], "odds a b"),
    "dice pool: pool 1,000, halberd (d10)": (
        "dicepool", ["add a --stat str=1000 --weapon halberd --holding halberd",
                     "add b --stat ac=5 --hp 10000", "set a pool=1000"], "odds a b"),
    "dice pool: pool 1,000 --dice 711, fists (largest d2 answered)": (
        "dicepool", ["add a --stat str=1000", "add b --stat ac=5 --hp 10000",
                     "set a pool=1000"], "odds a b --dice 711"),
    "dice pool: pool 320, halberd (largest d10 answered)": (
        "dicepool", ["add a --stat str=320 --weapon halberd --holding halberd",
                     "add b --stat ac=5 --hp 10000", "set a pool=320"], "odds a b"),
    "shaper: Finesse 8 Piercing Strike, Edge+Adv, vs tier-3 armor": (
        "shaper", ["add a --as josh --at B4 --level 10 --finesse 8 --holding longbow",
                   "add b --as raider --at B4 --armor armor-t3"],
        "odds a b --skill piercing-strike --adv --edge"),
    "dungeoneers: boon 45 vs defense boon 30": (
        "dungeoneers", ["add a --as suori --at A1", "add b --as skeleton --at A1",
                        "effect b braced --defense_boon 30"], "odds a b --boon 45"),
    "timeslice: every number at its largest": (
        "timeslice", ["add a --as kara --at B2 --stat q=999999 --stat v=999999",
                      "add b --as guard --at B2 --stat dr=999999 --hp 999999"],
        "odds a b --damage-bonus 999999999 --called head"),
    "reactions: 60 declared reactions, 999,999 of them": (
        "reactions", ["add a --as duellist --at B2 --stat critical_bonus=999999",
                      "add b --as knight --at B2 --stat reactions=999999 --hp 999999"],
        "odds a b --power 999999999 " + " ".join(["--react b=dodge", "--react b=block"][i % 2]
                                                  for i in range(60))),
    "roll: a total called out for 1,000d1000": (
        "shaper", [], "roll " + "+".join(["100d1000"] * 10) + " --faces =500000"),
}


def measure(name: str) -> dict:
    """In this (child) process: set the case up, then time its command."""
    from shaper_gm.app import new_session
    from shaper_gm.errors import GmError

    ruleset, setup, command = CASES[name]
    session = new_session(seed=1)
    session.execute(f"new --ruleset {ruleset} --seed 1")
    for line in setup:
        session.execute(line)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start = time.perf_counter()
    try:
        session.execute(command)
        outcome = "answered"
    except GmError as refused:
        outcome = "refused: " + str(refused)[:60]
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"outcome": outcome, "seconds": seconds, "peak_mb": peak, "before_mb": before}


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        print(json.dumps(measure(sys.argv[2])))
        return
    print(f"{'case':<62}{'time s':>8}{'peak MB':>9}{'odds MB':>9}  outcome")
    worst_mb, pool_ok = 0.0, True
    for name in CASES:
        done = subprocess.run([sys.executable, __file__, "--case", name], capture_output=True,
                              text=True, check=True)
        row = json.loads(done.stdout)
        worst_mb = max(worst_mb, row["peak_mb"])
        if "pool 1,000" in name and "--dice" not in name:
            pool_ok &= row["seconds"] <= GOAL_SECONDS
        print(f"{name:<62}{row['seconds']:>8.3f}{row['peak_mb']:>9.1f}"
              f"{row['peak_mb'] - row['before_mb']:>9.1f}  {row['outcome']}")
    print(f"pool of 1,000: answered or refused within {GOAL_SECONDS:.0f} s: "
          f"{'yes' if pool_ok else 'NO'}; largest peak memory {worst_mb:.1f} MB of "
          f"{GOAL_MB:.0f} MB ({worst_mb / GOAL_MB:.2f}x the goal)")
    if not pool_ok or worst_mb > GOAL_MB:
        sys.exit(1)


if __name__ == "__main__":
    main()
