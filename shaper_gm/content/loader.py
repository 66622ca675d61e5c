"""Load the content library (`content/`) and single sheet files into frozen models.

Layout: one folder per kind (weapons, spells, armor, shields, skills, creatures,
characters, rulesets). A file in a kind folder maps item ids to items; a ruleset file
holds one ruleset whose id is the file name. Every problem in every file is collected
and reported together as one `ContentError`, one line per problem.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from shaper_gm.content import items
from shaper_gm.content.checks import check_sheet, check_skill_refs, default_ruleset
from shaper_gm.content.models import Library, Sheet
from shaper_gm.content.ruleset import build_ruleset
from shaper_gm.content.schema import ID_RE, ContentError, Ctx, show
from shaper_gm.content.yamlio import YamlError, load_yaml_file, load_yaml_text

ENV_VAR = "SHAPER_GM_CONTENT"

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

__all__ = ["ContentError", "Library", "clear_cache", "content_root", "load_library",
           "load_sheet_file"]


def content_root(root: str | Path | None = None) -> Path:
    """`root`, else $SHAPER_GM_CONTENT, else the checkout's `content/`, else the package's."""
    if root is None and os.environ.get(ENV_VAR):
        root = os.environ[ENV_VAR]
    if root is None:
        here = Path(__file__).resolve()
        checkout = here.parents[2]
        in_checkout = (checkout / "pyproject.toml").is_file() and (checkout / "content").is_dir()
        root = checkout / "content" if in_checkout else here.parents[1] / "_content"
    path = Path(root).expanduser().resolve()
    if not path.is_dir():
        raise ContentError([f"{path}: content folder not found"])
    return path


def load_library(root: str | Path | None = None) -> Library:
    """The checked content library under `root` (see `content_root`), cached per folder.

    The cached Library is shared: treat its dicts as read-only.
    """
    return _load(content_root(root))


@lru_cache(maxsize=16)
def _load(root: Path) -> Library:
    ctx = Ctx()
    found: dict[str, dict[str, Any]] = {folder: {} for folder in KINDS}
    origin: dict[tuple[str, str], str] = {}   # (namespace, id) -> file that defined it
    for path, folder in _content_files(ctx, root):
        display = f"{root.name}/{path.relative_to(root).as_posix()}"
        single = path.stem if folder == "rulesets" else None
        entries = _read_items(ctx.at(display), path, display, single)
        builder, namespace = KINDS[folder]
        for item_id, raw in entries:
            item_ctx = ctx.at(display, item_id)
            first = origin.setdefault((namespace, item_id), display)
            if first != display:
                item_ctx.error("id", f"duplicate id: already defined in {first}")
                continue
            built = builder(item_ctx, item_id, raw)
            if built is not None:
                found[folder][item_id] = built
    library = Library(**found)
    _cross_check(ctx, library, origin)
    if ctx.errors:
        raise ContentError(ctx.errors)
    return library


clear_cache = _load.cache_clear


def _content_files(ctx: Ctx, root: Path) -> list[tuple[Path, str]]:
    """(file, kind folder) pairs, kind by kind in KINDS order, files sorted by name.
    A folder named after another ruleset is that ruleset's content (`ruleset_files`)."""
    from shaper_gm.engine.registry import known

    others = set(known()) - {"shaper"}
    files = []
    for path in sorted(root.rglob("*.yaml")):
        rel = path.relative_to(root)
        folder = rel.parts[0] if len(rel.parts) > 1 else ""
        if folder in others:
            continue
        if folder in KINDS:
            files.append((path, folder))
        else:
            ctx.at(f"{root.name}/{rel.as_posix()}").error(
                None, f"not in a content folder ({', '.join(KINDS)})")
    order = list(KINDS)
    return sorted(files, key=lambda pair: order.index(pair[1]))


