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


def short_of_sheet(rs: Any, actor: Any, spec: Any, left: Any) -> Any:
    """A resource whose maximum the sheet gives (a summon's own pool, S21) refused in its
    `short` words, `{max}`, `{spent}` and `{spent_all}` read off the actor's sheet; None
    otherwise (the engine words a fixed maximum's)."""
    from shaper_gm.engine.errors import RuleViolation
    from shaper_gm.engine.resources import maximum
    if not spec.short or spec.max is None or isinstance(spec.max, int):
        return None
    top, have = maximum(spec, actor.sheet, rs.stat), left.get(spec.name, 0)
    by_name = {payer.name: payer for payer in rs.resources}
    spent_all = []                      # of it and of each that may pay for it
    for payer in (spec, *(by_name[name] for name in spec.paid_by)):
        most = maximum(payer, actor.sheet, rs.stat)
        if most is not None:
            spent_all.append(f"{max(0, most - left.get(payer.name, 0))} of {most} {payer.title}")
    fields = {"who": actor.name, "have": have, "max": top, "spent": max(0, (top or 0) - have),
              "spent_all": " and ".join(spent_all)}
    message, hint = (*spec.short, "")[:2]
    try:
        return RuleViolation(message.format(**fields), hint.format(**fields))
    except (KeyError, IndexError):
        return None                     # it reads what only the engine knows ({need})
