"""The live state of a fight, as immutable values, for every ruleset.

Generic fields hold what every ruleset shares (who, where, hit points where the ruleset
has them, resources, effects, turn order); `system` holds frozen data only the
encounter's ruleset reads (an actor's items in hand, who is locked in melee with whom).
Every change builds a new value that shares the unchanged actors with the old one, so
a refused command changes nothing by construction and undo keeps the earlier value.
What every command reads of all the actors is counted once over their mapping and
carried to the next (`engine.actor_map`): a command that changes one actor of a
thousand costs what it changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field, replace
from typing import Any

from shaper_gm.engine.actor_map import ActorChange, ActorMap, Census, Standing
from shaper_gm.engine.events import Event
from shaper_gm.records import record, revise


@record
class Effect:
    """A lasting effect on an actor: named modifiers and how long it lasts.

    `mods` maps the ruleset's modifier keys to amounts (e.g. ``(("attack", 1),)``).
    `until` is ``start:ID`` / ``end:ID`` (the start or end of ID's turn), ``round:N``
    (the end of round N), ``used_up`` (its amount spent) or ``never``.
    """

    name: str
    source: str = "gm"            # what placed it: a skill or spell id, "gm", ...
    caster: str | None = None
    mods: tuple[tuple[str, int], ...] = ()
    until: str = "never"
    says: str = ""                # its words, as a ruleset's data gives them (a preparation)

    def mod(self, key: str) -> int:
        return dict(self.mods).get(key, 0)

    def with_mod(self, key: str, value: int) -> Effect:
        mods = dict(self.mods)
        mods[key] = value
        return replace(self, mods=tuple(mods.items()))


@record
class Actor:
    id: str
    name: str
    side: str
    sheet: Any                    # the ruleset's frozen sheet: scores, items, skills
    hp: int | None = None         # None where the ruleset counts harm otherwise
    max_hp: int | None = None
    zone: str | None = None       # "B4", or None before placement
    down: bool = False
    resources: tuple[tuple[str, int], ...] = ()
    effects: tuple[Effect, ...] = ()
    system: Any = None            # the ruleset's frozen per-actor data
    summoner: str | None = None   # acts during its summoner's turn
    template: str | None = None
    initiative: int | None = None
    initiative_entered: bool = False   # entered by the GM: a later `init` keeps it
    hidden: bool = False          # kept off the player view (`hide`, `add --hidden`)

    def resource(self, name: str) -> int:
        for key, value in self.resources:
            if key == name:
                return value
        return 0

    def resource_map(self) -> dict[str, int]:
        return dict(self.resources)

    def with_resources(self, values: Mapping[str, int]) -> Actor:
        return revise(self, resources=tuple(values.items()))

    def with_resource(self, name: str, value: int) -> Actor:
        return self.with_resources({**self.resource_map(), name: value})

    def effect_total(self, key: str) -> int:
        return sum(effect.mod(key) for effect in self.effects)

    def with_(self, **changes: Any) -> Actor:
        return revise(self, **changes)


@record
class CombatResult:
    """How a fight ended (`engine.ending`): the side left standing (None when nobody
    is), the round, and the turn it stopped in, given back if the fight resumes."""

    winner: str | None
    round: int
    turn: str | None = None       # whose turn it was
    up: tuple[str, ...] = ()
    pending: str | None = None    # whose action ended it; its turn order has not settled

    def without(self, actor_id: str) -> CombatResult:
        return replace(self, turn=None if self.turn == actor_id else self.turn,
                       up=tuple(a for a in self.up if a != actor_id),
                       pending=None if self.pending == actor_id else self.pending)


@record
class Encounter:
    ruleset: str = "shaper"
    seed: int = 0
    dice_position: int = 0        # dice drawn so far: the generator's whole position
    cols: int = 5
    rows: int = 5
    actors: ActorMap = field(default_factory=ActorMap)
    order: tuple[str, ...] = ()
    round: int = 0                # 0 before `start`
    turn: str | None = None       # who the next command acts for by default
    up: tuple[str, ...] = ()      # everyone who may take the next turn (turn is up[0])
    passes: int = 0               # passes through the order this round (cycling orders)
    passed: frozenset[str] = frozenset()   # who gave up the rest of the round
    # who has had a turn this round (this pass, in cycling orders): an order edited
    # mid-round still gives everyone else theirs
    acted: frozenset[str] = frozenset()
    system: Any = None            # the ruleset's frozen encounter data
    over: CombatResult | None = None     # set while the fight is decided (engine.ending)

    def __post_init__(self) -> None:
        if type(self.actors) is not ActorMap:
            object.__setattr__(self, "actors", ActorMap(self.actors))

    # --- reading -------------------------------------------------------------------
    def actor(self, actor_id: str) -> Actor:
        return self.actors[actor_id]

    def summons_of(self, actor_id: str) -> list[str]:
        return list(self.census().summons.get(actor_id, ()))

    def census(self) -> Census:
        """The counts over this state's actors (taken on first use, or carried from the
        actors this state's were changed from)."""
        return self.actors.census()

    def standing_on(self, zone: str) -> frozenset[str]:
        """The actors not down in `zone` (named as the grid names it)."""
        return self.actors.derived(Standing, Standing.of).by_zone.get(zone, frozenset())

    def standing_zones(self) -> Mapping[str, frozenset[str]]:
        """Every zone someone not down stands in: who stands there."""
        return self.actors.derived(Standing, Standing.of).by_zone

    def changed_ids(self, before: Encounter | None) -> list[str]:
        """The actors added or changed since `before` (all of them when None): found from
        the steps between the two actor mappings where they are kept, else by identity."""
        if before is None:
            return list(self.actors)
        found = self.actors.changed_since(before.actors) \
            if isinstance(self.actors, ActorMap) and isinstance(before.actors, ActorMap) else None
        if found is None:
            old = before.actors
            return [a for a, actor in self.actors.items() if old.get(a) is not actor]
        return [a for a in found if a in self.actors]

    def controls_turn(self, actor_id: str) -> bool:
        """True when this actor may act now: it is up, or its summoner is."""
        if self.turn is None:
            return False
        actor = self.actors[actor_id]
        up = self.up or (self.turn,)
        return actor_id in up or (actor.summoner is not None and actor.summoner in up)

    # --- building ------------------------------------------------------------------
    def with_actor(self, actor: Actor) -> Encounter:
        return self.with_actors((actor,))

    def with_actors(self, changed: Iterable[Actor]) -> Encounter:
        pairs: list[ActorChange] = []
        made: dict[str, Actor] = {}
        for actor in changed:
            old = made[actor.id] if actor.id in made else self.actors.get(actor.id)
            pairs.append((old, actor))
            made[actor.id] = actor
        return _revised(self, actors=self.actors.changed(pairs))

    def without_actor(self, actor_id: str) -> Encounter:
        gone = self.actors.get(actor_id)
        actors = self.actors.changed([(gone, None)]) if gone is not None else self.actors
        up = tuple(a for a in self.up if a != actor_id)
        over = self.over.without(actor_id) if self.over is not None else None
        order = self.order
        if actor_id in order:
            order = tuple(a for a in order if a != actor_id)
        return _revised(self, actors=actors, order=order,
                       turn=None if self.turn == actor_id else self.turn, up=up,
                       passed=self.passed - {actor_id}, acted=self.acted - {actor_id},
                       over=over)

    def with_(self, **changes: Any) -> Encounter:
        return _revised(self, **changes)


# What every change of a state returns: the new state and the events it made.
Change = tuple[Encounter, list[Event]]


def _revised(state: Encounter, **changes: Any) -> Encounter:
    """`replace(state, **changes)` at `revise`'s cost: an Encounter's one check (its
    actors an ActorMap) holds already for a state's own actors or a changed ActorMap."""
    if type(changes.get("actors", state.actors)) is not ActorMap or \
            not changes.keys() <= state.__dict__.keys():      # unknown: replace refuses it
        return replace(state, **changes)
    copy = object.__new__(state.__class__)
    object.__setattr__(copy, "__dict__", state.__dict__ | changes)
    return copy
