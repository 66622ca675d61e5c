"""Actor creation and derived stats (S27-S29)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.records import record
from shaper_gm.rulesets.shaper.content.models import ABILITIES, WEAPON_KINDS, ActionPool, Library

if TYPE_CHECKING:
    from shaper_gm.rulesets.shaper.content.models import RulesetNumbers, Sheet

# Per-point bonus names looked up in RulesetNumbers.ability_bonuses (S28).
BONUS_HP = "hp"
BONUS_EVASION = "evasion"
BONUS_SPELL_COST = "spell_cost_reduction"
BONUS_SPELL = "spell_bonus"


def attack_bonus_name(kind: str) -> str:
    return f"{kind}_attack"


def damage_bonus_name(kind: str) -> str:
    return f"{kind}_damage"


@record
class ActorStats:
    """An actor's fixed numbers for a fight; live values (HP, SP, pool) are the encounter's."""

    id: str
    name: str
    level: int
    vigor: int
    finesse: int
    mentality: int
    max_hp: int
    max_sp: int
    sp_regen: int
    evasion_bonus: int
    attack_bonus: tuple[tuple[str, int], ...]   # weapon kind -> bonus (S28)
    damage_bonus: tuple[tuple[str, int], ...]
    spell_cost_reduction: int                   # S25
    spell_bonus: int                            # e.g. a Minion's bonus (S28)
    weapons: tuple[str, ...] = ()
    shield: str | None = None
    armor: str | None = None
    defense: str | None = None                  # the armor's Defense dice, None = no armor
    skills: tuple[tuple[str, int], ...] = ()
    holding: tuple[str, ...] = ()
    pool: ActionPool | None = None              # own pool (S21); None = the ruleset's
    summoned: bool = False

    def attack_bonus_for(self, kind: str) -> int:
        return dict(self.attack_bonus).get(kind, 0)

    def damage_bonus_for(self, kind: str) -> int:
        return dict(self.damage_bonus).get(kind, 0)

    @property
    def carried(self) -> tuple[str, ...]:
        """Its weapons, then its shield (S19a: what it may hold)."""
        return (*self.weapons, *((self.shield,) if self.shield else ()))

    def skill_level(self, skill_id: str) -> int:
        return dict(self.skills).get(skill_id, 0)

    def ability(self, name: str) -> int:
        return int(getattr(self, name))


def _per_point(numbers: RulesetNumbers, abilities: Mapping[str, int], bonus: str) -> int:
    return sum(points * numbers.bonus(ability, bonus) for ability, points in abilities.items())


def create_actor(numbers: RulesetNumbers, library: Library, *, id: str, name: str,
                 level: int = 1, vigor: int = 0, finesse: int = 0, mentality: int = 0,
                 weapons: tuple[str, ...] = (), shield: str | None = None,
                 armor: str | None = None, skills: Mapping[str, int] | None = None,
                 holding: tuple[str, ...] = (), hp: int | None = None,
                 sp: int | None = None, sp_regen: int | None = None,
                 pool: ActionPool | None = None, summoned: bool = False,
                 strict: bool = True) -> ActorStats:
    """Build and check an actor (S27-S29). Raises RuleViolation with the reason.

    `strict` applies the level limits (ability points, skill levels); content creatures
    are exempt (their sheets are the GM's word) but still get the other checks.
    """
    skills = dict(skills or {})
    abilities = {"vigor": vigor, "finesse": finesse, "mentality": mentality}
    try:
        row = numbers.level_row(level)
    except KeyError:
        known = ", ".join(str(r.level) for r in numbers.levels)
        raise RuleViolation(f"{name}: no level {level} in the level table (S29)",
                            f"use a level the ruleset lists: {known}") from None
    for ability, points in abilities.items():
        if points < 0:
            raise RuleViolation(f"{name}: {ability.capitalize()} cannot be negative (S27)",
                                "use 0 or more")
    spent = sum(abilities.values())
    if strict and spent > row.ability_points:
        raise RuleViolation(
            f"{name} has {spent} Ability Points; level {level} allows {row.ability_points} "
            f"(S27, S29)", "lower Vigor, Finesse or Mentality, or raise the level")

    # Items (unknown ids refused).
    for w in weapons:
        if w not in library.spells:
            _known(name, "weapon", w, library.weapons)
        spell = library.spells.get(w) if w not in library.weapons else None
        if spell is not None and mentality < numbers.spell_min_mentality:
            raise RuleViolation(f"{name}: {spell.name} is a spell; spells need Mentality "
                                f"{numbers.spell_min_mentality}, {name} has {mentality} (S25)",
                                "give the actor Mentality, or a weapon")
    if shield is not None:
        _known(name, "shield", shield, library.shields)
    items = [w for w in weapons if w not in library.spells] + ([shield] if shield else [])
    if strict and level == 1 and len(items) > numbers.starting_items:
        raise RuleViolation(f"{name} carries {len(items)} items ({', '.join(items)}); a "
                            f"level-1 actor starts with {numbers.starting_items}: two weapons, "
                            "or a weapon and a shield (S27)",
                            "drop a --weapon or the --shield, or raise --level")
    defense = None if armor is None else _known(name, "armor", armor, library.armor).defense
    _check_holding(numbers, library, name, holding, weapons, shield)

    # Skills (S24, S27, S29).
    for sid, lv in skills.items():
        skill = _known(name, "skill", sid, library.skills)
        if not 1 <= lv <= numbers.skill_max_level:
            raise RuleViolation(f"{name}: {skill.name} at level {lv}; skill levels run 1 to "
                                f"{numbers.skill_max_level} (S24)",
                                f"use a level from 1 to {numbers.skill_max_level}")
        if skill.category in ABILITIES and abilities[skill.category] < 1:
            ab = skill.category.capitalize()
            raise RuleViolation(f"{skill.name} is a {ab} skill; {name} has 0 {ab} (S27)",
                                f"put a point in {ab}, or pick a General skill")
        if skill.is_spell and mentality < numbers.spell_min_mentality:
            raise RuleViolation(f"{skill.name} is a spell; spells need Mentality "
                                f"{numbers.spell_min_mentality}, {name} has {mentality} (S25)",
                                "put a point in Mentality, or pick another skill")
    if strict and sum(skills.values()) > row.skills:
        raise RuleViolation(f"{name} has {sum(skills.values())} skill levels; level {level} "
                            f"allows {row.skills} (S27, S29)",
                            "drop a skill or a skill level, or raise the level")

    return ActorStats(
        id=id, name=name, level=level, vigor=vigor, finesse=finesse, mentality=mentality,
        max_hp=hp if hp is not None else numbers.base_hp + _per_point(numbers, abilities,
                                                                      BONUS_HP),
        max_sp=sp if sp is not None else row.sp,
        sp_regen=sp_regen if sp_regen is not None else row.sp_regen,
        evasion_bonus=_per_point(numbers, abilities, BONUS_EVASION),
        attack_bonus=tuple((k, _per_point(numbers, abilities, attack_bonus_name(k)))
                           for k in WEAPON_KINDS),
        damage_bonus=tuple((k, _per_point(numbers, abilities, damage_bonus_name(k)))
                           for k in WEAPON_KINDS),
        spell_cost_reduction=_per_point(numbers, abilities, BONUS_SPELL_COST),
        spell_bonus=_per_point(numbers, abilities, BONUS_SPELL),
        weapons=tuple(weapons), shield=shield, armor=armor, defense=defense,
        skills=tuple(skills.items()), holding=tuple(holding), pool=pool, summoned=summoned,
    )


def _known(name: str, kind: str, item_id: str, table: Mapping[str, Any]) -> Any:
    """The content entry `item_id` of `table`, refused when the content has none."""
    if item_id not in table:
        raise RuleViolation(f"{name}: unknown {kind} {item_id!r}",
                            f"known: {', '.join(sorted(table)) or 'none'}")
    return table[item_id]


def hands_needed(library: Library, item: str) -> int:
    found = library.item(item) or library.spells.get(item)
    return found.hands if found is not None else 0


def hands_used(library: Library, held, gripped=()) -> int:
    """Hands the held items take; one held in both hands (`grip`) takes two (S19a)."""
    return sum(2 if item in gripped else hands_needed(library, item) for item in held)


def _check_holding(numbers: RulesetNumbers, library: Library, name: str,
                   holding: tuple[str, ...], weapons: tuple[str, ...],
                   shield: str | None) -> None:
    """At most `numbers.hands` hands of items held, each one the actor carries (S19a)."""
    carried = set(weapons) | ({shield} if shield else set())
    for item in holding:
        if item not in carried:
            raise RuleViolation(f"{name} cannot hold {item!r}: not among its weapons or "
                                f"shield (S19a)", "add it with --weapon or --shield first")
    used = sum(hands_needed(library, item) for item in holding)
    if used > numbers.hands:
        raise RuleViolation(f"{name} holds {', '.join(holding)}: {used} hands of items; an "
                            f"actor has {numbers.hands} (S19a)",
                            "hold fewer items (a two-handed weapon takes both hands)")


def stats_from_sheet(numbers: RulesetNumbers, library: Library, sheet: Sheet,
                     **overrides: Any) -> ActorStats:
    """ActorStats from a content sheet; keyword overrides win (e.g. the `add` flags)."""
    args: dict[str, Any] = dict(
        id=sheet.id, name=sheet.name, level=sheet.level, vigor=sheet.vigor,
        finesse=sheet.finesse, mentality=sheet.mentality, weapons=sheet.weapons,
        shield=sheet.shield, armor=sheet.armor, skills=dict(sheet.skills),
        holding=sheet.holding, hp=sheet.hp, sp=sheet.sp, sp_regen=sheet.sp_regen,
        pool=sheet.pool, summoned=sheet.summoned, strict=sheet.kind != "creature")
    args.update(overrides)
    return create_actor(numbers, library, **args)
