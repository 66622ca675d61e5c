"""Where content lives and how a ruleset reads its folder.

`content/` holds one folder per ruleset (`content/shaper/`, `content/dungeoneers/`, ...);
each ruleset builds its own library from its folder, and only when an encounter asks
for that ruleset. A problem in a file is reported as one line naming file, item, key
and line.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from shaper_gm.content.schema import ID_RE, ContentError, Ctx, show
from shaper_gm.content.yamlio import YamlError, load_yaml_file
from shaper_gm.places import CONTENT_VAR as ENV_VAR
from shaper_gm.places import content_path, data_rulesets, shipped_path

__all__ = ["DECLARATIONS", "ENV_VAR", "ContentFile", "content_root", "declaration",
           "folder_files", "good_id", "logged_sheet_payload", "read_sheet_file", "read_yaml",
           "ruleset_files", "ruleset_folder", "sheet_parts", "yaml_message"]

# Files at the top of a ruleset's folder that declare how the ruleset plays and looks
# (its verbs, its screen, the kinds of its items) rather than holding items.
DECLARATIONS = frozenset({"verbs.yaml", "screen.yaml", "kinds.yaml", "actions.yaml",
                          "view.yaml", "party.yaml", "simulate.yaml"})


class ContentFile(NamedTuple):
    """One YAML file of a ruleset's folder."""

    rel: tuple[str, ...]     # its path inside the folder, by part
    display: str             # how messages name it: ``content/shaper/weapons/basic.yaml``
    path: Path


def content_root(root: str | Path | None = None) -> Path:
    """`root`, else $SHAPER_GM_CONTENT, else the checkout's `content/`, else the package's."""
    path = content_path(root)
    if not path.is_dir():
        raise ContentError([f"{path}: content folder not found"])
    return path


def shipped_root() -> Path:
    """The content that comes with the program: the checkout's `content/`, else the
    package's."""
    return shipped_path()


def ruleset_folder(ruleset_id: str, root: str | Path | None = None) -> Path:
    """`content/RULESET_ID/` (or, for a ruleset written as data in a GM's own folder,
    that folder), or a ContentError saying it is missing."""
    base = content_root(root)
    folder = base / ruleset_id
    if not folder.is_dir() and root is None:
        folder = data_rulesets().get(ruleset_id, folder)
    if not folder.is_dir():
        raise ContentError([f"{base.name}/{ruleset_id}: no content folder for the "
                            f"{ruleset_id} ruleset"])
    return folder


def display_name(path: Path, folder: Path) -> str:
    """``content/shaper/weapons/basic.yaml``: a file as messages name it."""
    base = folder.parent
    return f"{base.name}/{path.relative_to(base).as_posix()}"


def folder_files(folder: Path) -> list[ContentFile]:
    """Every YAML file of items and numbers under `folder`, sorted by path (the
    declaration files at its top are read on their own, `declaration`)."""
    return [ContentFile(rel, display_name(path, folder), path)
            for path in sorted(folder.rglob("*.yaml"))
            if not ((rel := path.relative_to(folder).parts) and len(rel) == 1
                    and rel[0] in DECLARATIONS)]


def declaration(ruleset_id: str, name: str, root: str | Path | None = None
                ) -> tuple[str, Any] | None:
    """(display name, parsed data) of the declaration file `name` (``verbs.yaml``) of a
    ruleset's folder, or None when the ruleset has none; a ContentError in one line when
    it cannot be read. Read once per folder and file."""
    assert name in DECLARATIONS, name
    return _declaration(ruleset_folder(ruleset_id, root), name)


@lru_cache(maxsize=64)
def _declaration(folder: Path, name: str) -> tuple[str, Any] | None:
    path = folder / name
    if not path.is_file():
        return None
    display = display_name(path, folder)
    try:
        return display, read_yaml(path, display)
    except (YamlError, UnicodeDecodeError) as exc:
        raise ContentError([yaml_message(exc, display, None)]) from None


