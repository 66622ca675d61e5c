"""What completion offers for a data ruleset's action: the targets its own checks allow
first (in reach, a foe), then those they refuse with the reason; for an action to a cell,
every cell with what its `offer` words say of it (``6 m · beyond Cy's 5 m``)."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine.offers import (
    FIRST,
    Offer,
    checked_rank,
    checked_targets,
    noted_rank,
    tile_offers,
)
from shaper_gm.engine.request import Request
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.data.item_offers import offered_items, offered_kind


def offers_for(rs: Any, state: Encounter, slot: str, subject: str | None,
               verb: str) -> list[Offer] | None:
    action = dict(rs.library.actions).get(verb)
    actor = state.actors.get(subject) if subject else None
    if action is None or actor is None:
        return _library(rs, slot)       # add g --weapon: the content's items of the kind
    if action.word is not None and slot in (action.word, action.second_word):
        slot = next((f.completes for f in action.flags     # draw ITEM: its flag's items
                     if f.name == slot and f.completes), slot)
    if slot == "target" and action.target is not None:
        from shaper_gm.rulesets.data.target_notes import target_note
        return checked_targets(state, rs, actor, lambda target: action.check(
            state, rs, Request(verb, (("actor", actor.id), ("target", target)))),
            None if action.offer is None else
            lambda target: target_note(action, state, rs, actor.id, target))
    if slot == "targets" and action.offer is not None:  # several: each one's words alone
        from shaper_gm.rulesets.data.target_notes import target_note
        return checked_targets(state, rs, actor, lambda target: None,
                               lambda target: target_note(action, state, rs, actor.id, target))
    if slot == "zone" and action.offer is not None and actor.zone:
        return _cells(rs, state, action, actor)
    if slot == action.item or slot in {f.completes for f in action.flags if f.completes}:
        return _items(rs, actor, slot, state)   # --with ITEM, its word, a flag's items
    if slot in dict(rs.library.numbers.get("item_offers") or ()):
        return _items(rs, actor, slot, state)   # a flag another action lends the verb
    return None


def first_for(rs: Any, state: Encounter, slot: str, subject: str | None, verb: str,
              text: str) -> bool | None:
    """Whether `offers_for` ranks `text` first, an action's target checked alone."""
    action = dict(rs.library.actions).get(verb)
    actor = state.actors.get(subject) if subject else None
    other = state.actors.get(text)
    if slot != "target" or action is None or action.target is None or actor is None:
        offers = offers_for(rs, state, slot, subject, verb)
        return None if offers is None else any(o.text == text and o.rank == FIRST
                                               for o in offers)
    if other is None or other.id == actor.id:
        return False
    rank, why = checked_rank(actor, other, lambda target: action.check(
        state, rs, Request(verb, (("actor", actor.id), ("target", target)))))
    if why and action.offer is not None and not other.down:   # said what it takes first
        from shaper_gm.rulesets.data.target_notes import target_note
        rank = noted_rank(actor, other, rank, why,
                          target_note(action, state, rs, actor.id, other.id))[0]
    return rank == FIRST


def _items(rs: Any, actor: Actor, kind: str, state: Encounter) -> list[Offer]:
    """The items of the actor's list `kind`, by id, each with its name; its travel
    speeds (`speeds`, engine.speeds) in the sheet's order, each with how far it goes
    (none on the sheet: the ground, as a move without --speed takes it)."""
    from shaper_gm.engine.situation import carried_items
    if kind == "lying":                         # what lies on the map, nearest first
        from shaper_gm.engine.laying import places
        lying = {item_id: {"name": _name(rs, item_id)}
                 for item_id in places(state, rs, actor.id)}
        said = offered_items(rs, state, actor, kind, lying)    # item_offers' lying
        if said is not None:
            return [Offer(item_id, words, rank) for item_id, words, rank in said]
        return [Offer(item_id, entry["name"]) for item_id, entry in lying.items()]
    held = actor.sheet.get(kind) if kind == "speeds" else None
    if isinstance(held, dict) or hasattr(held, "items") and not isinstance(held, str):
        from shaper_gm.engine import speeds
        if not held:                    # none of its own: it moves on the ground
            return [Offer(speeds.GROUND, "")]
        return [Offer(mode, note) for mode, note in
                speeds.offers(tuple(dict(held).items()), rs.term("cell") or "cell")]
    carried = carried_items(actor, offered_kind(rs, kind))
    said = offered_items(rs, state, actor, kind, carried)   # ruleset.yaml item_offers
    if said is not None:
        return [Offer(item_id, words, rank) for item_id, words, rank in said]
    known = rs.library.kind(kind)
    return [Offer(item_id, str((known.get(item_id) or {}).get("name", "")))
            for item_id in sorted(carried)]


def _cells(rs: Any, state: Encounter, action: Any, actor: Actor) -> list[Offer]:
    start = str(actor.zone)

    def note(cell: str) -> tuple[int, str]:
        steps = rs.distance(start, cell)
        if steps == 0:
            return 0, "here"
        said = action.cell_note(state, rs, actor.id, cell)
        return steps, " · ".join(filter(None, (rs.how_far(steps).removesuffix(" away"), said)))
    return tile_offers(state, note)


def _library(rs: Any, kind: str) -> list[Offer] | None:
    """The content's items of a kind, by id, each with its name (an actor not added yet:
    `add g --weapon `); None when the content has no such kind."""
    try:
        known = rs.library.kind(kind)
    except (KeyError, LookupError, AttributeError):
        return None
    if not known:
        return None
    return [Offer(item_id, str(dict(item).get("name", "")) if hasattr(item, "keys") else "")
            for item_id, item in sorted(dict(known).items())]


def _name(rs: Any, item_id: str) -> str:
    """An item's name, from the first item file naming it."""
    items = getattr(rs.library, "items", {})
    found = next((kind[item_id] for kind in items.values() if item_id in kind), None)
    return str(found.get("name", item_id)) if found is not None else item_id
