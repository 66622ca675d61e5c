"""Dice pools in a save file: a state read from one must name only what exists (the
content's stats, weapons and abilities, kinds of preparation, actors in the fight) and
hold every number in the range `add` and `set` accept (`rs.sheet_ranges`), or the save
is refused naming the key (engine.data.DataError)."""

from __future__ import annotations

from shaper_gm.engine import limits
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.dicepool.models import PREPARE_KINDS, SHEET_OWN, STAT
from shaper_gm.rulesets.dicepool.ruleset import system


def check_actor(rs, state: Encounter, actor: Actor, at: str) -> None:
    """One actor of the state (each a save or a command gives anew)."""
    weapons = rs.library.weapons
    _check_sheet(rs, actor, f"{at}.sheet")
    held = system(actor)
    if held.holding is not None:
        limits.known(f"{at}.system.holding", held.holding, weapons, "weapon (P7)")
    for i, prep in enumerate(held.prepared):
        here = f"{at}.system.prepared[{i}]"
        limits.known(f"{here}.kind", prep.kind, PREPARE_KINDS, "preparation (P11)")
        if prep.against is not None:
            limits.known(f"{here}.against", prep.against, state.actors, "actor (P11)")
        if prep.weapon is not None:
            limits.known(f"{here}.weapon", prep.weapon, weapons, "weapon (P11)")


def _check_sheet(rs, actor: Actor, at: str) -> None:
    sheet, library = actor.sheet, rs.library
    for i, (stat, value) in enumerate(sheet.stats):
        limits.known(f"{at}.stats[{i}]", stat, rs.numbers.stats, "stat")
        STAT.check_saved(f"{at}.stats[{i}]", value)
    for name in SHEET_OWN:
        number = rs.sheet_ranges[name]
        if getattr(sheet, name) is not None:
            number.check_saved(f"{at}.{name}", getattr(sheet, name))
    for i, item in enumerate(sheet.weapons):
        limits.known(f"{at}.weapons[{i}]", item, library.weapons, "weapon")
    if sheet.holding is not None:
        limits.known(f"{at}.holding", sheet.holding, library.weapons, "weapon")
    for i, (item, rank) in enumerate(sheet.proficiencies):
        limits.known(f"{at}.proficiencies[{i}]", item, library.weapons, "weapon (P2)")
        limits.check(f"{at}.proficiencies[{i}]", rank, 0, why="P2")
    for i, ability in enumerate(sheet.abilities):
        limits.known(f"{at}.abilities[{i}]", ability, library.abilities, "ability (P12)")
