"""What a ruleset offers for a word the GM is typing: an id, a note on it, and a rank.

Completion asks the encounter's ruleset what fills a slot (a target, a tile, an item, a
skill) for the actor a command is about, at this moment of the fight; the ruleset
answers with offers, best first by rank, so an attack offers the targets in reach before
the rest. `None` instead of a list means the ruleset leaves the slot to the shared
defaults (actor ids, tiles by distance, its templates).
"""

from __future__ import annotations

from dataclasses import dataclass

FIRST, LATER, LAST = 0, 1, 2    # ranks: usable now, usable with a caveat or later, last


@dataclass(frozen=True)
class Offer:
    text: str
    meta: str = ""
    rank: int = FIRST


def ranked(offers: list[Offer]) -> list[Offer]:
    """Offers by rank; the ruleset's order within a rank is kept."""
    return sorted(offers, key=lambda o: o.rank)
