"""Many runs told as one summary: each side's win chance with its 95% interval (Wilson's),
the rounds a fight takes, each actor's chance to go down, what is used up, and a small
histogram of rounds; as text or as one JSON object."""

from __future__ import annotations

import math
from collections import Counter

from shaper_gm.simulate.runner import RunResult

Z95 = 1.959964


def wilson(wins: int, runs: int) -> tuple[float, float]:
    """Wilson's 95% interval for `wins` of `runs` (exactly 0 and 1 at the ends)."""
    if runs == 0:
        return 0.0, 1.0
    p = wins / runs
    centre = p + Z95 ** 2 / (2 * runs)
    spread = Z95 * math.sqrt(p * (1 - p) / runs + Z95 ** 2 / (4 * runs ** 2))
    scale = 1 + Z95 ** 2 / runs
    low = 0.0 if wins == 0 else max(0.0, (centre - spread) / scale)
    high = 1.0 if wins == runs else min(1.0, (centre + spread) / scale)
    return low, high


def percentile(sorted_values: list[int], q: float) -> int:
    """The nearest-rank percentile of sorted values."""
    if not sorted_values:
        return 0
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def summary(results: list[RunResult], sides: list[str], actors: dict[str, str],
            seed: int, method: str = "monte-carlo") -> dict:
    runs = len(results)
    wins = Counter(r.winner for r in results)
    rounds = sorted(r.rounds for r in results)
    spent: Counter = Counter()
    for r in results:
        for actor, name, amount in r.spent:
            spent[(actor, name)] += amount
    return {
        "runs": runs, "seed": seed, "method": method,
        "sides": {side: {"wins": wins[side], "p": _p(wins[side], runs),
                         "ci95": [round(x, 4) for x in wilson(wins[side], runs)]}
                  for side in sides},
        "draws": wins[None],
        "rounds": {"mean": round(sum(rounds) / runs, 3) if runs else 0,
                   "p50": percentile(rounds, 0.5), "p90": percentile(rounds, 0.9),
                   "counts": {str(k): v for k, v in sorted(Counter(rounds).items())}},
        "actors": {a: {"name": name,
                       "down": _p(sum(a in r.down for r in results), runs),
                       "spent": {n: round(v / runs, 3) for (x, n), v in spent.items()
                                 if x == a}}
                   for a, name in actors.items()},
        "actions": round(sum(r.actions for r in results) / runs, 3) if runs else 0,
    }


def _p(count: int, runs: int) -> float:
    return round(count / runs, 4) if runs else 0.0


def text(data: dict, where: str, tactic: str) -> str:
    """The summary on one screen (80 columns)."""
    runs = data["runs"]
    solved = data["method"] == "exact"
    if solved:                  # chances, not counts: read them as shares of one fight
        runs = 1
        lines = [f"The fight from {where}, solved exactly ({tactic})"]
    else:
        lines = [f"{runs:,} fights from {where} ({tactic}, seed {data['seed']}, "
                 "Monte Carlo)"]
    width = max([len(s) for s in data["sides"]] + [5])
    for side, got in data["sides"].items():
        lo, hi = got["ci95"]
        interval = "(exact)" if solved else f"(95%: {_pct(lo)}–{_pct(hi)})"
        lines.append(f"  {side:<{width}}  wins {_pct(got['p'])}  {interval}")
    lines.append(f"  {'draws':<{width}}       {_pct(data['draws'] / runs if runs else 0)}")
    r = data["rounds"]
    lines.append(f"Rounds: mean {r['mean']:.1f}, median {r['p50']}, 9 in 10 by {r['p90']}")
    rows = _buckets({int(k): v for k, v in r["counts"].items()})
    most = max((count for _, count in rows), default=1)
    for label, count in rows:
        bar = "█" * (max(1, round(30 * count / most)) if count else 0) or "·"
        lines.append(f"  {label:>5} {bar} {_pct(count / runs)}")
    downs = [f"{a['name']} {100 * a['down']:.0f}%" for a in data["actors"].values()]
    lines += _wrapped("Goes down: ", downs)
    used = [f"{a['name']} {n} {v:g}" for a in data["actors"].values()
            for n, v in a["spent"].items()]
    if used:
        lines += _wrapped("Uses up (mean): ", used)
    if not solved:
        lines.append(f"Actions per fight: {data['actions']:.1f}")
    return "\n".join(lines)


HISTOGRAM_ROWS = 10
WIDTH = 80


def _wrapped(head: str, parts: list[str]) -> list[str]:
    """`head` then the parts joined by " · ", broken between parts at WIDTH columns."""
    lines, line = [], head
    for n, part in enumerate(parts):
        piece = part if n == 0 else f" · {part}"
        if len(line) + len(piece) > WIDTH and line != head:
            lines.append(line)
            line, piece = "  " + part, ""
        line += piece
    return [*lines, line]


def _buckets(counts: dict[int, int]) -> list[tuple[str, int]]:
    """Rows of the rounds' histogram: one a round, or ranges when there are more than
    HISTOGRAM_ROWS rounds between the first and the last."""
    if not counts:
        return []
    low, high = min(counts), max(counts)
    size = max(1, math.ceil((high - low + 1) / HISTOGRAM_ROWS))
    rows = []
    for start in range(low, high + 1, size):
        end = min(start + size - 1, high)
        label = str(start) if start == end else f"{start}-{end}"
        rows.append((label, sum(counts.get(n, 0) for n in range(start, end + 1))))
    return rows


def _pct(p: float) -> str:
    return f"{100 * p:5.1f}%"
