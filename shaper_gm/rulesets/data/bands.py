"""`bands` (ruleset.yaml): words for distances, one a cell from 0 (in cells times
`cell_size`), that completion and messages say instead of `2 zones away`; a distance past
the last reads as the last and how far past it (`Long+1`). Shaper's range bands (S10):
`bands: [Close, Short, Medium, Long]`."""

from __future__ import annotations

from typing import Any

from shaper_gm.content.schema import list_of, text


def bands_spec(value: Any) -> tuple[str, ...]:
    """A list of one word or more, each a distance's."""
    return tuple(list_of(text, non_empty=True)(value))


def band(words: tuple[str, ...], distance: int) -> str:
    """The band of a distance: its word, else the last and how far past it."""
    if distance < len(words):
        return words[distance]
    return f"{words[-1]}+{distance - len(words) + 1}"


def how_far(numbers: Any, cells: int) -> str:
    """`15 ft away`: cells times the declared `cell_size`, in its `unit` (`1 tile away`:
    a plural unit's one without its s); with `bands`, the band's word (`Medium`)."""
    unit, amount = numbers.get("unit"), cells * (numbers.get("cell_size") or 1)
    if numbers.get("bands"):
        return band(tuple(numbers["bands"]), amount)
    if unit and amount == 1 and len(unit) > 2 and unit.endswith("s"):
        unit = unit[:-1]
    return f"{amount} {unit} away" if unit else f"{cells} away"
