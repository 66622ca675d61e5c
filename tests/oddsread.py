"""Reading odds in tests: the one record (`engine.odds.Odds`) as flat names, and
`odds --json` (commands/oddsjson.py) as exact Fractions, each chance's number checked
against its fraction."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace


def flat(odds) -> SimpleNamespace:
    """A one-target `Odds` (or its `TargetOdds`) as ``.hit``, ``.down``, ``.damage`` (a
    dict), ``.mean_damage``, ``.dice``...: its facts, its target's chances, its
    distributions as plain dicts and their means."""
    target = getattr(odds, "only", odds)          # an Odds, or one TargetOdds of it
    found = {f.key: f.text if f.value is None else f.value for f in getattr(odds, "facts", ())}
    found.update((c.key, c.p) for c in target.chances)
    found.update((s.key, dict(s.dist)) for s in target.spreads)
    found.update((f"mean_{s.key}", s.dist.mean()) for s in target.spreads)
    return SimpleNamespace(**found, target=target.target, start=target.start)


def chance(entry: dict) -> Fraction:
    """``{"p": 0.25, "exact": "1/4"}`` as 1/4, the number agreeing with it."""
    exact = Fraction(entry["exact"])
    assert entry["p"] == float(exact), entry
    return exact


def values(entry: dict) -> dict[int, Fraction]:
    """A distribution's values, each as its exact chance; its mean checked too."""
    out = {int(k): chance(v) for k, v in entry["values"].items()}
    mean = sum((k * p for k, p in out.items()), Fraction(0))
    assert Fraction(entry["mean_exact"]) == mean and entry["mean"] == float(mean), entry
    return out


def mean(entry: dict) -> Fraction:
    return Fraction(entry["mean_exact"])
