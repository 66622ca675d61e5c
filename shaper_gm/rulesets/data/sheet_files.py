"""A sheet file the GM names, for a ruleset written as data: `add ID --as PATH` reads
the file once, checks it as the ruleset's templates are checked, and logs its content in
the line (`--sheet`), so a log never reads a file again. The file holds the sheet's keys
(an optional `id`, else the file's name, and `kind`: one of `templates`, in the singular
or not, else the first), or one `id: {sheet}` entry as the ruleset's item files do. A
list under an `add_entries` key with `bare` is its names, each at that number."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from shaper_gm.commands.args import names_a_file
from shaper_gm.content.folders import (
    good_id,
    logged_sheet_payload,
    read_sheet_file,
    sheet_parts,
)
from shaper_gm.content.schema import ContentError, Ctx
from shaper_gm.engine.data import DataError
from shaper_gm.engine.ruleset_base import RulesetBase
from shaper_gm.errors import CommandError
from shaper_gm.rulesets.data.entries import entries
from shaper_gm.rulesets.data.library import freeze
from shaper_gm.rulesets.data.saved import checked_sheet
from shaper_gm.rulesets.data.template_numbers import declared_in_range, numbers_in_range


def sheet_for(rs: Any, state: Any, flags: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """What `add` starts from: a template, a sheet file `--as` names (its content
    logged as `--sheet`), or the sheet a logged `--sheet` carries."""
    name = flags.get("as")
    if name and name.lower() not in rs.templates() and names_a_file(name):
        display, stem, data = read_sheet_file(name)
        sheet, side = sheet_from_data(rs.library, data, display, stem)
        try:
            text = json.dumps({"id": stem, "data": data}, ensure_ascii=False,
                              separators=(",", ":"))
        except (TypeError, ValueError):
            raise CommandError(f"--as {name}: the sheet holds values a log line cannot carry",
                               "keep to numbers, text and lists in the sheet") from None
        flags = {**{k: v for k, v in flags.items() if k != "as"}, "sheet": text}
        return sheet, {**flags, "side": flags.get("side") or side}
    if flags.get("sheet") and not name:
        sheet, side = logged_sheet(rs.library, flags["sheet"])
        return sheet, {**flags, "side": flags.get("side") or side}
    return RulesetBase.sheet_for(rs, state, flags)

def logged_sheet(library: Any, text: str) -> tuple[Any, str | None]:
    """The sheet a log line carries in `--sheet`, and its side."""
    default_id, data = logged_sheet_payload(text)
    return sheet_from_data(library, data, "the logged sheet", default_id)


def sheet_from_data(library: Any, data: Any, display: str, default_id: str
                    ) -> tuple[Any, str | None]:
    """The sheet of a sheet file's parsed data, checked: its own keys first, then the
    items it names (ContentError, a line each); and the side it gives (its `side`, else
    its kind's in `template_sides`), None without one."""
    ctx = Ctx(file=display)
    known = _keys(library)
    item_id, raw = sheet_parts(data, default_id, known)
    if not good_id(ctx, item_id, "a sheet id"):
        raise ContentError(ctx.errors)
    here = ctx.at(display, item_id)
    if not isinstance(raw, Mapping):
        here.error(None, "expected a mapping of sheet keys")
        raise ContentError(ctx.errors)
    raw = {key: value for key, value in raw.items() if key != "id"}
    kind = _kind(here, library, raw.pop("kind", None))
    side = raw.get("side") if "side" in known else raw.pop("side", None)
    if side is not None and not isinstance(side, str):
        here.error("side", f"expected text, got {side!r}")
    raw = _bare_entries(library, raw)
    _own_keys(here, library, raw, known)
    if not ctx.errors:
        good = {"default_sheet": library.default_sheet, "ranges": library.ranges,
                "templates": (kind,)}
        numbers_in_range(ctx, [(display, {item_id: raw})], good, lambda _: kind)
        declared_in_range(ctx, [(display, {item_id: raw})], good, lambda _: kind)
    if not ctx.errors:
        _items_known(here, library, raw)
    if ctx.errors:
        raise ContentError(ctx.errors)
    side = side or dict(library.numbers.get("template_sides") or ()).get(kind)
    return freeze({"id": item_id, **raw}), side


def _keys(library: Any) -> set[str]:
    return {"id", "name", *library.default_sheet,
            *(key for kind in library.templates for item in library.kind(kind).values()
              for key in item)}


def _kind(here: Ctx, library: Any, given: Any) -> str:
    kinds = tuple(library.templates)
    if given is None:
        return kinds[0]
    found = next((k for k in kinds if given in (k, k.removesuffix("s"))), None)
    if found is None:
        here.error("kind", f"expected one of {', '.join(kinds)}, got {given!r}")
        return kinds[0]
    return found


def _bare_entries(library: Any, raw: dict[str, Any]) -> dict[str, Any]:
    """A list under an `add_entries` key that has `bare`: each name at that number."""
    for spec in entries(library).values():
        key, bare = spec["key"], spec.get("bare")
        if bare is not None and isinstance(raw.get(key), list) and \
                all(isinstance(name, str) for name in raw[key]):
            raw[key] = {name: bare for name in raw[key]}
    return raw


def _own_keys(here: Ctx, library: Any, raw: Mapping[str, Any], known: set[str]) -> None:
    """Each key one a sheet of the ruleset has, its value of that key's type."""
    for key in raw:
        if key not in known:
            here.error(key, "not a key of this ruleset's sheets")
    try:
        checked_sheet(library, {k: v for k, v in raw.items() if k in known and k != "kind"},
                      "")
    except DataError as exc:
        here.error(exc.where.lstrip("."), exc.problem)


def _items_known(here: Ctx, library: Any, raw: Mapping[str, Any]) -> None:
    """Each item the sheet names under an `add_items` key is one of the content's."""
    for spec in library.add_items:
        value = raw.get(spec.key)
        names = [value] if isinstance(value, str) else list(value or ()) \
            if isinstance(value, list) else []
        known = set(library.kind(spec.kind))
        if spec.among:
            known |= {i for s in library.add_items if s.key in spec.among or s.flag in
                      spec.among for i in library.kind(s.kind)}
        for name in names:
            if isinstance(name, str) and name and name not in known:
                here.error(spec.key, f"unknown {spec.kind} item '{name}'")
