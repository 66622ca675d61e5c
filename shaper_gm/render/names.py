"""How text names actors: by name, and with their id where two share a name, so every
line tells them apart (``Gob (gob-2)``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import field

from shaper_gm.records import record


@record
class Names:
    """How text refers to actors (their names) and to distances (the ruleset's bands)."""

    names: Mapping[str, str] = field(default_factory=dict)
    band: Callable[[int], str] | None = None
    lookup: Callable[[str], str] | None = None

    def __call__(self, actor_id: str | None) -> str:
        if actor_id is None:
            return "?"
        if self.lookup is not None:
            return self.lookup(actor_id)
        return self.names.get(actor_id, actor_id)

    @classmethod
    def of(cls, state=None, *, known: Mapping[str, str] | None = None,
           band: Callable[[int], str] | None = None) -> Names:
        """Names from `known` (e.g. actors since removed), then the state's actors."""
        names = dict(known or {})
        if state is not None:
            names.update({a.id: a.name for a in state.actors.values()})
        return cls(told_apart(names), band)


def told_apart(names: Mapping[str, str]) -> dict[str, str]:
    """Names as a GM can tell them apart: actors who share a name (in any case) are
    written with their id, ``Gob (gob-2)``; a unique name stays bare."""
    sharing = Counter(name.casefold() for name in names.values())
    return {actor_id: f"{name} ({actor_id})" if sharing[name.casefold()] > 1 else name
            for actor_id, name in names.items()}


def as_names(names: Names | Mapping[str, str] | Callable[[str], str] | None) -> Names:
    """Accept a `Names`, a plain id -> name mapping or a lookup function."""
    if isinstance(names, Names):
        return names
    if names is None:
        return Names()
    if isinstance(names, Mapping):
        return Names(dict(names))
    return Names(lookup=names)
