"""`act`'s cost in a ruleset written as data: besides a number of the act resource and
a resource's name, that name in the singular is one of it (the dice pool's `act action
climb the wall`, P6), offered first by completion."""

from __future__ import annotations

from typing import Any


def singular(name: str) -> str:
    return name[:-3] + "y" if name.endswith("ies") else name.removesuffix("s")


def act_cost(rs: Any, word: str, found: dict[str, int] | None) -> dict[str, int] | None:
    """`found` (the shared reading), else one of the act resource named in the singular."""
    resource = rs.act_resource
    if found is None and resource and word.lower() == singular(resource) != resource:
        return {resource: 1}
    return found


def cost_words(rs: Any, words: list[str]) -> list[str]:
    resource = rs.act_resource
    one = singular(resource) if resource else None
    return [one, *words] if one and one != resource else words
