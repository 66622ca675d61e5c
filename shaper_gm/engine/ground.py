"""Items lying on the map: a weapon thrown or dropped lies on a place (a zone or a tile)
until someone picks it up. Every ruleset keeps its list in its own encounter data, as
a tuple of `Lying` entries (absent from an older save: nothing lies about); these are
the operations on such a list, and its line under the map and in `show`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

Lying = tuple[str, str, str]          # (item, place, whom it lies beside: "" for nobody)


def laid(lying: tuple[Lying, ...], item: str, place: str, beside: str = "") -> tuple[Lying, ...]:
    """The list with `item` lying on `place` too (beside `beside`)."""
    return (*lying, (item, place, beside))


def taken(lying: tuple[Lying, ...], entry: Lying) -> tuple[Lying, ...]:
    """The list without one `entry` (the same item may lie elsewhere as well)."""
    rest = list(lying)
    rest.remove(entry)
    return tuple(rest)


def places_of(lying: Iterable[Lying], item: str) -> list[str]:
    """Where `item` lies, each place once, in the order it came to lie there."""
    return list(dict.fromkeys(place for i, place, _ in lying if i == item))


def items(lying: Iterable[Lying]) -> list[str]:
    """The items lying anywhere, each once."""
    return list(dict.fromkeys(i for i, _, _ in lying))


def lying_text(lying: Iterable[Lying], title: Callable[[str], str],
               name_of: Callable[[str], str | None] = lambda _: None) -> str:
    """``On the ground: Javelin (B1, by Raider), Dagger (C4)``: `title` names an item,
    `name_of` whom it lies beside (None: not said)."""
    shown = []
    for item, place, beside in lying:
        name = name_of(beside) if beside else None
        shown.append(f"{title(item)} ({place}, by {name})" if name else
                     f"{title(item)} ({place})")
    return f"On the ground: {', '.join(shown)}" if shown else ""
