"""A state's actors by id (`ActorMap`) and what is counted over them, kept from state to
state: who can still take turns on each side, whose summons are whose (`Census`), who
stands where (`Standing`), and a turn order's budgets (`engine.most_remaining`). Each is
counted once, then carried from each mapping to the next by the actors changed; what
changed between two mappings is found from the revisions that link them (`Revision`),
so a command that changes one actor of a thousand costs what it changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from shaper_gm.engine.state import Actor


def takes_turns(actor: Actor) -> bool:
    """Down actors are skipped; summons act on their summoner's turn."""
    return not actor.down and actor.summoner is None


# One change of an actor: (before, after); None before for one added, after for one gone.
ActorChange = tuple["Actor | None", "Actor | None"]


def changed_actor(old: Actor | None, new: Actor | None) -> Actor:
    """The actor an (old, new) change is about: the new one, else the old one."""
    actor = new if new is not None else old
    assert actor is not None, "a change is of an actor before or after it"
    return actor


class Counted(Protocol):
    """What `ActorMap.derived` keeps: counts that follow the actors changed."""

    def changed(self, pairs: list[ActorChange]) -> Counted | None: ...


CountedT = TypeVar("CountedT", bound=Counted)


class ActorMap(dict[str, "Actor"]):
    """A state's actors by id: a dict never changed once made, which keeps what was
    counted over it (`derived`). Every state made from another with the same actors
    shares the mapping, and so its counts; a mapping changed from this one carries them
    over, updated by the actors changed, so no command counts all the actors again."""

    __slots__ = ("kept", "revision")    # ((key, what was counted), ...); its `Revision`

    kept: tuple[tuple[object, Counted], ...]
    revision: Revision

    TRACKED = 64                    # from this many actors on, mappings note their revisions

    def derived(self, kind: type[CountedT], build: Callable[[ActorMap], CountedT],
                variant: object = None) -> CountedT:
        """What `build(self)` makes of these actors (a `kind`, one per `variant`), made
        once. It is carried to each mapping changed from this one by its `changed(pairs)`
        method (None: build anew there)."""
        key = (kind, variant)
        kept = getattr(self, "kept", ())
        for have, value in kept:
            if have == key and isinstance(value, kind):
                return value
        made = build(self)
        self.kept = (*kept, (key, made))
        return made

    def census(self) -> Census:
        return self.derived(Census, Census.of)

    def changed(self, pairs: list[ActorChange]) -> ActorMap:
        """A copy with each (old, new) change of `pairs` made (None: none there), what
        this one counted carried over."""
        out = ActorMap(self)
        for old, new in pairs:
            if new is not None:
                out[new.id] = new
            else:
                del out[changed_actor(old, new).id]
        if pairs and len(out) >= self.TRACKED:
            ids = tuple(changed_actor(old, new).id for old, new in pairs)
            out.revision = Revision.after(self, ids)
        kept = getattr(self, "kept", ())
        if kept:
            carried = tuple((key, new) for key, value in kept
                            if (new := value.changed(pairs)) is not None)
            unmoved = len(carried) == len(kept) and all(
                new is value for (_, new), (_, value) in zip(carried, kept, strict=True))
            out.kept = kept if unmoved else carried
        return out

    def changed_since(self, other: ActorMap) -> set[str] | None:
        """The ids whose actors may differ between `other` and this mapping (added,
        removed or replaced), found from the steps between them when both come from one
        mapping by `changed`; None when they do not, or the steps are more than the
        actors (a full comparison costs less then)."""
        if other is self:
            return set()
        return Revision.between(getattr(self, "revision", None),
                                getattr(other, "revision", None), len(self))


class Revision:
    """One `ActorMap.changed`: the ids it changed, after the revision of the mapping it
    was made from. Revisions link mappings of one lineage (from 64 actors on), so what
    changed between two states costs the revisions between them, not the number of
    actors."""

    __slots__ = ("ids", "before", "depth")

    def __init__(self, ids: tuple[str, ...], before: Revision | None, depth: int) -> None:
        self.ids, self.before, self.depth = ids, before, depth

    @classmethod
    def after(cls, actors: ActorMap, ids: tuple[str, ...]) -> Revision:
        before = getattr(actors, "revision", None)
        if before is None:                     # the first of its lineage: its root revision
            before = actors.revision = Revision((), None, 0)
        return cls(ids, before, before.depth + 1)

    @staticmethod
    def between(a: Revision | None, b: Revision | None, most: int) -> set[str] | None:
        """The ids of the revisions from `a` and from `b` back to the one both come from."""
        if a is None or b is None:
            return None
        ids: set[str] = set()
        while a is not b:
            if a.depth >= b.depth:
                ids.update(a.ids)
                a = a.before
            else:
                ids.update(b.ids)
                b = b.before
            if a is None or b is None or len(ids) > most:
                return None                    # other lineages, or far apart
            most -= 1
        return ids


