"""What an actor of a ruleset written as data carries from one fight to the next: the
items of its sheet's `add_items` keys (a weapon thrown leaves its list, one picked up
joins it: an action's `sheet` change), as a party compares them with its sheet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shaper_gm.engine import gear
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor


def _listed(value: Any) -> tuple[str, ...]:
    items = value if isinstance(value, (list, tuple)) else () if value is None else (value,)
    return tuple(item for item in items     # ids, not items stated whole; '' names none
                 if isinstance(item, str) and item)


def carried(rs: Any, actor: Actor) -> tuple[str, ...]:
    """Each item as often as the key that lists it most (a list of what is in hand
    names items the list of what it carries holds as well)."""
    counts: dict[str, int] = {}
    for spec in rs.library.add_items:
        if not spec.carried:            # worn (its armor): not carried from fight to fight
            continue
        listed = _listed(actor.sheet.get(spec.key))
        if spec.lost:                   # knocked out of its hands: left behind (T11)
            listed = gear.without(listed, _listed(actor.sheet.get(spec.lost)))
        for item in listed:
            counts[item] = max(counts.get(item, 0), listed.count(item))
    return tuple(item for item, count in counts.items() for _ in range(count))


def carrying(rs: Any, actor: Actor, lacks: Sequence[str], carries: Sequence[str]) -> Actor:
    """Without `lacks` (out of every key that lists it), with each of `carries` in the
    first key of its kind that takes it (a list, or an empty single key)."""
    if (lacks or carries) and not keeps_items(rs):       # every fight starts from the sheet
        raise RuleViolation(f"{rs.name} has no items an actor loses or gains in a fight",
                            "drop --lacks and --carries")
    gear.lacking(actor.name, carried(rs, actor), lacks)
    specs = tuple(spec for spec in rs.library.add_items if spec.carried)
    values: dict[str, Any] = {}
    for spec in specs:
        held = actor.sheet.get(spec.key)
        if spec.many:
            values[spec.key] = gear.without(_listed(held), lacks)
        else:
            values[spec.key] = rs.library.default_sheet.get(spec.key) if held in lacks \
                else held                       # none: as the default sheet holds none
    for item in carries:
        spec = next((s for s in specs if not s.among and item in rs.library.kind(s.kind)
                     and (s.many or not values[s.key])), None)     # '' holds none
        if spec is None:
            kinds = ", ".join(dict.fromkeys(s.kind for s in specs)) or "none"
            raise RuleViolation(f"{actor.name} cannot carry {item!r}: no item its sheet "
                                "has room for", f"its items are of: {kinds}")
        values[spec.key] = (*values[spec.key], item) if spec.many else item
    changed = {key: value for key, value in values.items() if value != actor.sheet.get(key)}
    return actor.with_(sheet=actor.sheet.with_values(**changed)) if changed else actor


def keeps_items(rs: Any) -> bool:
    """Whether its party.yaml says `items: true`: what a member carries lasts from one
    fight to the next. Otherwise (the dice pool's: abilities and weapons are the sheet's
    every fight) `add --lacks/--carries` has nothing to change."""
    from shaper_gm.content.folders import declaration
    found = declaration(rs.id, "party.yaml")
    return found is not None and isinstance(found[1], dict) and found[1].get("items") is True
