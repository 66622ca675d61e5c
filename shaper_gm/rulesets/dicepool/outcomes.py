"""What a pool test or an attack did: the steps' final context (steps.py) with what the
action knew besides (what it was, whether it was a reaction, the breakdown notes), as
frozen values a view formats. The faces of each dice slot are read off its roll."""

from __future__ import annotations

from dataclasses import fields

from shaper_gm.engine.steps import Note
from shaper_gm.records import record
from shaper_gm.rulesets.dicepool.steps import SLOT_DAMAGE, SLOT_POOL, AttackCtx, PoolTest


def _faces(rolled) -> tuple[int, ...]:
    return tuple(getattr(rolled, "naturals", ()) or ()) if rolled is not None else ()


def _entered(rolled) -> bool:
    """The total was called out at the table: there are no faces."""
    return getattr(rolled, "entered", None) is not None


@record(kw_only=True)
class PoolTestOutcome(PoolTest):
    """A pool test (P3): an ability, a skill, a reaction roll."""

    what: str = ""                # "Rally", "climb the wall", ...
    reaction: bool = False        # rolled outside the actor's turn (P4)
    notes: tuple[Note, ...] = ()

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
class AttackOutcome(AttackCtx, PoolTestOutcome):
    """A basic attack (P7-P9), maybe augmented by an ability (P12)."""

    weapon: str = ""
    ability: str | None = None

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
        return {**super().slots(), SLOT_DAMAGE: [self.damage_faces] if self.damage_faces else []}


def outcome(kind: type, ctx: PoolTest, **more):
    """`ctx` as a `kind` outcome, with `more` of what the action knew."""
    return kind(**{f.name: getattr(ctx, f.name) for f in fields(ctx)}, **more)
