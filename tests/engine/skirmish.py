"""A small ruleset that exists only in the tests, to exercise the engine kit with what
no shipped ruleset combines: a round-refilled budget spent off-turn, most-remaining or
cycling turn orders, a 2d10 attack read 0-9, a success-counting dodge pool, and an
interrupt answered by flag, by the shell or by default."""

from __future__ import annotations

from dataclasses import dataclass, replace

from shaper_gm.dice import parse
from shaper_gm.dice.notation import from_zero
from shaper_gm.dice.specs import PoolRoll, SumRoll
from shaper_gm.engine.cycling_passes import CyclingPasses
from shaper_gm.engine.decisions import Ask
from shaper_gm.engine.most_remaining import MostRemaining
from shaper_gm.engine.resources import ResourceSpec
from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.engine.state import Actor
from shaper_gm.engine.steps import step

HIT_ON = 9            # an attack total above this hits
DODGE_EACH = 2        # each dodge success takes this much off the attack


@dataclass(frozen=True)
class Sheet:
    might: int = 0
    agility: int = 0
    budget: int = 4
    dodge_dice: int = 2


class Skirmish(RulesetBase):
    id = "skirmish"
    name = "Skirmish (tests only)"
    effect_keys = ("attack",)
    sheet_numbers = ("might", "agility", "budget", "dodge_dice")

    def __init__(self, order: str = "most") -> None:
        self.resources = (
            ResourceSpec("ap", "AP", max="budget", refill="round_start", off_turn=True),
            ResourceSpec("focus", "focus", max=3, start=0, refill="turn_end", refill_by=1,
                         shown=True),
        )
        self.turn_order = (MostRemaining("ap", "might", {"in_group": "K4",
                                                         "between_groups": "K5"})
                           if order == "most" else CyclingPasses("ap"))


def actor(actor_id: str, side: str, **sheet) -> Actor:
    return Actor(id=actor_id, name=actor_id.title(), side=side, sheet=Sheet(**sheet), hp=10,
                 max_hp=10, zone="A1")


# --- the attack pipeline --------------------------------------------------------------

ATTACK = SumRoll(from_zero(parse("2d10")), "attack")


@dataclass(frozen=True)
class Swing:
    attacker: str
    target: str
    bonus: int
    dodge_dice: int
    attack: object = None
    dodged: str = "none"
    successes: int = 0
    total: int = 0
    hit: bool = False
    damage: int = 0


@step()
def roll_attack(ctx: Swing, tape) -> Swing:
    rolled = tape.roll("roll", ATTACK, ctx.attacker)
    tape.note("attack", rolled.total + ctx.bonus, "K1")
    return replace(ctx, attack=rolled, total=rolled.total + ctx.bonus)


@step()
def ask_dodge(ctx: Swing, tape) -> Swing:
    answer = tape.decide(Ask(ctx.target, "react", ("none", "dodge"), "none",
                             f"{ctx.target} may dodge", "K2"))
    return replace(ctx, dodged=answer)


@step(forget=("attack",))
def roll_dodge(ctx: Swing, tape) -> Swing:
    if ctx.dodged != "dodge":
        return ctx
    pool = tape.roll("dodge", PoolRoll(ctx.dodge_dice, 6, 5, "dodge"), ctx.target)
    tape.note("dodge successes", pool.successes, "K2")
    return replace(ctx, successes=pool.successes,
                   total=ctx.total - DODGE_EACH * pool.successes)


@step()
def judge(ctx: Swing, tape) -> Swing:
    hit = ctx.total > HIT_ON
    damage = ctx.total - HIT_ON if hit else 0
    tape.note("hit" if hit else "miss", ctx.total, "K3")
    return replace(ctx, hit=hit, damage=damage, successes=0)


SWING = (roll_attack, ask_dodge, roll_dodge, judge)
