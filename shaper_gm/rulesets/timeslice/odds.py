"""Exact odds of an attack (T9-T12), from the very steps an attack runs, and what they
assume, as plain values (views.py draws them).

The swing is planned as for play (`attack.prepare`), then `engine.steps.exact` branches
every roll over its exact outcomes; the defender's choice comes from the declared
answer or its default, as in play.
"""

from __future__ import annotations

import json
from fractions import Fraction

from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.records import record
from shaper_gm.rulesets.timeslice.attack import SWING, prepare


@record
class AttackOdds:
    attacker: str
    target: str
    weapon: str
    called: str | None
    defense: str                                  # the kind the odds assume (T10)
    hit: Fraction                                 # T9: strictly higher
    taken: tuple[tuple[int, Fraction], ...]       # HP lost after DR, a miss counting 0
    #                                               (T12), at most the target's HP (T13)
    notes: tuple[str, ...] = ()                   # the numbers it assumed, with rulings
    down: Fraction = Fraction(0)                  # the chance it drops to 0 HP (T13)
    hp: int = 0                                   # the target's HP the odds start from

    @property
    def miss(self) -> Fraction:
        return 1 - self.hit

    @property
    def mean_taken(self) -> Fraction:
        return sum((value * p for value, p in self.taken), Fraction(0))

    def taken_at_least(self, amount: int) -> Fraction:
        return sum((p for value, p in self.taken if value >= amount), Fraction(0))


def attack_odds(state, rs, request, decisions: Decisions | None = None) -> AttackOdds:
    prepared = prepare(state, rs, request)
    swing = prepared.swing
    if swing is None:
        raise RuleViolation("an attack on a dying character rolls nothing: it takes a minute "
                            "off the timer (T14)", "no odds to work out")
    final = exact(SWING, swing, decisions or Decisions())
    defense = next(iter(distribution(final, lambda c: c.defense)))
    lost = distribution(final, lambda c: c.hp - c.hp_after)
    target = state.actors[request.target].name
    attack = ", ".join(f"{label} {amount:+d} ({rule})" for label, amount, rule in
                       swing.attack_parts)
    option = swing.option(defense)
    if option is None:
        assumed = f"{target} makes no defense roll: total {swing.no_defense_total} (T10)"
    else:
        why = "as declared" if request.get("defense") else "its best expected total"
        parts = ", ".join(f"{label} {amount:+d}" for label, amount, _ in option.parts)
        assumed = f"{target} rolls {defense} ({why}, T10): {parts}"
    damage = " + ".join(f"{label} {amount}" for label, amount, _ in swing.damage_parts)
    notes = (f"attack 2d10 read 0-9 (T1, T2): {attack}", assumed,
             f"damage {damage}, less DR {swing.dr} (T12)")
    return AttackOdds(
        request.actor, request.target, prepared.weapon.id, request.get("called"), defense,
        distribution(final, lambda c: c.hit).get(True, Fraction(0)),
        tuple(sorted(lost.items())), notes,
        distribution(final, lambda c: c.hit and c.hp_after == 0).get(True, Fraction(0)),
        swing.hp)


def odds_json(odds: AttackOdds) -> str:
    def frac(x: Fraction) -> str:
        return f"{x.numerator}/{x.denominator}"
    return json.dumps({
        "attacker": odds.attacker, "target": odds.target, "weapon": odds.weapon,
        "called": odds.called, "defense": odds.defense, "hit": frac(odds.hit),
        "miss": frac(odds.miss), "taken": {str(k): frac(p) for k, p in odds.taken},
        "mean_taken": frac(odds.mean_taken), "down": frac(odds.down), "hp": odds.hp,
        "assumed": list(odds.notes)}, indent=2)
