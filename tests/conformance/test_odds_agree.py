"""`odds` for an action agrees with the resolution (issue 21, property 8): the exact chance
to hit and the exact mean harm to the target that `odds --json` gives are within four
standard errors of the same numbers over 2,000 resolutions of that very action, each
rolled from a different seed and undone before the next.

The action is the demo's first attack of `rs.attack_verb` that both `odds` and the verb
accept (after some turns, the attacker placed on the target's cell if need be); what
`odds` says is the target's loss (`harm`: which distribution, off which resource) is what
is measured on the target after each resolution.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from math import sqrt

from conformance.fight import Fight
from shaper_gm.commands.session import Result

RUNS = 2_000
SIGMAS = 4


@cache
def attack(ruleset: str) -> tuple[str, str, dict] | None:
    """(setup lines, the attack line, its odds as JSON), or None if the demo has none."""
    size = len(Fight(ruleset).state.actors)
    for turns in range(size):
        for placed in (False, True):
            f = Fight(ruleset)
            for _ in range(turns):
                f.next_turn()
            attacker = f.acting()
            for target in f.opponents(attacker) if attacker else ():
                found = try_attack(f, attacker, target, placed)
                if found is not None:
                    return found
    return None


def try_attack(f: Fight, attacker: str, target: str, placed: bool):
    start = len(f.session.log)
    if placed and not isinstance(f.attempt(f"place {attacker} "
                                           f"{f.state.actors[target].zone}"), Result):
        return None
    odds = f.attempt(f"odds {attacker} {target} --json")
    line = f"{f.rs.attack_verb} {target}"
    if not isinstance(odds, Result) or not isinstance(f.attempt(line), Result):
        if placed and len(f.session.log) > start:
            f.run("undo")
        return None
    f.run("undo")
    return tuple(f.session.log), line, json.loads(odds.view.text)


def replay(ruleset: str, setup: tuple[str, ...]) -> Fight:
    f = Fight(ruleset)
    for line in setup[len(f.session.log):]:
        f.run(line)
    return f


def held(actor, resource: str) -> int:
    return actor.hp if resource == "hp" else actor.resource(resource)


def hit_in(result: Result, target: str) -> bool | None:
    """Whether the resolution hit `target`: the resolved outcome's `hit` (per target when
    it has several), or not `dodged`."""
    for event in result.events:
        outcome = getattr(event, "outcome", event)
        if callable(getattr(outcome, "target", None)):
            outcome = outcome.target(target)
        if hasattr(outcome, "hit"):
            return bool(outcome.hit)
        if hasattr(outcome, "dodged"):
            return not outcome.dodged
    return None


def within(seen: float, exact: Fraction, variance: Fraction, what: str) -> None:
    error = sqrt(variance / RUNS)
    assert abs(seen - exact) <= SIGMAS * error, (
        f"{what}: {RUNS:,} resolutions give {seen:.4f}, odds give {float(exact):.4f} "
        f"({exact}); allowed {SIGMAS} standard errors of {error:.4f}")


def test_odds_agree_with_2000_resolutions(ruleset):
    found = attack(ruleset)
    assert found is not None, f"no attack in the {ruleset} demo that odds and play accept"
    setup, line, odds = found
    target = odds["targets"][0]
    harm = target["harm"]
    dist = {int(v): Fraction(p["exact"]) for v, p in target[harm["of"]]["values"].items()}
    p_hit = Fraction(target["hit"]["exact"])
    mean = Fraction(target[harm["of"]]["mean_exact"])
    assert mean == sum(v * p for v, p in dist.items())
    f = replay(ruleset, setup)
    victim = target["target"]
    assert held(f.state.actors[victim], harm["resource"]) == harm["before"]
    hits = harmed = 0
    for seed in range(1, RUNS + 1):
        f.session.state = f.state.with_(seed=seed)
        before = held(f.state.actors[victim], harm["resource"])
        result = f.session.execute(line)
        hit = hit_in(result, victim)
        assert hit is not None, f"{line}: no outcome says whether it hit"
        hits += hit
        harmed += abs(held(f.state.actors[victim], harm["resource"]) - before)
        f.session.execute("undo")
    within(hits / RUNS, p_hit, p_hit * (1 - p_hit), f"{line}: hit")
    variance = sum(v * v * p for v, p in dist.items()) - mean * mean
    within(harmed / RUNS, mean, variance, f"{line}: mean {harm['of']}")
