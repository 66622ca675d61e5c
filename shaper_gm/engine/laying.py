"""Items lying on the map, for a ruleset written as data: a declared action's `lay` change
puts an item on a creature's cell (a thrown weapon lands by its target, D16) and `take`
picks the nearest one up (D22); what lies where is the encounter's `Ground`, saved with
it, told under the map, and read by expressions as `lying` (each item with how far the
acting actor is from the nearest place it lies). The list's operations are
`engine.ground`'s, which the rulesets written in Python share. The encounter's own
numbers (`encounter_numbers:`, Dungeoneers' ambient arca, D28) are kept beside them,
read as `encounter.NAME` and changed by an `encounter` change.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.engine import ground
from shaper_gm.engine.data import DataError
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.events import Event
from shaper_gm.engine.state import Change, Encounter
from shaper_gm.records import record


@record
class Ground:
    """The encounter data of a ruleset written as data: what lies on its map."""

    lying: tuple[tuple[str, str, str], ...] = ()     # (item, cell, whom it lies beside)
    numbers: tuple[tuple[str, int], ...] = ()        # the encounter's, changed in play


class GroundChecks:
    """A saved encounter's numbers (`encounter_numbers:`) are ones it declares, each a
    whole number 0 to 999,999 (a pool the whole encounter shares), and what lies on its
    map an item of the content on a cell of the grid: a hand edit refused."""

    def check_references(self, state: Encounter, where: str) -> None:
        from shaper_gm.engine import grid, limits
        library = self.library  # type: ignore[attr-defined]
        items = {i for kind in getattr(library, "items", {}).values() for i in kind}
        for n, (item, cell, _) in enumerate(ground_of(state).lying):
            limits.known(f"{where}.system.lying[{n}][0]", item, items, "item")
            try:
                grid.parse_cell(cell, state.cols, state.rows)
            except RuleViolation as off:
                raise DataError(f"{where}.system.lying[{n}][1]", off.message) from None
        declared = dict(library.numbers.get("encounter_numbers") or {})
        for name, value in ground_of(state).numbers:
            limits.known(f"{where}.system.numbers", name, declared, "encounter number")
            limits.check(f"{where}.system.{name}", value, 0, 999_999)
        super().check_references(state, where)  # type: ignore[misc]


@record
class ItemLaid(Event):
    actor: str                    # whom it lies beside
    item: str
    place: str
    by: str = ""                  # who laid it (the acting actor)
    said: str = ""                # its own words: a template over these fields (`says:`)


@record
class ItemTaken(Event):
    actor: str                    # who picks it up
    item: str
    place: str


@record
class EncounterNumberChanged(Event):
    name: str
    before: int
    after: int
    why: str = ""

    @property
    def label(self) -> str:
        """``Ambient arca``: its name in words."""
        return self.name.replace("_", " ").capitalize()


def ground_of(state: Encounter) -> Ground:
    return state.system if isinstance(state.system, Ground) else Ground()


def number_of(state: Encounter, rs: Any, name: str) -> int:
    """The encounter's number `name`: as play changed it, else as the ruleset starts it
    (KeyError: the ruleset has no such number)."""
    found = dict(ground_of(state).numbers)
    if name in found:
        return found[name]
    return int(dict(rs.library.numbers.get("encounter_numbers") or {})[name])


def number_changed(state: Encounter, rs: Any, name: str, change: int, why: str) -> Change:
    """The encounter's number `name` changed by `change`, never below 0."""
    before = number_of(state, rs, name)
    after = max(0, before + change)
    if after == before:
        return state, []
    numbers = {**dict(ground_of(state).numbers), name: after}
    ground = replace(ground_of(state), numbers=tuple(sorted(numbers.items())))
    return state.with_(system=ground), [EncounterNumberChanged(name, before, after, why)]


def lying_of(state: Encounter) -> tuple[ground.Lying, ...]:
    """What lies on the map (nothing for an encounter that never had an item laid)."""
    return tuple(getattr(state.system, "lying", ()) or ())


