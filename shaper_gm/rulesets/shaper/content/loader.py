"""Load Shaper's content library (`content/shaper/`) by its `kinds.yaml`, and single
sheet files, into frozen records.

Layout: `ruleset.yaml` holds the ruleset's numbers; one folder per kind (weapons, spells,
armor, shields, skills, creatures, characters) holds files mapping item ids to items.
What only the rules can check across them (the pool kinds the costs name, references
between items, sheet budgets) is checked here. Every problem in every file is collected
and reported together as one `ContentError`, one line per problem.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from shaper_gm.content.folders import (
    display_name,
    folder_data,
    good_id,
    logged_sheet_payload,
    read_sheet_file,
    read_yaml,
    ruleset_folder,
    sheet_parts,
    shipped_root,
    yaml_message,
)
from shaper_gm.content.kinds import Kinds, load_kinds
from shaper_gm.content.library import Ref, check_refs, file_kind
from shaper_gm.content.schema import Bad, ContentError, Ctx, choice
from shaper_gm.content.yamlio import YamlError
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.shaper.content import models
from shaper_gm.rulesets.shaper.content.models import ABILITIES, SHEET_KINDS, Library

RULESET_ID = "shaper"
NUMBERS_FILE = "ruleset.yaml"    # the ruleset's numbers; its id is the ruleset's
# The items a sheet names: weapons (or offensive spells), a shield, armor, skills.
SHEET_REFS = (Ref("weapons", ("weapons", "spells"), "weapon"),
              Ref("shield", ("shields",), "shield"), Ref("armor", ("armor",), "armor"),
              Ref("skills", ("skills",), "skill"))

# The kinds a sheet's references name.
SHEET_SPACES = ("weapons", "spells", "shields", "armor", "skills")

__all__ = ["ContentError", "Library", "clear_cache", "kinds", "load_library", "load_numbers",
           "load_sheet_file"]


def kinds(root: Any = None) -> Kinds:
    """The compiled `kinds.yaml` of `content/shaper/` (or `root`/shaper)."""
    return load_kinds(RULESET_ID, models, root)


def load_library(root=None) -> Library:
    """The checked library in `root`'s `shaper/` folder (`root` as `content_root` reads
    it), cached per folder. The cached Library is shared: treat its dicts as read-only.
    """
    return _load(ruleset_folder(RULESET_ID, root))


@lru_cache(maxsize=16)
def _load(folder) -> Library:
    unread, late = Ctx(), Ctx()
    files = folder_data(unread, folder, RULESET_ID)
    display = display_name(folder / NUMBERS_FILE, folder)
    raw = dict(files).get(display)
    if isinstance(raw, Mapping):
        check_pool_kinds(late.at(display, lines=raw), raw)
    _sheet_refs(late, files)

    def after(at: Callable[[str, str], Ctx], here: Ctx, numbers: Any, items: dict,
              origin: dict) -> None:
        _cross_check(at, items, numbers)
    try:
        numbers, items = kinds(folder.parent).build(files, after)
        told: list[str] = []
    except ContentError as exc:
        told = exc.errors
    if unread.errors or told or late.errors:
        raise ContentError([*unread.errors, *told, *late.errors])
    return Library(rulesets={RULESET_ID: _shipped_words(numbers, folder)}, **items)


def load_numbers(root=None):
    """Only the ruleset's numbers (`ruleset.yaml`), checked as `load_library` checks them:
    all that building the ruleset needs. Items, skills and sheets wait for first use."""
    return _load_numbers(ruleset_folder(RULESET_ID, root))


@lru_cache(maxsize=16)
def _load_numbers(folder):
    path = folder / NUMBERS_FILE
    display = display_name(path, folder)
    if not path.is_file():
        raise ContentError([f"{display}: missing: the ruleset's numbers"])
    try:
        raw = read_yaml(path, display)
    except (YamlError, UnicodeDecodeError) as exc:
        raise ContentError([yaml_message(exc, display, RULESET_ID)]) from None
    if raw is None:
        raise ContentError([f"{display}: empty: the ruleset's numbers"])
    here = Ctx().at(display, lines=raw)
    numbers, _env = kinds(folder.parent).numbers(here, raw)
    if isinstance(raw, Mapping):
        check_pool_kinds(here, raw)
    if here.errors or numbers is None:
        raise ContentError(here.errors or [f"{display}: the ruleset's numbers are incomplete"])
    return _shipped_words(numbers, folder)


def _shipped_words(numbers: Any, folder) -> Any:
    """A GM's folder written before `terms` (or naming some of them) speaks Shaper's
    shipped words wherever it names none of its own."""
    shipped = ruleset_folder(RULESET_ID, shipped_root())
    if folder.resolve() == shipped.resolve():
        return numbers
    words = {**dict(_load_numbers(shipped).terms), **dict(numbers.terms)}
    return replace(numbers, terms=tuple(words.items()))


def clear_cache() -> None:
    _load.cache_clear()
    _load_numbers.cache_clear()


def check_pool_kinds(here: Ctx, raw: Any) -> None:
    """Substitutions and costs may only name action kinds the pool has (S18, S19): read
    from the file as written, so that it is told beside any other problem of the file."""
    try:
        kinds_ = models.action_pool(raw["pool"]).as_dict()
    except (Bad, KeyError, TypeError):
        return                             # no pool to check against: told as its own
    allowed = ", ".join(sorted(kinds_))
    subs, costs = raw.get("substitutions"), raw.get("costs")
    for kind, payers in subs.items() if isinstance(subs, Mapping) else ():
        for name in (kind, *(payers if isinstance(payers, list) else ())):
            if isinstance(name, str) and name not in kinds_:
                here.error(f"substitutions.{kind}", f"{name!r} is not a pool kind ({allowed})")
    for action, kind in costs.items() if isinstance(costs, Mapping) else ():
        if isinstance(kind, str) and kind not in kinds_:
            here.error(f"costs.{action}", f"{kind!r} is not a pool kind ({allowed})")


def _sheet_refs(ctx: Ctx, files: list[tuple[str, Any]]) -> None:
    """The items each sheet names exist: checked as written, in a broken sheet too."""
    ids: dict[str, set[str]] = {}
    for display, data in files:
        if isinstance(data, Mapping):
            ids.setdefault(file_kind(display, RULESET_ID), set()).update(
                key for key in data if isinstance(key, str))
    for display, data in files:
        if file_kind(display, RULESET_ID) in ("creatures", "characters") \
                and isinstance(data, Mapping):
            for item_id, raw in data.items():
                if isinstance(raw, Mapping):
                    check_refs(ctx.at(display, str(item_id), data), raw, SHEET_REFS, ids)


def _cross_check(at: Callable[[str, str], Ctx], items: dict, numbers: Any) -> None:
    library = Library(rulesets={RULESET_ID: numbers}, **items)
    for skill in library.skills.values():
        check_skill_refs(at("skills", skill.id), skill, library)
    for sheet in (*library.creatures.values(), *library.characters.values()):
        check_sheet(at(f"{sheet.kind}s", sheet.id), sheet, library, numbers)


def load_sheet_file(path, library: Library) -> Any:
    """One character or creature sheet from a YAML file, checked against `library`.

    The file holds the sheet's keys at top level (with optional `id`, default the file
    name, and `kind`, default character), or one `id: {sheet}` entry as in `content/shaper/`.
    """
    return sheet_as_logged(path, library)[0]


def sheet_as_logged(path, library: Library) -> tuple[Any, str]:
    """A sheet file's sheet, and its content as `add --sheet` carries it in the log."""
    display, stem, data = read_sheet_file(path)
    sheet = sheet_from_data(data, library, display, stem)
    try:
        return sheet, json.dumps({"id": stem, "data": data}, ensure_ascii=False,
                                 separators=(",", ":"))
    except (TypeError, ValueError):
        raise CommandError(f"--as {path}: the sheet holds values a log line cannot carry",
                           "keep to numbers, text and lists in the sheet") from None


