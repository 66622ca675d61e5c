"""The ruleset file (`content/shaper/ruleset.yaml`): checked and turned into RulesetNumbers.

A ruleset file holds one ruleset; its id is the file name without `.yaml`.
"""

from __future__ import annotations

from typing import Any

from shaper_gm.content.library import check_provisional, require
from shaper_gm.content.schema import (
    Ctx,
    Field,
    boolean,
    check_fields,
    choice,
    dice,
    grid,
    integer,
    list_of,
    mapping_of,
    required,
    show,
    snake_name,
    text,
)
from shaper_gm.rulesets.shaper.content.items import action_pool
from shaper_gm.rulesets.shaper.content.models import (
    ABILITIES,
    WEAPON_KINDS,
    LevelRow,
    RulesetNumbers,
)

# Per-point ability bonuses the rules core asks for by name (S28): KIND_attack and
# KIND_damage for each attacking weapon kind, and the rest by their own name.
BONUS_NAMES = (*(f"{kind}_{roll}" for kind in WEAPON_KINDS if kind != "focus"
                 for roll in ("attack", "damage")),
               "hp", "evasion", "spell_cost_reduction", "spell_bonus")
# Actions the rules core looks up a cost for (S19); a ruleset may add more.
REQUIRED_COSTS = ("attack", "move", "skill", "cast", "pickup_close", "switch_weapons", "draw",
                  "sheathe", "reload", "raise_shield", "engage", "disengage", "switch_grip",
                  "pickup_melee", "say", "drop")
DIAGONALS = ("shaper", "king")


FIELDS = {
    **required(text, "name"), **required(dice, "basic_roll", "critical_dice"),
    **required(action_pool, "pool"),
    **required(mapping_of(snake_name, list_of(snake_name)), "substitutions"),
    **required(mapping_of(snake_name, snake_name), "costs"),
    **required(integer(1), "critical_threshold", "skill_max_level", "hands", "base_hp"),
    **required(integer(0), "skill_sp_cost", "beyond_max_range_bands", "base_spell_range",
               "spell_min_mentality"),
    **required(mapping_of(choice(ABILITIES), mapping_of(choice(BONUS_NAMES), integer())),
               "ability_bonuses"),
    **required(lambda value: value, "levels"),   # checked row by row below
    **required(choice(DIAGONALS), "diagonal"),
    **required(list_of(text, non_empty=True), "band_names"), **required(grid, "grid"),
    **required(boolean, "outnumbered", "firing_into_melee"),
    **required(choice(ABILITIES), "turn_order_ability"),
    "starting_items": Field(integer(1)), "spell_free_hands": Field(integer(0)),
    "provisional": Field(list_of(text)),
    "terms": Field(mapping_of(snake_name, text)),   # words (the shipped ones where missing)
}
LEVEL_FIELDS = {**required(integer(1), "level"),
                **required(integer(0), "ability_points", "skills", "sp", "sp_regen"),
                "provisional": Field(boolean)}


def build_ruleset(ctx: Ctx, ruleset_id: str, raw: Any) -> RulesetNumbers | None:
    start = len(ctx.errors)
    values = check_fields(ctx, raw, FIELDS)
    if values is None:
        return None
    values["levels"] = _levels(ctx, raw.get("levels"))
    kinds = set(values["pool"].as_dict()) if "pool" in values else None
    if kinds is not None:
        _check_kinds(ctx, kinds, values)
    check_provisional(ctx, raw, FIELDS)
    if len(ctx.errors) > start:
        return None
    cols, rows = values.pop("grid")
    return RulesetNumbers(id=ruleset_id, grid_cols=cols, grid_rows=rows,
                          provisional_keys=values.pop("provisional", ()), **values)


def _check_kinds(ctx: Ctx, kinds: set[str], values: dict[str, Any]) -> None:
    """Substitutions and costs may only name action kinds the pool has."""
    allowed = ", ".join(sorted(kinds))
    for kind, payers in values.get("substitutions", ()):
        for name in (kind, *payers):
            if name not in kinds:
                ctx.error(f"substitutions.{kind}", f"{name!r} is not a pool kind ({allowed})")
    costs = dict(values.get("costs", ()))
    for action, kind in costs.items():
        if kind not in kinds:
            ctx.error(f"costs.{action}", f"{kind!r} is not a pool kind ({allowed})")
    require(ctx, values, "costs", REQUIRED_COSTS, ": the rules core needs a cost for it")


def _levels(ctx: Ctx, raw: Any) -> tuple[LevelRow, ...]:
    if not isinstance(raw, list) or not raw:
        if raw is not None:
            ctx.error("levels", f"expected a list of level rows, got {show(raw)}")
        return ()
    rows = []
    for index, entry in enumerate(raw):
        values = check_fields(ctx, entry, LEVEL_FIELDS, f"levels[{index}].", what="a level row")
        if values is None or not _complete(values):
            continue
        row = LevelRow(**values)
        if row.level != index + 1:
            ctx.error(f"levels[{index}].level", f"expected level {index + 1}, got {row.level}")
        elif rows and any(getattr(row, k) < getattr(rows[-1], k)
                          for k in ("ability_points", "skills", "sp", "sp_regen")):
            ctx.error(f"levels[{index}]", "a level row may not give less than the one before")
        rows.append(row)
    return tuple(rows)


def _complete(values: dict[str, Any]) -> bool:
    return all(key in values for key, spec in LEVEL_FIELDS.items() if spec.required)
