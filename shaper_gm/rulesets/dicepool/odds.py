"""`odds` for a basic attack with the attacker's current pool: the attack's own steps run
over exact distributions (engine.steps.exact), so no rule is written twice."""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.engine.state import Encounter
from shaper_gm.engine.steps import distribution, exact
from shaper_gm.records import record
from shaper_gm.rulesets.dicepool.attack import AttackRequest, plan_attack
from shaper_gm.rulesets.dicepool.steps import ATTACK_STEPS


@record
class AttackOdds:
    attacker: str
    target: str
    dice: int                         # dice rolled
    dt: int
    hit: Fraction
    margin: dict[int, Fraction]       # successes - DT (negative: missed by that much)
    damage: dict[int, Fraction]       # damage dealt, 0 on a miss
    pool_left: dict[int, Fraction]    # the attacker's pool after the roll (P3, P4)
    down: Fraction                    # the defender ends at 0 HP
    pool: int = 0                     # the attacker's pool before the roll
    weapon: str = ""
    ability: str | None = None
    reaction: bool = False            # rolled outside the attacker's turn (P4 refill)
    hp_lost: dict[int, Fraction] | None = None   # damage off HP: at most the defender's HP
    hp: int | None = None             # the defender's HP the odds start from

    @property
    def mean_damage(self) -> Fraction:
        return sum((v * p for v, p in self.damage.items()), Fraction(0))

    @property
    def mean_hp_lost(self) -> Fraction:
        return sum((v * p for v, p in (self.hp_lost or {}).items()), Fraction(0))


def _sorted(dist: dict) -> dict:
    return dict(sorted(dist.items()))


def attack_odds(state: Encounter, rs, request: AttackRequest) -> AttackOdds:
    """Exact odds of `request` as things stand (rolled as a reaction when it is not the
    attacker's turn)."""
    reaction = state.turn is not None and not state.controls_turn(request.attacker)
    plan = plan_attack(state, rs, request, reaction=reaction)
    final = exact(ATTACK_STEPS, plan.ctx)
    dts = {ctx.dt for ctx in final}
    return AttackOdds(
        attacker=request.attacker, target=request.target, dice=plan.ctx.count,
        dt=dts.pop(), hit=sum((p for c, p in final.items() if c.hit), Fraction(0)),
        margin=_sorted(distribution(final, lambda c: c.margin)),
        damage=_sorted(distribution(final, lambda c: c.damage)),
        pool_left=_sorted(distribution(final, lambda c: c.pool_after)),
        down=sum((p for c, p in final.items() if c.down), Fraction(0)),
        pool=plan.ctx.pool_before, weapon=plan.weapon.id,
        ability=plan.ability.id if plan.ability else None, reaction=reaction,
        hp_lost=_sorted(distribution(final, lambda c: c.hp_before - c.hp_after)),
        hp=plan.ctx.hp_before)
