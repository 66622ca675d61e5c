"""Pool tests and basic attacks as steps (P1, P3, P4, P7-P9, P11, P12).

Each step reads a frozen context and returns a new one, noting every number with its
ruling. `actions.py` plays them with the table's dice; `odds.py` runs the very same
steps with `engine.steps.exact`, so each rule is written once. A step reads only what
a played roll (`PoolResult`, `Roll`) and an exact outcome (`PoolCount`, `Total`) share:
`successes`, `failures` and `total`. The final context, with the notes the tape kept,
is the action's outcome: the line, the breakdown and the log read it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.dice.notation import Expr, dice_terms
from shaper_gm.dice.sources import Asked
from shaper_gm.dice.specs import PoolRoll, SumRoll
from shaper_gm.engine.steps import Note, step
from shaper_gm.records import record

# Dice slots (commands.md, "Dice-pool verbs"): --roll is the pool, --damage the damage dice.
SLOT_POOL, SLOT_DAMAGE = "roll", "damage"


def _faces(rolled) -> tuple[int, ...]:
    return tuple(getattr(rolled, "naturals", ()) or ()) if rolled is not None else ()


def _entered(rolled) -> bool:
    """The total was called out at the table: there are no faces."""
    return getattr(rolled, "entered", None) is not None


@record(kw_only=True)
class PoolTest:
    """One roll of the pool against a DT, and what it leaves in the pool: a pool test
    (P3) of an ability, a skill or a reaction."""

    actor: str
    what: str = ""                # "Rally", "climb the wall", ...
    reaction: bool = False        # rolled outside the actor's turn (P4)
    count: int                    # dice rolled: the whole pool, or --dice N (P3)
    sides: int                    # P1
    success_on: int               # P1
    pool_before: int
    dt: int = 0
    discard: int = 0              # dice lost besides the failures (P12)
    refill: int = 0               # CON dice added right after a reaction roll (P4)
    pool_cap: int | None = None   # P4
    # filled in by the steps
    rolled: Any = None            # PoolResult when played, PoolCount for odds
    successes: int = 0
    failures: int = 0
    pool_spent: int = 0           # after the failures and discards leave
    pool_after: int = 0           # after the reaction refill
    success: bool = False
    margin: int = 0               # successes - DT (negative: missed by that much)
    notes: tuple[Note, ...] = ()  # the breakdown, once played

    @property
    def dice(self) -> int:
        return self.count

    @property
    def faces(self) -> tuple[int, ...]:
        return _faces(self.rolled)

    @property
    def entered(self) -> bool:
        return _entered(self.rolled)

    @property
    def discarded(self) -> int:
        """Dice an ability discarded besides the failures (P12)."""
        return self.pool_before - self.failures - self.pool_spent

    @property
    def lost_faces(self) -> tuple[int, ...]:
        """The failure dice: the faces that left the pool (P3, P9)."""
        return tuple(f for f in self.faces if f < self.success_on)

    def slots(self) -> dict[str, list[tuple[int, ...]]]:
        return {SLOT_POOL: [self.faces]}


@record(kw_only=True)
class AttackCtx(PoolTest):
    """A basic attack (P7-P9), maybe augmented by an ability (P12)."""

    target: str
    weapon: str = ""
    ability: str | None = None
    ac: int                       # the defender's AC, passives and effects included
    dodge: int = 0                # extra AC from a prepared dodge (P11)
    proficiency: int = 0          # the attacker's weapon proficiency (P2, P7, P8)
    dt_floor: int = 0             # P7
    dt_change: int = 0            # from an augmenting ability (P12)
    damage_die: int = 6           # P8
    extra_damage_dice: int = 0    # from an augmenting ability (P12)
    damage_bonus: int = 0         # the damage stat where the weapon adds it, and effects
    bonus_label: str = ""
    gm_damage_bonus: int = 0      # the GM's bonus to this attack's damage
    ac_effects: tuple[tuple[str, int], ...] = ()      # named in the breakdown, in `ac`
    damage_effects: tuple[tuple[str, int], ...] = ()  # named, in `damage_bonus`
    hp_before: int = 0
    damage_dice: int = 0
    damage_roll: Any = None       # Roll when played, Total for odds
    damage: int = 0
    hp_after: int = 0
    down: bool = False

    @property
    def hit(self) -> bool:
        return self.success

    @property
    def attacker(self) -> str:
        return self.actor

    @property
    def damage_faces(self) -> tuple[int, ...]:
        return _faces(self.damage_roll)

    @property
    def damage_entered(self) -> bool:
        return _entered(self.damage_roll)

    def slots(self) -> dict[str, list[tuple[int, ...]]]:
        damage = [self.damage_faces] if self.damage_faces else []
        return {**super().slots(), SLOT_DAMAGE: damage}


def dice_expr(count: int, sides: int) -> Expr:
    """`count` dice of `sides`, split into terms the notation allows."""
    return Expr(dice_terms(count, sides))


# --- an attack's DT ---------------------------------------------------------------------

def attack_dt(ctx: AttackCtx) -> int:
    """P7, P11, P12: AC (+ a prepared dodge) - weapon proficiency (+ an ability's change),
    not below the floor."""
    return max(ctx.dt_floor, ctx.ac + ctx.dodge - ctx.proficiency + ctx.dt_change)


@step()
def find_dt(ctx: AttackCtx, tape) -> AttackCtx:
    """P7: DT = AC - weapon proficiency, not below the floor; P11 and P12 adjust it."""
    tape.note("defender's AC", ctx.ac, "P7")
    if ctx.dodge:
        tape.note("prepared dodge, half DEX", ctx.dodge, "P11")
    tape.note("weapon proficiency", -ctx.proficiency, "P7")
    if ctx.dt_change:
        tape.note("ability", ctx.dt_change, "P12")
    dt = attack_dt(ctx)
    tape.note("DT", dt, "P7")
    return replace(ctx, dt=dt)


# --- every pool test --------------------------------------------------------------------

@step()
def roll_pool(ctx: PoolTest, tape) -> PoolTest:
    """P1, P3: roll the dice; each at or above `success_on` is a success."""
    spec = PoolRoll(ctx.count, ctx.sides, ctx.success_on, "pool")
    rolled = tape.roll(SLOT_POOL, spec, ctx.actor)
    tape.note(f"pool dice rolled (of {ctx.pool_before})", ctx.count, "P3")
    tape.note(f"successes ({ctx.success_on}+)", rolled.successes, "P1")
    return replace(ctx, rolled=rolled, successes=rolled.successes, failures=rolled.failures)


@step()
def spend_pool(ctx: PoolTest, tape) -> PoolTest:
    """P3, P9: failures leave the pool, successes stay; P12: some abilities discard more;
    P4: a roll outside one's own turn adds the CON dice right after."""
    tape.note("failure dice leave the pool", -ctx.failures, "P9")
    spent = max(0, ctx.pool_before - ctx.failures)
    if ctx.discard:
        tape.note("dice discarded by the ability", -min(ctx.discard, spent), "P12")
        spent = max(0, spent - ctx.discard)
    tape.note("pool left", spent, "P3")
    after = spent
    if ctx.refill:
        after = spent + ctx.refill
        if ctx.pool_cap is not None:
            after = min(after, max(ctx.pool_cap, spent))
        tape.note("reaction roll: CON dice added", after - spent, "P4")
    return replace(ctx, pool_spent=spent, pool_after=after)


@step(forget=("rolled", "successes", "failures"))
def judge(ctx: PoolTest, tape) -> PoolTest:
    """P7: the test succeeds when the successes reach the DT; margin = successes - DT."""
    success = ctx.successes >= ctx.dt
    margin = ctx.successes - ctx.dt
    word = "success" if success else "failure"
    sign = "≥" if success else "<"
    tape.note(f"{word}: {ctx.successes} {sign} DT {ctx.dt}; margin", margin, "P7")
    return replace(ctx, success=success, margin=margin)


# --- damage -----------------------------------------------------------------------------
# Each rule of damage is one function, read by the steps below and by `odds.py`, which
# sums the damage dice of every margin at once instead of running these steps per margin.

def damage_dice(ctx: AttackCtx) -> int:
    """P8, P12: margin + weapon proficiency (+ an ability's extra dice) damage dice."""
    return ctx.margin + ctx.proficiency + ctx.extra_damage_dice


def damage_dealt(ctx: AttackCtx, total: int) -> int:
    """P8: the dice total, the damage stat where allowed and the GM's bonus; not below 0."""
    return max(0, total + ctx.damage_bonus + ctx.gm_damage_bonus)


def hp_left(ctx: AttackCtx, damage: int) -> int:
    """P8: damage comes off HP, not below 0."""
    return max(0, ctx.hp_before - damage)


@step(forget=("damage_roll",))
def roll_damage(ctx: AttackCtx, tape) -> AttackCtx:
    """P8: (margin + weapon proficiency) damage dice, plus the damage stat where allowed."""
    if not ctx.hit:
        return ctx
    count = damage_dice(ctx)
    label = f"damage dice: margin {ctx.margin} + proficiency {ctx.proficiency}"
    if ctx.extra_damage_dice:
        label += f" + ability {ctx.extra_damage_dice}"
    tape.note(label, f"{count}d{ctx.damage_die}", "P8" if not ctx.extra_damage_dice else "P12")
    total, rolled = 0, None
    if count > 0:
        verdict = "damage" if tape.exact else Asked("damage", (
            (ctx.target, f"hit, margin {ctx.margin} over DT {ctx.dt} (P7)"),))
        # A damage total called out at the table includes every bonus below (P8).
        spec = SumRoll(dice_expr(count, ctx.damage_die), verdict,
                       after=ctx.damage_bonus + ctx.gm_damage_bonus)
        rolled = tape.roll(SLOT_DAMAGE, spec, ctx.actor)
        total = rolled.total
        tape.note("damage dice total", total, "P8")
    if ctx.damage_bonus:
        tape.note(ctx.bonus_label or "damage bonus", ctx.damage_bonus, "P8")
    if ctx.gm_damage_bonus:
        tape.note("GM damage bonus", ctx.gm_damage_bonus)
    damage = damage_dealt(ctx, total)
    tape.note("damage", damage, "P8")
    return replace(ctx, damage_dice=count, damage_roll=rolled, damage=damage)


@step()
def apply_damage(ctx: AttackCtx, tape) -> AttackCtx:
    """P8: damage comes off HP, not below 0; at 0 HP the defender is down."""
    after = hp_left(ctx, ctx.damage)
    if ctx.hit:
        tape.note("defender's HP", after, "P8")
        if after == 0 and ctx.hp_before > 0:
            tape.note("down at 0 HP", 0, "P8")
    return replace(ctx, hp_after=after, down=after == 0)


TEST_STEPS = (roll_pool, spend_pool, judge)
ATTACK_TEST_STEPS = (find_dt, *TEST_STEPS)       # an attack up to its damage dice
ATTACK_STEPS = (*ATTACK_TEST_STEPS, roll_damage, apply_damage)
