"""Exact odds of an attack (T9-T12), from the very steps an attack runs, and what they
assume, as the one odds record (`engine.odds`).

The swing is planned as for play (`attack.prepare`), then `engine.steps.exact` branches
every roll over its exact outcomes; the defender's choice comes from the declared
answer or its default, as in play.
"""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.dice import Dist
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.exact_kept import kept_exact
from shaper_gm.engine.odds import Chance, Fact, Odds, Spread, TargetOdds
from shaper_gm.engine.steps import distribution
from shaper_gm.rulesets.timeslice.attack import SWING, Swing, prepare


def attack_odds(state, rs, request, decisions: Decisions | None = None) -> Odds:
    swing = prepare(state, rs, request)
    if not isinstance(swing, Swing):
        raise RuleViolation("an attack on a dying character rolls nothing: it takes a minute "
                            "off the timer (T14)", "no odds to work out")
    final = kept_exact(SWING, swing, decisions or Decisions())
    defense = next(iter(distribution(final, lambda c: c.defense)))
    lost = distribution(final, lambda c: c.hp_before - c.hp_after)
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
    hit = distribution(final, lambda c: c.hit).get(True, Fraction(0))
    down = distribution(final, lambda c: c.hit and c.hp_after == 0).get(True, Fraction(0))
    odds = TargetOdds(
        request.target,
        (Chance("hit", hit, "only higher hits, T9"), Chance("miss", 1 - hit),
         Chance("down", down, "dropped to 0 HP, T13")),
        (Spread("taken", Dist.from_probs(lost), "after DR, a miss is 0, T12; HP stop at 0, "
                "T13", label="HP lost"),),
        harm="taken", start=swing.hp_before)
    called = request.get("called")
    facts = (Fact("called", f"called shot {called}" if called else "", called, "T11"),
             Fact("defense", defense, note="T10"))
    return Odds(request.actor, "attacks", (odds,), weapon=rs.weapon(swing.weapon).name,
                facts=facts, assumed=notes)
