"""Load Shaper's content library (`content/shaper/`) and single sheet files into frozen
models.

Layout: `ruleset.yaml` holds the ruleset's numbers; one folder per kind (weapons, spells,
armor, shields, skills, creatures, characters) holds files mapping item ids to items.
Every problem in every file is collected and reported together as one `ContentError`,
one line per problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from shaper_gm.content.folders import (
    ContentFile,
    display_name,
    folder_files,
    good_id,
    read_sheet_file,
    read_yaml,
    ruleset_folder,
    yaml_message,
)
from shaper_gm.content.schema import ContentError, Ctx, show
from shaper_gm.content.yamlio import YamlError
from shaper_gm.errors import CommandError
from shaper_gm.nesting import TooDeep, loads
from shaper_gm.rulesets.shaper.content import items
from shaper_gm.rulesets.shaper.content.checks import (
    check_sheet,
    check_skill_refs,
    default_ruleset,
)
from shaper_gm.rulesets.shaper.content.models import Library, RulesetNumbers, Sheet
from shaper_gm.rulesets.shaper.content.numbers import build_ruleset

RULESET_ID = "shaper"
NUMBERS_FILE = "ruleset.yaml"    # the ruleset's numbers; its id is the ruleset's

Builder = Callable[[Ctx, str, Any], Any]
# folder -> (builder, id namespace). Kinds sharing a namespace share ids: a hand item is
# found by id among weapons, spells and shields, a template among characters and creatures.
KINDS: dict[str, tuple[Builder, str]] = {
    "rulesets": (build_ruleset, "ruleset"),
    "weapons": (items.build_weapon, "hand item"),
    "spells": (lambda c, i, r: items.build_weapon(c, i, r, spell=True), "hand item"),
    "shields": (items.build_shield, "hand item"),
    "armor": (items.build_armor, "armor"),
    "skills": (items.build_skill, "skill"),
    "creatures": (lambda c, i, r: items.build_sheet(c, i, r, "creature"), "template"),
    "characters": (lambda c, i, r: items.build_sheet(c, i, r, "character"), "template"),
}

__all__ = ["ContentError", "Library", "clear_cache", "load_library", "load_numbers",
           "load_sheet_file"]


def load_library(root=None) -> Library:
    """The checked library in `root`'s `shaper/` folder (`root` as `content_root` reads
    it), cached per folder. The cached Library is shared: treat its dicts as read-only.
    """
    return _load(ruleset_folder(RULESET_ID, root))


@lru_cache(maxsize=16)
def _load(folder) -> Library:
    ctx = Ctx()
    found: dict[str, dict[str, Any]] = {folder: {} for folder in KINDS}
    origin: dict[tuple[str, str], str] = {}   # (namespace, id) -> file that defined it
    for file, kind in _content_files(ctx, folder):
        display = file.display
        single = RULESET_ID if kind == "rulesets" else None
        entries = _read_items(ctx.at(display), file, single)
        builder, namespace = KINDS[kind]
        for item_id, raw in entries:
            item_ctx = ctx.at(display, item_id)
            first = origin.setdefault((namespace, item_id), display)
            if first != display:
                item_ctx.error("id", f"duplicate id: already defined in {first}")
                continue
            built = builder(item_ctx, item_id, raw)
            if built is not None:
                found[kind][item_id] = built
    library = Library(**found)
    _cross_check(ctx, library, origin)
    if ctx.errors:
        raise ContentError(ctx.errors)
    return library


def load_numbers(root=None) -> RulesetNumbers:
    """Only the ruleset's numbers (`ruleset.yaml`), checked as `load_library` checks them:
    all that building the ruleset needs. Items, skills and sheets wait for first use."""
    return _load_numbers(ruleset_folder(RULESET_ID, root))


@lru_cache(maxsize=16)
def _load_numbers(folder) -> RulesetNumbers:
    path = folder / NUMBERS_FILE
    file = ContentFile((NUMBERS_FILE,), display_name(path, folder), path)
    if not path.is_file():
        raise ContentError([f"{file.display}: missing: the ruleset's numbers"])
    ctx = Ctx()
    numbers = None
    for item_id, raw in _read_items(ctx.at(file.display), file, RULESET_ID):
        numbers = build_ruleset(ctx.at(file.display, item_id), item_id, raw)
    if ctx.errors or numbers is None:
        raise ContentError(ctx.errors or [f"{file.display}: empty: the ruleset's numbers"])
    return numbers


def clear_cache() -> None:
    _load.cache_clear()
    _load_numbers.cache_clear()


def _content_files(ctx: Ctx, folder) -> list[tuple[ContentFile, str]]:
    """(file, kind) pairs, kind by kind in KINDS order, files sorted by name; the numbers
    file is the `rulesets` kind."""
    files = []
    for file in folder_files(folder):
        if file.rel == (NUMBERS_FILE,):
            files.append((file, "rulesets"))
        elif len(file.rel) > 1 and file.rel[0] in KINDS and file.rel[0] != "rulesets":
            files.append((file, file.rel[0]))
        else:
            kinds = ", ".join(kind for kind in KINDS if kind != "rulesets")
            ctx.at(file.display).error(
                None, f"not in a content folder ({kinds}) and not {NUMBERS_FILE}")
    order = list(KINDS)
    return sorted(files, key=lambda pair: order.index(pair[1]))


def _read_items(ctx: Ctx, file: ContentFile, single: str | None) -> list[tuple[str, Any]]:
    """(id, raw item) pairs of one file; `single` is the id of a one-item file."""
    try:
        data = read_yaml(file.path, file.display)
    except (YamlError, UnicodeDecodeError) as exc:
        ctx.errors.append(yaml_message(exc, file.display, single))
        return []
    if data is None:
        return []
    if single is not None:
        return [(single, data)]
    if not isinstance(data, Mapping):
        ctx.error(None, f"expected a mapping of item ids to items, got {show(data)}")
        return []
    return [(str(key), raw) for key, raw in data.items() if good_id(ctx, key, "item id")]


def _cross_check(ctx: Ctx, library: Library, origin: dict[tuple[str, str], str]) -> None:
    ruleset = default_ruleset(library)
    for skill in library.skills.values():
        check_skill_refs(ctx.at(origin[("skill", skill.id)], skill.id), skill, library)
    for sheet in (*library.creatures.values(), *library.characters.values()):
        check_sheet(ctx.at(origin[("template", sheet.id)], sheet.id), sheet, library, ruleset)


def load_sheet_file(path, library: Library) -> Sheet:
    """One character or creature sheet from a YAML file, checked against `library`.

    The file holds the sheet's keys at top level (with optional `id`, default the file
    name, and `kind`, default character), or one `id: {sheet}` entry as in `content/shaper/`.
    """
    display, stem, data = read_sheet_file(path)
    return sheet_from_data(data, library, display, stem)


def sheet_as_logged(path, library: Library) -> tuple[Sheet, str]:
    """A sheet file's sheet, and its content as `add --sheet` carries it in the log."""
    display, stem, data = read_sheet_file(path)
    sheet = sheet_from_data(data, library, display, stem)
    try:
        return sheet, json.dumps({"id": stem, "data": data}, ensure_ascii=False,
                                 separators=(",", ":"))
    except (TypeError, ValueError):
        raise CommandError(f"--as {path}: the sheet holds values a log line cannot carry",
                           "keep to numbers, text and lists in the sheet") from None