def read_sheet_file(path: str | Path) -> tuple[str, str, Any]:
    """(display name, lowercase file stem, parsed data) of a sheet file the GM names;
    a ContentError in one line when it cannot be read."""
    path = Path(path)
    display = str(path)
    try:
        return display, path.stem.lower(), load_yaml_file(path)
    except (YamlError, UnicodeDecodeError) as exc:
        raise ContentError([yaml_message(exc, display, None)]) from None
    except OSError as exc:
        raise ContentError([f"{display}: cannot read it ({exc.strerror})"]) from None


def logged_sheet_payload(text: str) -> tuple[str, Any]:
    """(the sheet's id, its data) of a sheet a log line carries in `--sheet`, as
    `add ID --as PATH` wrote it; a CommandError in one line when it is not one."""
    from shaper_gm.errors import CommandError
    from shaper_gm.nesting import TooDeep, loads
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
    return default_id, data


def sheet_parts(data: Any, default_id: str, keys: Any) -> tuple[Any, Any]:
    """(the sheet's id, its keys) of a sheet file's data: a mapping of sheet keys, or
    one entry `ID: {...}` whose key is none of `keys`; an `id` key names it, else
    `default_id` (the file's stem)."""
    item_id: Any = default_id
    raw = data
    if isinstance(data, Mapping) and len(data) == 1:
        (key, value), = data.items()
        if key not in keys and isinstance(value, Mapping):
            item_id, raw = key, value
    if isinstance(raw, Mapping) and "id" in raw:
        item_id = raw["id"]
    return item_id, raw


def read_yaml(path: Path, display: str) -> Any:
    """One file's parsed YAML (a regular file, read capped: a pipe or a device there is
    refused, never waited on or read to its end), a top mapping with the line of each
    key (`yamlio.Marked`); YamlError when it cannot be read."""
    return load_yaml_file(path, display, lines=True)


def ruleset_files(ruleset_id: str, root: str | Path | None = None) -> list[tuple[str, Any]]:
    """(display name, parsed data) of every YAML file under `content/RULESET_ID/`, sorted
    by path. Unreadable files are one ContentError naming file, line and problem."""
    ctx = Ctx()
    files = folder_data(ctx, ruleset_folder(ruleset_id, root))
    if ctx.errors:
        raise ContentError(ctx.errors)
    return files


def folder_data(ctx: Ctx, folder: Path, numbers_id: str | None = None
                ) -> list[tuple[str, Any]]:
    """(display name, parsed data) of every readable YAML file under `folder`, sorted by
    path; a file that cannot be read is an error on `ctx` (naming the item `numbers_id`
    when it is the ruleset's numbers, a one-item file) and read as empty."""
    out = []
    for file in folder_files(folder):
        single = numbers_id if file.rel == ("ruleset.yaml",) else None
        try:
            data = read_yaml(file.path, file.display)
        except (YamlError, UnicodeDecodeError) as exc:
            ctx.errors.append(yaml_message(exc, file.display, single))
            data = None
        out.append((file.display, data))
    return out


def good_id(ctx: Ctx, name: Any, what: str) -> bool:
    """Whether `name` is a content id; if not, an error on `ctx` saying what ids look like."""
    if isinstance(name, str) and ID_RE.match(name):
        return True
    ctx.at(ctx.file, str(name)).error(
        "id", f"{what} must be lowercase letters, digits and '-', got {show(name)}")
    return False


def yaml_message(exc: Exception, display: str, single: str | None) -> str:
    """The one-line message of a file that is not YAML (or not UTF-8); `single` is the
    item id of a one-item file, else the item is the first step of the error's path."""
    if not isinstance(exc, YamlError):
        return f"{display}: not UTF-8 text"
    path = [str(step) for step in exc.path]
    item = single if single is not None else (path.pop(0) if path else None)
    key = ".".join(path)
    where = f"line {exc.line}, column {exc.column}: " if exc.line else ""
    parts = [display] + ([f"item '{item}'"] if item else []) + ([f"key '{key}'"] if key else [])
    return ": ".join(parts + [where + exc.problem])
