"""Dungeoneers in a save file: a state read from one must name only what exists (the
content's weapons and spells, damage types, proficiency ranks, creatures in the fight)
and hold every number in the range `add` and `set` accept (`rs.sheet_ranges`), or the
save is refused naming the key (engine.data.DataError)."""

from __future__ import annotations

from shaper_gm.engine import limits
from shaper_gm.engine.data import DataError
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.rulesets.dungeoneers.models import RANKS
from shaper_gm.rulesets.dungeoneers.rules import data_of, encounter_data


def check_actor(rs, state: Encounter, actor: Actor, raw, at: str) -> None:
    """One creature of a save: every name resolves, every number is in its range."""
    _check_sheet(rs, actor, f"{at}.sheet")
    _check_data(rs, state, actor, f"{at}.system")


def check_encounter(rs, state: Encounter, where: str) -> None:
    """The encounter's own numbers."""
    data = encounter_data(state)
    limits.check(f"{where}.system.ambient_arca", data.ambient_arca, 0, why="D28")
    for i, (item, tile, _) in enumerate(data.lying):          # D16, D22
        limits.known(f"{where}.system.lying[{i}][0]", item, rs.library.weapons, "weapon")
        try:
            rs.canonical_zone(tile, state.cols, state.rows)
        except RuleViolation as exc:
            raise DataError(f"{where}.system.lying[{i}][1]", exc.message) from None


def _check_sheet(rs, actor: Actor, at: str) -> None:
    sheet, library = actor.sheet, rs.library
    types = rs.numbers.damage_types.known()
    rs.sheet_ranges.check_saved(at, sheet)
    for i, (_, rank) in enumerate(sheet.proficiencies):
        limits.known(f"{at}.proficiencies[{i}]", rank, RANKS, "proficiency rank (D12)")
    for i, (_, tiles) in enumerate(sheet.speeds):
        limits.check(f"{at}.speeds[{i}]", tiles, 0, why="D21")
    for label, table in (("vulnerable", sheet.vulnerable), ("resist", sheet.resist)):
        for i, (kind, amount) in enumerate(table):
            limits.known(f"{at}.{label}[{i}]", kind, types, "damage type (D20)")
            limits.check(f"{at}.{label}[{i}]", amount, 0, why="D20")
    for i, kind in enumerate(sheet.immune):
        limits.known(f"{at}.immune[{i}]", kind, types, "damage type (D20)")
    for label, items, table, what in (("weapons", sheet.weapons, library.weapons, "weapon"),
                                      ("holding", sheet.holding, library.weapons, "weapon"),
                                      ("spells", sheet.spells, library.spells, "spell")):
        for i, item in enumerate(items):
            limits.known(f"{at}.{label}[{i}]", item, table, what)


def _check_data(rs, state: Encounter, actor: Actor, at: str) -> None:
    mine, weapons = data_of(actor), rs.library.weapons
    for i, item in enumerate(mine.holding):
        limits.known(f"{at}.holding[{i}]", item, weapons, "weapon (D22)")
    hands = sum(weapons[item].hands for item in mine.holding)
    if hands > rs.numbers.hands:
        raise DataError(f"{at}.holding", f"takes {hands} hands; a creature has "
                                         f"{rs.numbers.hands} (D22)")
    for key, back in (("grappling", "grappled_by"), ("grappled_by", "grappling")):
        other = getattr(mine, key)
        if other is None:
            continue
        limits.known(f"{at}.{key}", other, state.actors, "creature (D24)")
        if getattr(data_of(state.actors[other]), back) != actor.id:
            raise DataError(f"{at}.{key}", f"{other!r} does not say {back} {actor.id!r} "
                                           "(D24: a grapple has two sides)")
