"""What a Shaper actor carries from one fight to the next: its weapons and shield, less
those lying elsewhere (dropped or thrown, S19); an item it picked up is on its sheet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from shaper_gm.engine import gear
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor
from shaper_gm.rulesets.shaper import model


def carried(rs, actor: Actor) -> tuple[str, ...]:
    return gear.without(actor.sheet.carried, model.away(actor))


def carrying(rs, actor: Actor, lacks: Sequence[str], carries: Sequence[str]) -> Actor:
    """Without `lacks` (out of its hands too), with `carries` stowed (S19, S19a)."""
    sheet = actor.sheet
    gear.lacking(actor.name, sheet.carried, lacks)
    weapons, shield = list(sheet.weapons), sheet.shield
    for item in lacks:
        if item in weapons:
            weapons.remove(item)
        else:
            shield = None
    for item in carries:
        if item in rs.library.shields and shield is None:
            shield = item
        elif item in rs.library.weapons:
            weapons.append(item)
        else:
            raise RuleViolation(f"{actor.name} cannot carry {item!r}: not a weapon, or a "
                                "second shield (S19a)", "name a weapon or a shield of the "
                                "content, one shield at most")
    kept = (*weapons, *((shield,) if shield else ()))
    loaded = [w for w in carries if w in weapons and rs.library.weapons[w].reload]
    actor = model.with_own(actor, holding=tuple(i for i in model.holding(actor) if i in kept),
                           unloaded=(*(i for i in model.unloaded(actor) if i in weapons),
                                     *loaded))
    return actor.with_(sheet=replace(sheet, weapons=tuple(weapons), shield=shield,
                                     holding=tuple(i for i in sheet.holding if i in kept)))
