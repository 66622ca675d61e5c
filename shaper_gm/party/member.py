"""A party member as its file keeps it."""

from __future__ import annotations

from dataclasses import field

from shaper_gm.records import record


@record(frozen=False)
class Member:
    id: str
    name: str
    add: str                                   # the `add` line it joins a fight with
    hp: int | None = None
    resources: dict[str, int] = field(default_factory=dict)
    effects: list[dict] = field(default_factory=list)   # lasting ones, as saves write them
    lacks: list[str] = field(default_factory=list)      # items of its sheet it has lost
    carries: list[str] = field(default_factory=list)    # items beyond its sheet
