"""`odds --json`: one shape for every ruleset's `engine.odds.Odds`.

A chance is ``{"p": 0.7975, "exact": "319/400"}``: a number to compute with and the exact
fraction. A distribution is ``{"values": {"3": chance, ...}, "mean": 3.5,
"mean_exact": "7/2"}``: every value, however many (the text view folds long ones).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from shaper_gm.commands.session import Outcome
from shaper_gm.commands.viewdata import Message
from shaper_gm.engine.odds import Odds, TargetOdds


def exact(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def chance(p: Fraction) -> dict[str, Any]:
    return {"p": float(p), "exact": exact(Fraction(p))}


def distribution(dist) -> dict[str, Any]:
    mean = dist.mean()
    return {"values": {str(value): chance(dist[value]) for value in dist},
            "mean": float(mean), "mean_exact": exact(mean)}


def target_json(t: TargetOdds) -> dict[str, Any]:
    out: dict[str, Any] = {"target": t.target}
    out.update((c.key, chance(c.p)) for c in t.chances)
    out.update((s.key, distribution(s.dist)) for s in t.spreads)
    out["harm"] = {"of": t.harm, "resource": t.resource, "before": t.start,
                   "limit": t.limit}
    return out


def odds_json(odds: Odds) -> str:
    """The odds as JSON text (see the module docstring)."""
    out: dict[str, Any] = {"attacker": odds.actor, "action": odds.action,
                           "weapon": odds.weapon}
    out.update((f.key, f.value if f.value is not None else f.text or None)
               for f in odds.facts)
    out["targets"] = [target_json(t) for t in odds.targets]
    out["assumed"] = list(odds.assumed)
    return json.dumps(out, indent=2)


def odds_outcome(odds: Odds, request) -> Outcome:
    """What every `odds` verb answers: the view, or with `--json` the JSON text."""
    return Outcome(view=Message(odds_json(odds)) if request.get("json") else odds)
