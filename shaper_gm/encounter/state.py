"""The live state of a fight, as immutable values.

Every change builds a new `EncounterState` that shares the unchanged actors with the
old one. That makes a refused command change nothing by construction, and makes undo
a matter of keeping the earlier value: the cost of a step does not grow with the
length of the session.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class ActiveEffect:
    """A lasting effect on an actor (S26): bonuses and how long they last.

    `until` is one of: ``start:ID`` / ``end:ID`` (the start or end of ID's turn),
    ``round:N`` (the end of round N), ``used_up`` (absorb spent), ``never``.
    """

    name: str
    source: str = "gm"            # skill id, "shield" or "gm"
    caster: str | None = None
    attack: int = 0
    damage: int = 0
    evasion: int = 0
    absorb: int = 0
    until: str = "never"

    def describe(self) -> str:
        parts = [f"{label} {value:+d}" for label, value in
                 (("attack", self.attack), ("damage", self.damage), ("evasion", self.evasion))
                 if value]
        if self.absorb:
            parts.append(f"absorb {self.absorb}")
        return f"{self.name} ({', '.join(parts)})" if parts else self.name


@dataclass(frozen=True)
class ActorState:
    id: str
    name: str
    side: str
    stats: Any                    # rules ActorStats: derived numbers and equipment
    hp: int
    sp: int
    zone: str | None = None       # "B4", or None before placement
    down: bool = False
    pool: tuple[tuple[str, int], ...] = ()      # actions left this turn (S18)
    holding: tuple[str, ...] = ()               # items in hand (S19a)
    unloaded: tuple[str, ...] = ()              # weapons that need a reload
    skill_uses: tuple[tuple[str, int], ...] = ()  # uses in the actor's round (S24)
    effects: tuple[ActiveEffect, ...] = ()
    summoner: str | None = None   # a summon acts on its summoner's turn (S21)
    template: str | None = None
    initiative: int | None = None

    @property
    def max_hp(self) -> int:
        return self.stats.max_hp

    @property
    def max_sp(self) -> int:
        return self.stats.max_sp

    def actions(self) -> dict[str, int]:
        return dict(self.pool)

    def uses(self, skill: str) -> int:
        return dict(self.skill_uses).get(skill, 0)

    def effect_total(self, key: str) -> int:
        return sum(getattr(effect, key) for effect in self.effects)

    def with_(self, **changes: Any) -> ActorState:
        return replace(self, **changes)


@dataclass(frozen=True)
class EncounterState:
    ruleset: str = "shaper"
    seed: int = 0
    dice_position: int = 0        # dice drawn so far: the generator's whole position
    cols: int = 5
    rows: int = 5
    actors: Mapping[str, ActorState] = field(default_factory=dict)
    order: tuple[str, ...] = ()
    round: int = 0                # 0 before `start`
    turn: str | None = None       # the acting actor (a summoner, never a summon)
    engagements: frozenset[frozenset[str]] = frozenset()   # S14 groups

    # --- reading -------------------------------------------------------------------
    def actor(self, actor_id: str) -> ActorState:
        return self.actors[actor_id]

    def engagement_of(self, actor_id: str) -> frozenset[str] | None:
        for group in self.engagements:
            if actor_id in group:
                return group
        return None

    def engaged_with(self, actor_id: str) -> list[str]:
        group = self.engagement_of(actor_id)
        return sorted(group - {actor_id}) if group else []

    def summons_of(self, actor_id: str) -> list[str]:
        return [a.id for a in self.actors.values() if a.summoner == actor_id]

    def controls_turn(self, actor_id: str) -> bool:
        """True when it is this actor's turn, or its summoner's (S21)."""
        if self.turn is None:
            return False
        actor = self.actors[actor_id]
        return self.turn == actor_id or (actor.summoner is not None
                                         and actor.summoner == self.turn)

    # --- building ------------------------------------------------------------------
    def with_actor(self, actor: ActorState) -> EncounterState:
        actors = dict(self.actors)
        actors[actor.id] = actor
        return replace(self, actors=actors)

    def with_actors(self, changed: Iterable[ActorState]) -> EncounterState:
        actors = dict(self.actors)
        for actor in changed:
            actors[actor.id] = actor
        return replace(self, actors=actors)

    def without_actor(self, actor_id: str) -> EncounterState:
        actors = {k: v for k, v in self.actors.items() if k != actor_id}
        return replace(self, actors=actors,
                       order=tuple(a for a in self.order if a != actor_id),
                       engagements=leave_engagement(self.engagements, actor_id),
                       turn=None if self.turn == actor_id else self.turn)

    def with_(self, **changes: Any) -> EncounterState:
        return replace(self, **changes)

    def without_one_sided_engagements(self) -> tuple[EncounterState, list[str]]:
        """An engagement is a fight between sides (S14): once every member left in it is
        on one side (the enemy went Down or left), it dissolves. Returns the new state
        and the ids that are no longer engaged."""
        freed: list[str] = []
        kept = set()
        for group in self.engagements:
            if len({self.actors[a].side for a in group if a in self.actors}) > 1:
                kept.add(group)
            else:
                freed += sorted(group)
        if not freed:
            return self, []
        return replace(self, engagements=frozenset(kept)), freed


def join_engagement(groups: frozenset[frozenset[str]], a: str,
                    b: str) -> frozenset[frozenset[str]]:
    """A engages B: their groups merge into one (S14)."""
    group_a = next((g for g in groups if a in g), frozenset({a}))
    group_b = next((g for g in groups if b in g), frozenset({b}))
    rest = {g for g in groups if g is not group_a and g is not group_b}
    return frozenset(rest | {group_a | group_b})


def leave_engagement(groups: frozenset[frozenset[str]],
                     actor_id: str) -> frozenset[frozenset[str]]:
    """The actor leaves its group; a group left with one member dissolves (S14, S8)."""
    out = set()
    for group in groups:
        if actor_id in group:
            group = group - {actor_id}
        if len(group) >= 2:
            out.add(group)
    return frozenset(out)
