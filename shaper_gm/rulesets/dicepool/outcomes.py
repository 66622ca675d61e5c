"""What an action did, as frozen values a view formats and a log line reads.

Every outcome keeps the breakdown notes (label, number, ruling) in the order the steps
made them, and the faces of each dice slot it rolled (`faces()`), so the command layer
can write them into the log as `--roll` / `--damage`.
"""

from __future__ import annotations

from shaper_gm.engine.steps import Note
from shaper_gm.records import record
from shaper_gm.rulesets.dicepool.models import Preparation
from shaper_gm.rulesets.dicepool.steps import SLOT_DAMAGE, SLOT_POOL, AttackCtx, PoolTest


@record
class PoolTestOutcome:
    """A pool test (P3): an ability, a skill, a reaction roll."""

    actor: str
    what: str                     # "Rally", "climb the wall", ...
    dice: int                     # dice rolled
    faces: tuple[int, ...]
    successes: int
    failures: int
    dt: int
    success: bool
    margin: int
    pool_before: int
    pool_spent: int               # after failures and discards (P3, P12)
    pool_after: int               # after a reaction refill (P4)
    reaction: bool = False
    notes: tuple[Note, ...] = ()
    success_on: int = 4           # P1: the face a die must reach to succeed
    entered: bool = False         # the successes were called out at the table, no faces

    @property
    def discarded(self) -> int:
        return self.pool_before - self.failures - self.pool_spent

    @property
    def lost_faces(self) -> tuple[int, ...]:
        """The failure dice: the faces that left the pool (P3)."""
        return tuple(f for f in self.faces if f < self.success_on)

    def slots(self) -> dict[str, list[tuple[int, ...]]]:
        return {SLOT_POOL: [self.faces]}


@record
class AttackOutcome:
    """A basic attack (P7-P9)."""

    attacker: str
    target: str
    weapon: str
    ability: str | None
    dice: int
    faces: tuple[int, ...]
    successes: int
    failures: int
    ac: int
    dodge: int                    # extra AC from the defender's prepared dodge (P11)
    proficiency: int
    dt: int
    hit: bool
    margin: int
    damage_dice: int
    damage_faces: tuple[int, ...]
    damage_bonus: int
    damage: int
    hp_before: int
    hp_after: int
    down: bool
    pool_before: int
    pool_spent: int
    pool_after: int
    reaction: bool = False
    notes: tuple[Note, ...] = ()
    success_on: int = 4           # P1
    damage_die: int = 6           # P8: sides of each damage die
    extra_damage_dice: int = 0    # P12: from an augmenting ability
    dt_change: int = 0            # P12: from an augmenting ability
    bonus_label: str = ""         # what `damage_bonus` is ("damage stat STR", ...)
    entered: bool = False         # the successes were called out at the table, no faces
    damage_entered: bool = False  # so was the damage (its bonus in it)
    gm_damage_bonus: int = 0      # the GM's bonus to this attack's damage

    @property
    def discarded(self) -> int:
        """Dice an ability discarded besides the failures (P12)."""
        return self.pool_before - self.failures - self.pool_spent

    @property
    def lost_faces(self) -> tuple[int, ...]:
        """The failure dice: the faces that left the pool (P3, P9)."""
        return tuple(f for f in self.faces if f < self.success_on)

    def slots(self) -> dict[str, list[tuple[int, ...]]]:
        out = {SLOT_POOL: [self.faces], SLOT_DAMAGE: []}
        if self.damage_faces:
            out[SLOT_DAMAGE] = [self.damage_faces]
        return out


@record
class MoveOutcome:
    actor: str
    start: str | None
    end: str
    metres: int
    speed: int
    notes: tuple[Note, ...] = ()


@record
class PrepareOutcome:
    actor: str
    preparation: Preparation
    bonus: int                    # the extra AC a dodge would give now (P11)
    notes: tuple[Note, ...] = ()


def _faces(rolled) -> tuple[int, ...]:
    return tuple(getattr(rolled, "naturals", ()) or ()) if rolled is not None else ()


def _entered(rolled) -> bool:
    return getattr(rolled, "entered", None) is not None


def pool_test_outcome(ctx: PoolTest, what: str, notes, reaction: bool) -> PoolTestOutcome:
    return PoolTestOutcome(actor=ctx.actor, what=what, dice=ctx.count, faces=_faces(ctx.rolled),
                       successes=ctx.successes, failures=ctx.failures, dt=ctx.dt,
                       success=ctx.success, margin=ctx.margin, pool_before=ctx.pool_before,
                       pool_spent=ctx.pool_spent, pool_after=ctx.pool_after,
                       reaction=reaction, notes=tuple(notes), success_on=ctx.success_on,
                       entered=_entered(ctx.rolled))


def attack_outcome(ctx: AttackCtx, weapon: str, ability: str | None, notes,
                   reaction: bool) -> AttackOutcome:
    return AttackOutcome(
        attacker=ctx.actor, target=ctx.target, weapon=weapon, ability=ability,
        dice=ctx.count, faces=_faces(ctx.rolled), successes=ctx.successes,
        failures=ctx.failures, ac=ctx.ac, dodge=ctx.dodge, proficiency=ctx.proficiency,
        dt=ctx.dt, hit=ctx.hit, margin=ctx.margin, damage_dice=ctx.damage_dice,
        damage_faces=_faces(ctx.damage_roll), damage_bonus=ctx.damage_bonus,
        damage=ctx.damage, hp_before=ctx.hp_before, hp_after=ctx.hp_after, down=ctx.down,
        pool_before=ctx.pool_before, pool_spent=ctx.pool_spent, pool_after=ctx.pool_after,
        reaction=reaction, notes=tuple(notes), success_on=ctx.success_on,
        damage_die=ctx.damage_die, extra_damage_dice=ctx.extra_damage_dice,
        dt_change=ctx.dt_change, bonus_label=ctx.bonus_label, entered=_entered(ctx.rolled),
        damage_entered=_entered(ctx.damage_roll), gm_damage_bonus=ctx.gm_damage_bonus)
