"""Key tables for each item kind, and the builders that turn checked YAML into models.

Each builder checks one item on its own (types, allowed values, dice syntax) and returns
its frozen model, or None when it had errors. References to other items are checked
later, once everything is loaded (see `loader.py`).
"""

from __future__ import annotations

import re
from typing import Any

from shaper_gm.content.library import checked, item_builder
from shaper_gm.content.schema import (
    Bad,
    Ctx,
    Field,
    boolean,
    check_fields,
    choice,
    dice,
    ident,
    integer,
    list_of,
    mapping_of,
    optional,
    show,
    text,
)
from shaper_gm.rulesets.shaper.content.models import (
    DICE_ROLLS,
    DISADVANTAGE_SOURCES,
    DURATIONS,
    EFFECT_CONDITIONS,
    PRIMARY_TRIGGERS,
    SCALES,
    SECONDARY_TRIGGERS,
    SHEET,
    SKILL_CATEGORIES,
    WEAPON_KINDS,
    ActionPool,
    Armor,
    Effect,
    Sheet,
    Shield,
    Skill,
    Weapon,
)

SKILL_TARGETS = ("self", "ally", "enemy", "any", "none", "attack_target")
# Groups an `extra_targets` effect may name; the rules core resolves them.
TARGET_GROUPS = ("all_engaged_enemies",)
SHEET_KINDS = ("character", "creature")
FOCUS_DAMAGE = "0"   # a focus (wand) is never rolled for damage

COMMON = {"provisional": Field(boolean), "description": Field(text)}

WEAPON_FIELDS = {
    "name": Field(text, required=True),
    "kind": Field(choice(WEAPON_KINDS)),
    "damage": Field(dice),
    "hands": Field(integer(0)),
    "pierce": Field(integer(0)),
    "range": Field(integer(0)),
    "magic": Field(boolean),
    "reload": Field(boolean),
    "ammo": Field(optional(text)),
    "spell_range_bonus": Field(integer(0)),
    "thrown": Field(boolean),
    "two_handed": Field(dice),
    **COMMON,
}
ARMOR_FIELDS = {
    "name": Field(text, required=True),
    "defense": Field(dice, required=True),
    "tier": Field(integer(1)),
    **COMMON,
}
SHIELD_FIELDS = {
    "name": Field(text, required=True),
    "evasion": Field(integer(0)),
    "hands": Field(integer(1)),
    **COMMON,
}


def _duration(value: Any) -> str:
    if isinstance(value, str) and (value in DURATIONS or re.fullmatch(r"rounds:[1-9]\d*", value)):
        return value
    raise Bad(f"expected one of {', '.join(DURATIONS)} or rounds:N; got {show(value)}")


def _skill_range(value: Any) -> str | int | None:
    if value is None or value == "spell":
        return value
    try:
        return integer(0)(value)
    except Bad:
        raise Bad(f"expected 'spell' or a number of bands, got {show(value)}") from None


SKILL_FIELDS = {
    "name": Field(text, required=True),
    "category": Field(choice(SKILL_CATEGORIES), required=True),
    "primary": Field(list_of(choice(PRIMARY_TRIGGERS), non_empty=True), required=True),
    "secondary": Field(list_of(choice(SECONDARY_TRIGGERS))),
    "effects": Field(lambda value: value),   # checked entry by entry below
    "target": Field(choice(SKILL_TARGETS)),
    "duration": Field(_duration),
    "range": Field(_skill_range),
    **COMMON,
}

_AMOUNT = (("amount",), ("per",))
# What a summoner may give its summon per Mentality point instead of armor (S21, S28).
SUMMON_BONUSES = ("attack", "evasion", "hp")
# The effect vocabulary the rules core understands (a skill is a list of these): each
# type -> (keys it needs, keys it may also have); `type` and `when` always allowed.
EFFECT_SHAPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "attack_bonus": _AMOUNT,                # +amount to the attack roll
    "damage_bonus": _AMOUNT,                # +amount to damage
    "evasion_bonus": _AMOUNT,               # +amount to Evasion rolls
    "pierce_bonus": _AMOUNT,                # +amount Pierce
    "extra_dice": (("dice", "roll"), ("per",)),   # +dice on one of DICE_ROLLS
    "remove_disadvantage": (("source",), ()),     # cancels a named Disadvantage
    "absorb": _AMOUNT,                      # soaks damage after Defense, until used up (S7)
    "summon": (("creature",), ("armor_per_mentality", "bonuses")),   # on its side (S21)
    "extra_targets": (("targets",), ()),    # also targets a group (all_engaged_enemies)
    "range_bands": _AMOUNT,                 # +amount bands of max range
    "engage": ((), ()),                     # the user engages the target (Step Up)
    "disengage": ((), ()),                  # the user leaves its engagement (Retreat)
}
EFFECT_FIELDS = {
    "type": Field(choice(tuple(EFFECT_SHAPES)), required=True),
    "amount": Field(integer()),
    "dice": Field(dice),
    "roll": Field(choice(DICE_ROLLS)),
    "per": Field(choice(SCALES)),
    "when": Field(choice(EFFECT_CONDITIONS)),
    "source": Field(choice(DISADVANTAGE_SOURCES)),
    "creature": Field(ident),
    "targets": Field(choice(TARGET_GROUPS)),
    "armor_per_mentality": Field(ident),
    "bonuses": Field(mapping_of(choice(SUMMON_BONUSES), integer(1))),
}