def distances(state: Encounter, rs: Any, actor_id: str) -> dict[str, int]:
    """Each item lying on the map with how far `actor_id` is from the nearest place it
    lies, in cells times the numbers' `cell_size` (an actor not placed: none)."""
    here = state.actors[actor_id].zone
    if here is None:
        return {}
    size = int(getattr(rs.library.numbers, "get", lambda *_: 1)("cell_size") or 1)
    found: dict[str, int] = {}
    for item, place, _ in lying_of(state):
        far = rs.distance(here, place) * size
        found[item] = min(far, found.get(item, far))
    return found


def places(state: Encounter, rs: Any, actor_id: str) -> dict[str, tuple[str, ...]]:
    """Each item lying on the map with the cells it lies on, the nearest to `actor_id`
    first (in the order laid among the equally near)."""
    here = state.actors[actor_id].zone
    found: dict[str, list[tuple[int, int, str]]] = {}
    for n, (item, place, _) in enumerate(lying_of(state)):
        found.setdefault(item, []).append((rs.distance(here, place) if here else 0, n, place))
    nearest = sorted(found, key=lambda item: min(found[item]))       # the nearest first
    return {item: tuple(place for *_, place in sorted(found[item])) for item in nearest}


LYING = "lying"           # a flag's `completes: lying`: what lies on the map, nearest first


def lying_word(state: Encounter, rs: Any, word: str, actor_id: str) -> str:
    """The item lying on the map a flag's word names, by unique prefix; nothing lying is
    refused in the ruleset's words (`terms.nothing_lying`)."""
    from shaper_gm.engine.names import match_one
    ids = list(places(state, rs, actor_id))
    if not ids:
        raise RuleViolation(rs.term("nothing_lying") or "nothing lies on the map",
                            "an item lies where it landed")
    return match_one(word, ids, "item lying")


def besides(state: Encounter, rs: Any, actor_id: str) -> dict[str, str]:
    """Each item lying on the map with whom it lies beside at the place `take` would
    take it from: the nearest to `actor_id`, the first laid among the nearest ('' for
    nobody): a pick-up may cost less for an item beside the actor (S19)."""
    here = state.actors[actor_id].zone
    found: dict[str, tuple[int, str]] = {}
    for item, place, beside in lying_of(state):
        far = rs.distance(here, place) if here else 0
        if item not in found or far < found[item][0]:
            found[item] = (far, beside)
    return {item: beside for item, (_, beside) in found.items()}


def changed(state: Encounter, rs: Any, kind: str, who: str, item: str, by: str = "",
            says: str = "") -> Change:
    """`lay`: `item` lies on `who`'s cell, beside it, laid by `by`, told in `says` words
    if given; `take`: `who` takes up the nearest place `item` lies (the first laid among
    the nearest)."""
    actor = state.actors[who]
    lying = lying_of(state)
    if kind == "lay":
        if actor.zone is None:
            return state, []
        return (state.with_(system=replace(ground_of(state), lying=ground.laid(
            lying, item, actor.zone, who))), [ItemLaid(who, item, actor.zone, by, says)])
    places = [(rs.distance(actor.zone, entry[1]) if actor.zone else 0, n, entry)
              for n, entry in enumerate(lying) if entry[0] == item]
    if not places:
        raise RuleViolation(f"no {item} lies on the map", "an item lies where it landed")
    entry = min(places)[2]
    return (state.with_(system=replace(ground_of(state), lying=ground.taken(lying, entry))),
            [ItemTaken(who, item, entry[1])])


def map_notes(rs: Any, state: Encounter) -> list[str]:
    """``On the ground: Spear (D2)``, under the map: each item by its name."""
    def title(item: str) -> str:                     # the first item file naming it
        items = getattr(rs.library, "items", {})
        found = next((kind[item] for kind in items.values() if item in kind), None)
        return str(found.get("name", item)) if found is not None else item
    text = ground.lying_text(lying_of(state), title)
    return [text] if text else []