class Census:
    """Counts over one state's actors: actors per side, actors per side that can take
    turns, and each summoner's summons in the actors' order. Built once from all the
    actors, then made for each changed state from its parent's by the actors changed."""

    __slots__ = ("sides", "able", "summons")

    def __init__(self, sides: dict[str, int], able: dict[str, int],
                 summons: dict[str, tuple[str, ...]]) -> None:
        self.sides = sides
        self.able = able
        self.summons = summons

    @classmethod
    def of(cls, actors: Mapping[str, Actor]) -> Census:
        census = cls({}, {}, {})
        for actor in actors.values():
            census._count(actor, 1)
            if actor.summoner is not None:
                census.summons[actor.summoner] = (*census.summons.get(actor.summoner, ()),
                                                  actor.id)
        return census

    def changed(self, pairs: list[ActorChange]) -> Census | None:
        """The census after each (old, new) actor change (None for an actor added or
        removed): this one when no count moves; None when a summoner changed, which is
        counted afresh."""
        out = self
        for old, new in pairs:
            if (old is not None and new is not None and old.side == new.side
                    and old.summoner == new.summoner and takes_turns(old) == takes_turns(new)):
                continue                       # hit points, resources, effects: no count
            if old is not None and new is not None and old.summoner != new.summoner:
                return None                    # an actor changed summoner: rare
            if out is self:
                out = Census(dict(self.sides), dict(self.able), self.summons)
            if old is not None:
                out._count(old, -1)
            if new is not None:
                out._count(new, 1)
            actor = changed_actor(old, new)
            summoner = actor.summoner
            if (old is not None and new is not None) or summoner is None:
                continue
            if out.summons is self.summons:
                out.summons = dict(self.summons)
            if old is not None:                                   # a summons left
                left = tuple(a for a in out.summons[summoner] if a != actor.id)
                out.summons[summoner] = left
                if not left:
                    del out.summons[summoner]
            else:                                                 # one joined, listed last
                out.summons[summoner] = (*out.summons.get(summoner, ()), actor.id)
        return out

    def _count(self, actor: Actor, step: int) -> None:
        _tally(self.sides, actor.side, step)
        if takes_turns(actor):
            _tally(self.able, actor.side, step)


class Standing:
    """Who stands where: the actors not down in each zone, by its name (zones are kept
    as the grid names them, one name a cell). Kept by `ActorMap.derived`."""

    __slots__ = ("by_zone",)

    def __init__(self, by_zone: dict[str, frozenset[str]]) -> None:
        self.by_zone = by_zone

    @classmethod
    def of(cls, actors: Mapping[str, Actor]) -> Standing:
        by_zone: dict[str, set[str]] = {}
        for actor in actors.values():
            if actor.zone is not None and not actor.down:
                by_zone.setdefault(actor.zone, set()).add(actor.id)
        return cls({zone: frozenset(ids) for zone, ids in by_zone.items()})

    def changed(self, pairs: list[ActorChange]) -> Standing:
        out = self
        for old, new in pairs:
            if (old is not None and new is not None and old.zone == new.zone
                    and old.down == new.down):
                continue
            if out is self:
                out = Standing(dict(self.by_zone))
            for actor, step in ((old, -1), (new, 1)):
                if actor is not None and actor.zone is not None and not actor.down:
                    ids = out.by_zone.get(actor.zone, frozenset())
                    ids = ids | {actor.id} if step > 0 else ids - {actor.id}
                    if ids:
                        out.by_zone[actor.zone] = ids
                    else:
                        del out.by_zone[actor.zone]
        return out


def _tally(counts: dict[str, int], key: str, step: int) -> None:
    value = counts.get(key, 0) + step
    if value:
        counts[key] = value
    else:
        del counts[key]