def _read_items(ctx: Ctx, path: Path, display: str, single: str | None) -> list[tuple[str, Any]]:
    """(id, raw item) pairs of one file; `single` is the id of a one-item file."""
    try:
        data = load_yaml_text(path.read_text(encoding="utf-8"), origin=display)
    except (YamlError, UnicodeDecodeError) as exc:
        ctx.errors.append(_yaml_message(exc, display, single))
        return []
    if data is None:
        return []
    if single is not None:
        if _good_id(ctx, single, "the file name"):
            return [(single, data)]
        return []
    if not isinstance(data, Mapping):
        ctx.error(None, f"expected a mapping of item ids to items, got {show(data)}")
        return []
    return [(str(key), raw) for key, raw in data.items() if _good_id(ctx, key, "item id")]


def _good_id(ctx: Ctx, name: Any, what: str) -> bool:
    if isinstance(name, str) and ID_RE.match(name):
        return True
    ctx.at(ctx.file, str(name)).error(
        "id", f"{what} must be lowercase letters, digits and '-', got {show(name)}")
    return False


def _yaml_message(exc: Exception, display: str, single: str | None) -> str:
    if not isinstance(exc, YamlError):
        return f"{display}: not UTF-8 text"
    path = [str(step) for step in exc.path]
    item = single if single is not None else (path.pop(0) if path else None)
    key = ".".join(path)
    where = f"line {exc.line}, column {exc.column}: " if exc.line else ""
    parts = [display] + ([f"item '{item}'"] if item else []) + ([f"key '{key}'"] if key else [])
    return ": ".join(parts + [where + exc.problem])


def _cross_check(ctx: Ctx, library: Library, origin: dict[tuple[str, str], str]) -> None:
    ruleset = default_ruleset(library)
    for skill in library.skills.values():
        check_skill_refs(ctx.at(origin[("skill", skill.id)], skill.id), skill, library)
    for sheet in (*library.creatures.values(), *library.characters.values()):
        check_sheet(ctx.at(origin[("template", sheet.id)], sheet.id), sheet, library, ruleset)


def ruleset_files(ruleset_id: str, root: str | Path | None = None) -> list[tuple[str, Any]]:
    """(display name, parsed data) of every YAML file under `content/RULESET_ID/`, sorted
    by path, for a ruleset that builds its own library. Unreadable files are one
    ContentError naming file, line and problem."""
    base = content_root(root)
    folder = base / ruleset_id
    if not folder.is_dir():
        raise ContentError([f"{base.name}/{ruleset_id}: no content folder for the "
                            f"{ruleset_id} ruleset"])
    out, errors = [], []
    for path in sorted(folder.rglob("*.yaml")):
        display = f"{base.name}/{path.relative_to(base).as_posix()}"
        try:
            out.append((display, load_yaml_text(path.read_text(encoding="utf-8"),
                                                origin=display)))
        except (YamlError, UnicodeDecodeError) as exc:
            errors.append(_yaml_message(exc, display, None))
    if errors:
        raise ContentError(errors)
    return out


def load_sheet_file(path: str | Path, library: Library) -> Sheet:
    """One character or creature sheet from a YAML file, checked against `library`.

    The file holds the sheet's keys at top level (with optional `id`, default the file
    name, and `kind`, default character), or one `id: {sheet}` entry as in `content/`.
    """
    path = Path(path)
    display = str(path)
    try:
        data = load_yaml_file(path)
    except (YamlError, UnicodeDecodeError) as exc:
        raise ContentError([_yaml_message(exc, display, None)]) from None
    except OSError as exc:
        raise ContentError([f"{display}: cannot read it ({exc.strerror})"]) from None
    return sheet_from_data(data, library, display, path.stem.lower())


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
    if not _good_id(ctx, item_id, "a sheet id"):
        raise ContentError(ctx.errors)
    item_ctx = ctx.at(display, item_id)
    sheet = items.build_sheet(item_ctx, item_id, raw, "character",
                              fields=items.SHEET_FILE_FIELDS)
    if sheet is not None:
        check_sheet(item_ctx, sheet, library, default_ruleset(library))
    if ctx.errors:
        raise ContentError(ctx.errors)
    return sheet