def _skill_levels(value: Any) -> tuple[tuple[str, int], ...]:
    """`{skill-id: level, ...}` or a plain list of skill ids (level 1 each)."""
    if isinstance(value, list):
        return tuple((skill, 1) for skill in list_of(ident)(value))
    return mapping_of(ident, integer(1))(value)


def action_pool(value: Any) -> ActionPool:
    return ActionPool(mapping_of(ident, integer(0))(value))


SHEET_FIELDS = {
    "name": Field(text, required=True),
    **SHEET.fields(),
    "hp": Field(optional(SHEET["hp"].field().check)),
    "sp": Field(optional(integer(0))),
    "sp_regen": Field(optional(integer(0))),
    "weapons": Field(list_of(ident, unique=False)),
    "shield": Field(optional(ident)),
    "armor": Field(optional(ident)),
    "skills": Field(_skill_levels),
    "holding": Field(list_of(ident, unique=False)),
    "side": Field(optional(ident)),
    "pool": Field(action_pool),
    "summoned": Field(boolean),
    **COMMON,
}
# A sheet file a GM points at may also say what it is.
SHEET_FILE_FIELDS = {"id": Field(ident), "kind": Field(choice(SHEET_KINDS)), **SHEET_FIELDS}


def build_weapon(ctx: Ctx, item_id: str, raw: Any, *, spell: bool = False) -> Weapon | None:
    """A weapon (content/shaper/weapons) or, with `spell`, an offensive spell
    (content/shaper/spells)."""
    start = len(ctx.errors)
    values = check_fields(ctx, raw, WEAPON_FIELDS)
    if values is None:
        return None
    if "kind" not in raw:
        if spell:
            values["kind"] = "spell"
        else:
            ctx.error("kind", f"missing (required): one of {', '.join(WEAPON_KINDS)}")
    kind = values.get("kind")   # None when missing or already reported as bad
    if spell and kind not in (None, "spell"):
        ctx.error("kind", f"an offensive spell has kind 'spell', got {kind!r}")
    elif not spell and kind == "spell":
        ctx.error("kind", "offensive spells belong in content/shaper/spells, not with the weapons")
    if kind == "focus":
        if "damage" in values:
            ctx.error("damage", "a focus does not deal damage; remove the key")
        values["damage"] = FOCUS_DAMAGE
    elif "damage" not in raw:
        ctx.error("damage", "missing (required)")
    if kind == "ranged" and values.get("range", 0) < 1:
        ctx.error("range", "a ranged weapon needs a max range of at least 1 band")
    if len(ctx.errors) > start:
        return None
    return Weapon(id=item_id, **values)


build_armor = item_builder(Armor, ARMOR_FIELDS)
build_shield = item_builder(Shield, SHIELD_FIELDS)


def build_skill(ctx: Ctx, item_id: str, raw: Any) -> Skill | None:
    start = len(ctx.errors)
    values = check_fields(ctx, raw, SKILL_FIELDS)
    if values is None:
        return None
    effects = values.pop("effects", [])
    if not isinstance(effects, list):
        ctx.error("effects", f"expected a list of effects, got {show(effects)}")
        effects = []
    values["effects"] = tuple(
        e for e in (_effect(ctx, f"effects[{i}].", raw) for i, raw in enumerate(effects)) if e
    )
    if len(ctx.errors) > start:
        return None
    return Skill(id=item_id, **values)


def _effect(ctx: Ctx, prefix: str, raw: Any) -> Effect | None:
    start = len(ctx.errors)
    values = check_fields(ctx, raw, EFFECT_FIELDS, prefix, what="an effect mapping")
    if values is None or "type" not in values:
        return None
    needs, may = EFFECT_SHAPES[values["type"]]
    for key in needs:
        if key not in raw:
            ctx.error(prefix + key, f"missing ({values['type']} effects need it)")
    for key in raw:
        if key in EFFECT_FIELDS and key not in needs + may + ("type", "when"):
            ctx.error(prefix + key, f"does not apply to {values['type']} effects")
    return None if len(ctx.errors) > start else Effect(**values)


def build_sheet(ctx: Ctx, item_id: str, raw: Any, kind: str, *,
                fields: dict[str, Field] = SHEET_FIELDS) -> Sheet | None:
    """A character or creature sheet; `kind` is what its folder says it is."""
    values = checked(ctx, raw, fields)
    if values is None:
        return None
    values.pop("id", None)
    kind = values.pop("kind", kind)
    if "side" not in values:
        summoned = values.get("summoned", False)
        values["side"] = "party" if kind == "character" else None if summoned else "enemies"
    return Sheet(id=item_id, kind=kind, **values)
