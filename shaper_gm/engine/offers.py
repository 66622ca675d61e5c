"""What a ruleset offers for a word the GM is typing: an id, a note on it, and a rank.

Completion asks the encounter's ruleset what fills a slot (a target, a tile, an item, a
skill) for the actor a command is about, at this moment of the fight; the ruleset
answers with offers, best first by rank, so an attack offers the targets in reach before
the rest. `None` instead of a list means the ruleset leaves the slot to the shared
defaults (actor ids, tiles by distance, its templates).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from shaper_gm.engine import grid
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.errors import GmError
from shaper_gm.records import record

if TYPE_CHECKING:
    from shaper_gm.engine.ruleset import Ruleset
    from shaper_gm.engine.state import Actor, Encounter

FIRST, LATER, LAST = 0, 1, 2    # ranks: usable now, usable with a caveat or later, last


@record
class Offer:
    text: str
    meta: str = ""
    rank: int = FIRST


def ranked(offers: list[Offer]) -> list[Offer]:
    """Offers by rank; the ruleset's order within a rank is kept."""
    return sorted(offers, key=lambda o: o.rank)


def tile_offers(state: Encounter, note: Callable[[str], tuple[int, str]]) -> list[Offer]:
    """Every cell of the grid, nearest first: `note(cell)` gives its distance and what
    reaching it means (its cost, "here"); who stands there is added to each."""
    standing: dict[str, list[str]] = {}
    for actor in state.actors.values():
        if actor.zone:
            standing.setdefault(actor.zone.upper(), []).append(actor.id)
    rows = []
    for col in range(state.cols):
        for row in range(state.rows):
            cell = grid.cell_name((col, row))
            distance, text = note(cell)
            notes = ([text] if text else []) + sorted(standing.get(cell, ()))
            rows.append((distance, Offer(cell, " · ".join(notes))))
    return [offer for _, offer in sorted(rows, key=lambda pair: pair[0])]


def checked_targets(state: Encounter, rs: Ruleset, actor: Actor,
                    check: Callable[[str], object],
                    note: Callable[[str], str] | None = None) -> list[Offer]:
    """Everyone but `actor`, tagged with how far they are, what `note(target_id)` says of
    them (`in Longbow range`), and whether `check(target_id)` (the ruleset's own check
    of the action, before any cost or die) lets it act on them now: those it can take
    on first (foes before allies), then those it cannot (saying why), then the Down
    (in the ruleset's word); nearest first within each. A note on one the check refuses
    says what it takes first (`move to its zone first`): it stands for the refusal, and
    the target ranks with those it can take later, foes first."""
    out = []
    for other in state.actors.values():
        if other.id == actor.id:
            continue
        steps = rs.distance(actor.zone, other.zone) if actor.zone and other.zone else None
        notes = [other.name, other.side] + ([rs.how_far(steps)] if steps is not None else [])
        said = note(other.id) if note is not None and not other.down else ""
        notes += [said] if said else []
        rank, why = noted_rank(actor, other, *checked_rank(actor, other, check), said)
        if other.max_hp is not None and getattr(rs, "hp_shown", True):
            notes.append(f"HP {other.hp}/{other.max_hp}")
        if other.down:
            notes.append(rs.term("down") or "down")
        elif why:
            notes.append(f"not now: {why}")
        ally = rank == LATER and other.side == actor.side     # later: foes first
        out.append(((rank, ally, steps or 0), Offer(other.id, " · ".join(notes), rank)))
    return [offer for _, offer in sorted(out, key=lambda pair: pair[0])]


def checked_rank(actor: Actor, other: Actor, check: Callable[[str], object]) -> tuple[int, str]:
    """Where `checked_targets` ranks one other actor, and why not now (its refusal): the
    Down last whatever the check says, then those it refuses, then allies, foes first."""
    if other.down:
        return LAST + 1, ""
    try:
        check(other.id)
    except (RuleViolation, GmError) as refusal:      # how the rules say no
        return LAST, short_reason(refusal.message)
    return (FIRST if other.side != actor.side else LATER), ""


def noted_rank(actor: Actor, other: Actor, rank: int, why: str, said: str
               ) -> tuple[int, str]:
    """A refused target a note says what it takes first of (`move to its zone first`)
    ranks with those the action can take later, the note standing for the refusal."""
    if said and why and rank == LAST:
        return LATER, ""
    return rank, why


def short_reason(message: str, width: int = 60) -> str:
    """A refusal as a menu note: its first clause, cut at a comma when long, without the
    ruling code at its end (the refusal itself names it when the GM runs the line)."""
    text = message.split(": ")[0]
    if text.endswith(")") and " (" in text:
        text = text[:text.rindex(" (")]
    while len(text) > width and ", " in text:
        text = text[:text.rindex(", ")]
    return text
