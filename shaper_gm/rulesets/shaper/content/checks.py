"""Checks that need the whole library: references between items, and sheet budgets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from shaper_gm.content.library import Ref
from shaper_gm.content.schema import Ctx
from shaper_gm.rulesets.shaper.content.models import (
    ABILITIES,
    Library,
    RulesetNumbers,
    Sheet,
    Skill,
)

DEFAULT_RULESET = "shaper"
# The items a sheet names: weapons (or offensive spells), a shield, armor, skills.
SHEET_REFS = (Ref("weapons", ("weapons", "spells"), "weapon"),
              Ref("shield", ("shields",), "shield"), Ref("armor", ("armor",), "armor"),
              Ref("skills", ("skills",), "skill"))


def default_ruleset(library: Library) -> RulesetNumbers | None:
    """The ruleset sheets are checked against: `shaper`, else the only one there is."""
    if DEFAULT_RULESET in library.rulesets:
        return library.rulesets[DEFAULT_RULESET]
    if len(library.rulesets) == 1:
        return next(iter(library.rulesets.values()))
    return None


def unknown(what: str, name: str, known: Mapping[str, object]) -> str:
    import difflib  # only a miss needs it
    close = difflib.get_close_matches(name, list(known), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"unknown {what} '{name}'{hint}"


def check_skill_refs(ctx: Ctx, skill: Skill, library: Library) -> None:
    for index, effect in enumerate(skill.effects):
        if effect.creature is not None and effect.creature not in library.creatures:
            ctx.error(f"effects[{index}].creature",
                      unknown("creature", effect.creature, library.creatures))
        armor = effect.armor_per_mentality
        if armor is not None and armor not in library.armor:
            ctx.error(f"effects[{index}].armor_per_mentality",
                      unknown("armor", armor, library.armor))


def check_sheet(ctx: Ctx, sheet: Sheet, library: Library,
                ruleset: RulesetNumbers | None) -> None:
    """What is held, and the level budget (S19a, S24, S27, S29); the items a sheet names
    are checked where it is read (SHEET_REFS)."""
    _check_holding(ctx, sheet, library, ruleset)
    if ruleset is not None:
        _check_budget(ctx, sheet, library, ruleset)


def _check_holding(ctx: Ctx, sheet: Sheet, library: Library,
                   ruleset: RulesetNumbers | None) -> None:
    owned = Counter(sheet.weapons) + Counter([sheet.shield] if sheet.shield else [])
    held = Counter(sheet.holding)
    for name, count in held.items():
        if count > owned[name]:
            ctx.error("holding", f"'{name}' is not among the sheet's weapons or its shield")
    if ruleset is None or not all(library.item(name) for name in held):
        return
    hands = sum(library.item(name).hands for name in sheet.holding)
    if hands > ruleset.hands:
        ctx.error("holding", f"needs {hands} hands, an actor has {ruleset.hands} (S19a)")


def _check_budget(ctx: Ctx, sheet: Sheet, library: Library, ruleset: RulesetNumbers) -> None:
    try:
        row = ruleset.level_row(sheet.level)
    except KeyError:
        top = max((r.level for r in ruleset.levels), default=0)
        ctx.error("level", f"the {ruleset.id} level table ends at level {top}")
        return
    points = sheet.vigor + sheet.finesse + sheet.mentality
    if points > row.ability_points:
        ctx.error("level", f"vigor + finesse + mentality = {points}, more than the "
                           f"{row.ability_points} ability points of level {sheet.level} (S29)")
    total = sum(level for _name, level in sheet.skills)
    if total > row.skills:
        ctx.error("skills", f"{total} skill levels, more than the {row.skills} of level "
                            f"{sheet.level} (S29)")
    for name, level in sheet.skills:
        skill = library.skills.get(name)
        if level > ruleset.skill_max_level:
            ctx.error(f"skills.{name}", f"level {level} is above the most, "
                                        f"{ruleset.skill_max_level} (S24)")
        if skill is None:
            continue
        if skill.category in ABILITIES and getattr(sheet, skill.category) < 1:
            ctx.error(f"skills.{name}", f"a {skill.category} skill needs 1 point in "
                                        f"{skill.category} (S27)")
        elif skill.is_spell and sheet.mentality < ruleset.spell_min_mentality:
            ctx.error(f"skills.{name}", f"a spell needs mentality "
                                        f"{ruleset.spell_min_mentality} (S25)")
    if sheet.pool is not None:
        kinds = ruleset.pool.as_dict()
        for kind in sheet.pool.as_dict():
            if kind not in kinds:
                ctx.error(f"pool.{kind}", f"not an action kind of {ruleset.id} "
                                          f"({', '.join(kinds)})")