def logged_sheet(text: str, library: Library) -> Sheet:
    """The sheet a log line carries in `--sheet` (see `sheet_as_logged`)."""
    try:
        payload = loads(text)
        default_id, data = payload["id"], payload["data"]
    except TooDeep as exc:
        raise CommandError(f"--sheet {exc}", "use add ID --as a sheet file") from None
    except (ValueError, TypeError, KeyError):
        raise CommandError("--sheet is not a sheet written by add --as PATH",
                           "use add ID --as TEMPLATE or --as a sheet file") from None
    if not isinstance(default_id, str):
        raise CommandError("--sheet has no sheet id", "use add ID --as a sheet file")
    return sheet_from_data(data, library, "the logged sheet", default_id)


def sheet_from_data(data: Any, library: Library, display: str, default_id: str) -> Sheet:
    """A sheet from a sheet file's parsed data (see `load_sheet_file`)."""
    ctx = Ctx(file=display)
    item_id: Any = default_id
    raw = data
    if isinstance(data, Mapping) and len(data) == 1:
        (key, value), = data.items()
        if key not in items.SHEET_FILE_FIELDS and isinstance(value, Mapping):
            item_id, raw = key, value
    if isinstance(raw, Mapping) and "id" in raw:
        item_id = raw["id"]
    if not good_id(ctx, item_id, "a sheet id"):
        raise ContentError(ctx.errors)
    item_ctx = ctx.at(display, item_id)
    sheet = items.build_sheet(item_ctx, item_id, raw, "character",
                              fields=items.SHEET_FILE_FIELDS)
    if sheet is not None:
        check_sheet(item_ctx, sheet, library, default_ruleset(library))
    if ctx.errors:
        raise ContentError(ctx.errors)
    return sheet
