"""A ruleset's content folder read into checked items, the same way for any ruleset.

A file's kind is its name (`weapons.yaml`) or the folder it sits in
(`weapons/extra.yaml`); `ruleset.yaml` holds the ruleset's numbers. Each other file maps
item ids to items; an id is checked, defined once in its namespace, and built by its
kind's builder (`item_builder`: a table of fields, then a record). Every problem is
collected in the `Ctx`, one line each naming file, item and key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from shaper_gm.content.schema import ID_RE, ContentError, Ctx, Field, check_fields, show

Builder = Callable[[Ctx, str, Any], Any]


def file_kind(display: str, ruleset_id: str) -> str:
    """``content/ID/weapons.yaml`` and ``content/ID/weapons/x.yaml`` are `weapons`."""
    first = display.split(f"{ruleset_id}/", 1)[-1].split("/", 1)[0]
    return first.removesuffix(".yaml")


def read_items(ctx: Ctx, files: list[tuple[str, Any]], ruleset_id: str, what: str,
               builders: Mapping[str, Builder], spaces: Mapping[str, str] | None = None
               ) -> tuple[tuple[str, Any], dict[str, dict[str, Any]], dict]:
    """The ruleset file (display, data), the items by kind, and where each (namespace,
    id) was first defined; `spaces` puts kinds in one namespace (characters and
    creatures are both templates). A folder without `ruleset.yaml` is refused."""
    numbers: tuple[str, Any] | None = None
    items: dict[str, dict[str, Any]] = {kind: {} for kind in builders}
    origin: dict[tuple[str, str], str] = {}
    for display, data in files:
        kind = file_kind(display, ruleset_id)
        if kind == "ruleset":
            if numbers is not None:
                ctx.at(display).error(None, f"a second ruleset file: already read {numbers[0]}")
            numbers = numbers or (display, data)
        elif kind not in builders:
            ctx.at(display).error(None, f"not a {what} content file "
                                        f"({', '.join(('ruleset', *builders))})")
        elif data is not None and not isinstance(data, Mapping):
            ctx.at(display).error(None, f"expected a mapping of item ids to items, got "
                                        f"{show(data)}")
        else:
            for item_id, raw in (data or {}).items():
                _read_item(ctx.at(display, str(item_id)), display, item_id, raw,
                           builders[kind], items[kind], origin, (spaces or {}).get(kind, kind))
    if numbers is None:
        raise ContentError([*ctx.errors, f"content/{ruleset_id}: no ruleset.yaml (the "
                                         "ruleset's numbers)"])
    return numbers, items, origin


def _read_item(ctx: Ctx, display: str, item_id: Any, raw: Any, build: Builder, into: dict,
               origin: dict, space: str) -> None:
    if not isinstance(item_id, str) or not ID_RE.match(item_id):
        ctx.error("id", f"item id must be lowercase letters, digits and '-', got {show(item_id)}")
        return
    first = origin.setdefault((space, item_id), display)
    if first != display or item_id in into:
        ctx.error("id", f"duplicate id: already defined in {first}")
        return
    built = build(ctx, item_id, raw)
    if built is not None:
        into[item_id] = built


def item_builder(make: Callable[..., Any], fields: Mapping[str, Field]) -> Builder:
    """A builder that checks an item against `fields` and, when every required one is
    there, makes it: ``make(item_id, **good_values)``."""
    def build(ctx: Ctx, item_id: str, raw: Any) -> Any:
        good = check_fields(ctx, raw, fields)
        if good is None or any(f.required and k not in good for k, f in fields.items()):
            return None
        return make(item_id, **good)
    return build


def entries(ctx: Ctx, raw: Any, key: str, fields: Mapping[str, Field],
            make: Callable[..., Any]) -> list:
    """A key holding named entries (`defenses: {dodge: {stat: q}}`), each checked against
    `fields` and made as ``make(name, **good_values)``, in file order."""
    if raw is None:
        return []
    if not isinstance(raw, Mapping):
        ctx.error(key, f"expected a mapping of names to entries, got {show(raw)}")
        return []
    out = []
    for name, entry in raw.items():
        if not isinstance(name, str) or not ID_RE.match(name):
            ctx.error(f"{key}.{name}", "expected a name of lowercase letters, digits and '-'")
            continue
        good = check_fields(ctx, entry, fields, f"{key}.{name}.")
        if good is not None and all(k in good for k, f in fields.items() if f.required):
            out.append(make(name, **good))
    return out


def check_provisional(ctx: Ctx, names: tuple[str, ...], raw: Mapping,
                      fields: Mapping[str, Field]) -> None:
    """Each name a `provisional` list gives is a key of the file (`costs.move` a key
    inside one)."""
    for name in names:
        top, _, sub = name.partition(".")
        value = raw.get(top)
        if top not in fields or top == "provisional" or value is None \
                or (sub and not (isinstance(value, Mapping) and sub in value)):
            ctx.error("provisional", f"{name!r} is not a key of this file")


def known(found: Mapping[str, Any]) -> str:
    """`` (known: a, b)`` for a message about an id that is not among `found`."""
    return f" (known: {', '.join(sorted(found))})" if found else " (none defined)"