def logged_sheet(text: str, library: Library) -> Any:
    """The sheet a log line carries in `--sheet` (see `sheet_as_logged`)."""
    default_id, data = logged_sheet_payload(text)
    return sheet_from_data(data, library, "the logged sheet", default_id)


def sheet_from_data(data: Any, library: Library, display: str, default_id: str) -> Any:
    """A sheet from a sheet file's parsed data (see `load_sheet_file`): a sheet's keys,
    and the `id` and `kind` a file may give it."""
    ctx = Ctx(file=display)
    keys = {"id", "kind", *(f.name for f in kinds().decls["Sheet"].fields if f.key)}
    item_id, raw = sheet_parts(data, default_id, keys)
    if not good_id(ctx, item_id, "a sheet id"):
        raise ContentError(ctx.errors)
    item_ctx = ctx.at(display, item_id)
    kind = "character"
    if isinstance(raw, Mapping):
        raw = {key: value for key, value in raw.items() if key != "id"}
        try:
            kind = choice(SHEET_KINDS)(raw.pop("kind", kind))
        except Bad as exc:
            item_ctx.error("kind", exc.message)
    numbers = library.rulesets.get(RULESET_ID)
    sheet = kinds().item(f"{kind}s", item_ctx, item_id, raw, numbers)
    if sheet is not None:
        check_refs(item_ctx, sheet, SHEET_REFS,
                   {name: getattr(library, name) for name in SHEET_SPACES})
        check_sheet(item_ctx, sheet, library, numbers)
    if ctx.errors:
        raise ContentError(ctx.errors)
    return sheet


# --- checks that need the whole library: references between items, sheet budgets -------

def unknown(what: str, name: str, known: Mapping[str, object]) -> str:
    import difflib  # only a miss needs it
    close = difflib.get_close_matches(name, list(known), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"unknown {what} '{name}'{hint}"


def check_skill_refs(ctx: Ctx, skill: Any, library: Library) -> None:
    for index, effect in enumerate(skill.effects):
        if effect.creature is not None and effect.creature not in library.creatures:
            ctx.error(f"effects[{index}].creature",
                      unknown("creature", effect.creature, library.creatures))
        armor = effect.armor_per_mentality
        if armor is not None and armor not in library.armor:
            ctx.error(f"effects[{index}].armor_per_mentality",
                      unknown("armor", armor, library.armor))


def check_sheet(ctx: Ctx, sheet: Any, library: Library, ruleset: Any) -> None:
    """What is held, and the level budget (S19a, S24, S27, S29); the items a sheet names
    are checked where it is read (SHEET_REFS)."""
    _check_holding(ctx, sheet, library, ruleset)
    if ruleset is not None:
        _check_budget(ctx, sheet, library, ruleset)


def _check_holding(ctx: Ctx, sheet: Any, library: Library, ruleset: Any) -> None:
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


def _check_budget(ctx: Ctx, sheet: Any, library: Library, ruleset: Any) -> None:
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
