"""`odds ATTACKER TARGET`: exact chances of an attack given the defender's declared
reactions, from the very steps an attack plays (`engine.steps.exact`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from shaper_gm.dice import Dist
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.rulesets.reactions.attack import AttackRequest, check_declared, prepare
from shaper_gm.rulesets.reactions.steps import Strike, attack_steps


@dataclass(frozen=True)
class AttackOdds:
    attacker: str
    defender: str
    attack_type: str
    reactions: tuple[str, ...]   # the declared reactions the odds assume, in order
    dodged: Fraction             # R4
    blocked: Fraction            # R2, R6: a block succeeded
    critical: Fraction           # R5
    down: Fraction               # R8
    damage: Dist                 # R6: damage after armor and block bonus (0 when dodged)
    health_lost: Dist            # R7, R8: what reaches health after the shield

    @property
    def hit(self) -> Fraction:
        """The attack was not dodged."""
        return 1 - self.dodged


def attack_odds(state: Encounter, rs, request: AttackRequest,
                decisions: Decisions | None = None) -> AttackOdds:
    decisions = decisions or Decisions()
    prepared = prepare(state, rs, request)
    strike = prepared.strike
    declared = [answer for actor, answer in decisions.declared if actor == strike.defender]
    check_declared(strike, declared, state.actors[strike.defender].name)
    final = exact(attack_steps(strike), strike, decisions)

    def chance(reading) -> Fraction:
        return sum((p for ctx, p in final.items() if reading(ctx)), Fraction(0))

    def dist(reading) -> Dist:
        return Dist.from_probs(distribution(final, reading))

    return AttackOdds(
        attacker=strike.attacker, defender=strike.defender, attack_type=strike.attack_type,
        reactions=tuple(declared), dodged=chance(lambda c: c.dodged),
        blocked=chance(lambda c: c.blocked), critical=chance(lambda c: c.critical),
        down=chance(lambda c: c.down), damage=dist(lambda c: c.damage),
        health_lost=dist(Strike.health_lost.fget))
