"""A ruleset's content folder read into checked items, the same way for every ruleset.

A file's kind is its name (`weapons.yaml`) or the folder it sits in (`weapons/extra.yaml`);
`ruleset.yaml` holds the ruleset's numbers. Each other file maps item ids to items. A
ruleset declares its kinds (`Kind`: a builder, which checks an item against a table
of `Field`s, and the id namespace it shares), reads its numbers first (`sort_files`), then
its items (`build_items`): each id checked, defined once in its namespace, and built.
Every problem is collected in the `Ctx`, one line each naming file, item and key.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from shaper_gm.content.schema import ID_RE, ContentError, Ctx, Field, check_fields, show
from shaper_gm.records import record

Builder = Callable[[Ctx, str, Any], Any]
Files = dict[str, list[tuple[str, Any]]]


@record
class Ref:
    """A key of an item that names items of other kinds: one id, a list of ids, or a
    mapping keyed by ids; each must be defined (broken items count: one mistake is
    reported once)."""

    key: str
    kinds: tuple[str, ...]
    noun: str          # what the message calls such an item: "weapon", "weapon or spell"
    why: str = ""      # the ruling the message cites


@record
class Kind:
    """One kind of item: how one is built, the namespace its ids share with other kinds
    (characters and creatures are both templates; "" is the kind's own), and the keys
    that name other items."""

    build: Builder
    space: str = ""
    refs: tuple[Ref, ...] = ()


def file_kind(display: str, ruleset_id: str) -> str:
    """``content/ID/weapons.yaml`` and ``content/ID/weapons/x.yaml`` are `weapons`."""
    first = display.split(f"{ruleset_id}/", 1)[-1].split("/", 1)[0]
    return first.removesuffix(".yaml")


def sort_files(ctx: Ctx, files: list[tuple[str, Any]], ruleset_id: str, what: str,
               kinds: tuple[str, ...]) -> tuple[tuple[str, Any], Files]:
    """The ruleset file (display, data) and the item files by kind; a file of another
    kind is an error, and a folder without `ruleset.yaml` is refused."""
    numbers: tuple[str, Any] | None = None
    found: Files = {kind: [] for kind in kinds}
    for display, data in files:
        kind = file_kind(display, ruleset_id)
        if kind == "ruleset":
            if numbers is not None:
                ctx.at(display).error(None, f"a second ruleset file: already read {numbers[0]}")
            numbers = numbers or (display, data)
        elif kind not in found:
            ctx.at(display).error(None, f"unknown file: not a {what} content file (expected "
                                        f"{', '.join(f'{k}.yaml' for k in ('ruleset', *kinds))}"
                                        " or a folder of that name)")
        else:
            found[kind].append((display, data))
    if numbers is None:
        raise ContentError([*ctx.errors, f"content/{ruleset_id}: ruleset.yaml is missing "
                                         "(the ruleset's numbers)"])
    return numbers, found


def build_items(ctx: Ctx, files: Files, kinds: Mapping[str, Kind], *, lines: bool = False
                ) -> tuple[dict[str, dict[str, Any]], dict[tuple[str, str], str]]:
    """The items by kind, and the file that defined each (kind, id), broken items too;
    then every reference the kinds declare is checked, in broken items too. With
    `lines`, a message names the line of the key (when the file was read with them)."""
    items: dict[str, dict[str, Any]] = {kind: {} for kind in kinds}
    origin: dict[tuple[str, str], str] = {}
    first: dict[tuple[str, str], str] = {}     # (namespace, id) -> file
    refers: list[tuple[str, str, str, Mapping, Any]] = []   # items naming others, as written
    for kind, spec in kinds.items():
        for display, data in files.get(kind, ()):
            if data is not None and not isinstance(data, Mapping):
                ctx.at(display).error(None, f"expected a mapping of item ids to items, got "
                                            f"{show(data)}")
                continue
            for item_id, raw in (data or {}).items():
                here = ctx.at(display, str(item_id), data if lines else None)
                if not isinstance(item_id, str) or not ID_RE.match(item_id):
                    here.error("id", "item id must be lowercase letters, digits and '-', "
                                     f"got {show(item_id)}")
                    continue
                where = first.setdefault((spec.space or kind, item_id), display)
                if where != display or (kind, item_id) in origin:
                    here.error("id", f"duplicate id: already defined in {where}")
                    continue
                origin[(kind, item_id)] = display
                if spec.refs and isinstance(raw, Mapping):
                    refers.append((kind, display, item_id, raw, data))
                built = spec.build(here, item_id, raw)
                if built is not None:
                    items[kind][item_id] = built
    ids = defined(origin)
    for kind, display, item_id, raw, data in refers:
        check_refs(ctx.at(display, item_id, data if lines else None), raw,
                   kinds[kind].refs, ids)
    return items, origin


def defined(origin: Mapping[tuple[str, str], str]) -> dict[str, set[str]]:
    """Every id defined, built or not, by kind."""
    out: dict[str, set[str]] = {}
    for kind, item_id in origin:
        out.setdefault(kind, set()).add(item_id)
    return out


def check_refs(ctx: Ctx, item: Any, refs: tuple[Ref, ...],
               ids: Mapping[str, Collection[str]]) -> None:
    """Each id `item` (a record, or an item as written) names under a `Ref` key is one of
    `ids` (by kind); a value of the wrong shape is left to the item's own checks."""
    for ref in refs:
        value = item.get(ref.key) if isinstance(item, Mapping) else getattr(item, ref.key)
        if isinstance(value, str):
            named = [(ref.key, value)]
        elif isinstance(value, Mapping):
            named = [(f"{ref.key}.{name}", name) for name in value]
        elif isinstance(value, (list, tuple)):
            named = [(f"{ref.key}.{entry[0]}", entry[0]) if isinstance(entry, tuple)
                     else (f"{ref.key}[{index}]", entry) for index, entry in enumerate(value)]
        else:
            continue
        found = {name for kind in ref.kinds for name in ids.get(kind, ())}
        for key, name in named:
            if isinstance(name, str) and name not in found:
                why = f" ({ref.why})" if ref.why else ""
                ctx.error(key, f"no {ref.noun} {name!r}{why}{known(found, name)}")


def checked(ctx: Ctx, raw: Any, fields: Mapping[str, Field], prefix: str = "") -> dict | None:
    """The good values of a mapping that passes `fields` without a new error, else None."""
    before = len(ctx.errors)
    values = check_fields(ctx, raw, fields, prefix)
    return None if values is None or len(ctx.errors) > before else values


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


def require(ctx: Ctx, values: dict[str, Any], key: str, names: tuple[str, ...],
            why: str = "") -> None:
    """Each of `names` is a key of the mapping read under `key` (its (name, value)
    pairs), when it was read; if one is not, the mapping is dropped from `values`
    (the record keeps its default) and each missing name is one error."""
    given = dict(values.get(key, ()))
    missing = [name for name in names if key in values and name not in given]
    for name in missing:
        ctx.error(f"{key}.{name}", f"missing (required){why}")
    if missing:
        del values[key]


def check_provisional(ctx: Ctx, raw: Any, fields: Mapping[str, Field]) -> None:
    """Each name the file's `provisional` list gives is a key of the file (`costs.move`
    a key inside one)."""
    names = raw.get("provisional") if isinstance(raw, Mapping) else None
    for name in names if isinstance(names, list) else ():
        top, _, sub = str(name).partition(".")
        value = raw.get(top)
        if top not in fields or top == "provisional" or value is None \
                or (sub and not (isinstance(value, Mapping) and sub in value)):
            ctx.error("provisional", f"{name!r} is not a key of this file")


def known(found: Collection[str], name: str = "") -> str:
    """`` (did you mean 'b'?)`` or `` (known: a, b)`` for a message about an id, `name`,
    that is not among `found`."""
    if not found:
        return " (none defined)"
    import difflib  # only a miss needs it
    close = difflib.get_close_matches(name, list(found), n=1) if name else []
    if close:
        return f" (did you mean '{close[0]}'?)"
    return f" (known: {', '.join(sorted(found))})"
