"""Reading a ruleset's `content/ID/screen.yaml` into the `Screen` the render layer draws.

The file declares what the screen shows: each event's one-line text (a template over
its fields, templates.py) or the name of the function that writes it, its breakdown,
the order table's columns, legend and toolbar, the `show ACTOR` rows and the words for
states. A name is looked up in the ruleset's views module; every key, template and
name is checked as the file is read, and every mistake is one line of a ContentError
naming file, entry and key.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
from collections.abc import Callable, Mapping
from typing import Any

from shaper_gm.content.folders import declaration
from shaper_gm.content.schema import (
    Bad,
    ContentError,
    Ctx,
    Field,
    boolean,
    check_fields,
    choice,
    list_of,
    mapping_of,
    show,
    snake_name,
    text,
)
from shaper_gm.engine.state import Actor
from shaper_gm.render.casting import Cast
from shaper_gm.render.names import Names
from shaper_gm.render.plugins import RULESETS, Screen
from shaper_gm.render.resources_read import MODES, Resources, turn_word
from shaper_gm.render.sheetvalues import ExprValues, table_values, values_field
from shaper_gm.render.templates import Template, TemplateError, parse
from shaper_gm.render.text import event_line

# When the order table follows a command by itself (docs/rulesets.md, screen.yaml).
DRAWN_AFTER = ("turn", "round")

# What a template about one actor (a column's cell, a sheet's row) may read, beside the
# actor's own fields: its resources' values, each as the table shows it (over its
# maximum), its numbers as the rules read them (`stat`: its effects counted), the
# ruleset and the fight's state; `cast`, `said`: who holds the effects it cast, their words.
ACTOR_EXTRAS = ("resource", "shown", "stat", "ruleset", "state", "cast", "said", "dots",
                "left", "pips", "turn")   # render.resources_read


class Reader:
    """One screen file being read: the ruleset's events and functions, its words."""

    def __init__(self, ctx: Ctx, ruleset_id: str, words: Mapping) -> None:
        self.ctx, self.words = ctx, words
        self.module = f"{RULESETS}{ruleset_id}.views"
        # a ruleset written as data has no package: no events or functions of its own
        # (a folder left with only __pycache__ is a namespace package: no origin, no code)
        # nor one of a Python ruleset's id that a content folder plays as data in its place
        from shaper_gm.places import data_rulesets
        spec = None if ruleset_id in data_rulesets() else \
            importlib.util.find_spec(f"{RULESETS}{ruleset_id}")
        package = spec is not None and spec.origin is not None
        self.events = importlib.import_module(f"{RULESETS}{ruleset_id}.events") \
            if package else None
        self.functions = _functions(self.module) if package else _functions(None)
        self.module = self.module if package else "the functions a data ruleset's screen has"

    def at(self, entry: str) -> Ctx:
        return self.ctx.at(self.ctx.file, entry)

    def named(self, value: Any) -> Callable[..., Any]:
        """The function of the views module `value` names (a Bad if there is none)."""
        name = snake_name(value)
        if name not in self.functions:
            raise Bad(f"no function '{name}' in {self.module}" + _near(name, self.functions))
        return self.functions[name]

    def template(self, fields) -> Callable[[Any], Any]:
        def check(value: Any):
            try:
                return parse(text(value), fields=fields, functions=self.functions,
                             words=self.words)
            except TemplateError as exc:
                raise Bad(f"{exc} in {show(value)}") from None
        return check


def _functions(views: str | None) -> dict[str, Callable[..., Any]]:
    """The functions a screen file may name: the views module's (and its `views_sheet`'s);
    `health`, the HP bar; a data ruleset's shared ones (render.most_left)."""
    from shaper_gm.render.most_left import SHARED
    from shaper_gm.render.views import health
    if views is None:
        return {"health": health, **SHARED}
    modules = [importlib.import_module(views)]
    if importlib.util.find_spec(f"{views}_sheet") is not None:
        modules.insert(0, importlib.import_module(f"{views}_sheet"))
    return {"health": health} | {
        name: value for module in modules for name, value in vars(module).items()
        if callable(value) and not isinstance(value, type) and not name.startswith("_")}


def _near(name: str, known) -> str:
    import difflib  # only a mistake needs it
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def read_screen(ruleset_id: str) -> Screen | None:
    """The screen `content/ID/screen.yaml` declares, or None when there is none; a
    ContentError (every problem, one a line) when it has mistakes."""
    found = declaration(ruleset_id, "screen.yaml")
    if found is None:
        return None
    display, data = found
    ctx = Ctx(file=display)
    top = check_fields(ctx, data, {"events": Field(_mapping), "table": Field(_mapping),
                                   "sheet": Field(_mapping),
                                   "words": Field(mapping_of(snake_name, _words))},
                       what="a mapping of events, table, sheet and words") or {}
    reader = Reader(ctx, ruleset_id, {k: dict(v) for k, v in top.get("words", ())})
    lines, breakdowns = _events(reader, top.get("events", {}))
    screen = Screen(lines=lines, events=breakdowns,
                    layout=_table(reader, top["table"]) if "table" in top else None,
                    sheet=_sheet(reader, top["sheet"]) if "sheet" in top else None,
                    words=reader.words)
    if ctx.errors:
        raise ContentError(ctx.errors)
    return screen


def _mapping(value: Any) -> Mapping:
    if not isinstance(value, Mapping):
        raise Bad(f"expected a mapping, got {show(value)}")
    return value


def _words(value: Any) -> tuple:
    """A table of words: a state (a text, or true or false) and its words."""
    return mapping_of(_state, text)(value)


def _state(value: Any) -> str | bool:
    return value if isinstance(value, bool) else text(value)


# --- events ----------------------------------------------------------------------------

def _events(reader: Reader, entries: Mapping) -> tuple[dict, dict]:
    lines: dict[type, Callable] = {}
    breakdowns: dict[type, Callable] = {}
    for name, raw in entries.items():
        ctx = reader.at(f"events.{name}")
        if reader.events is None:
            ctx.error(None, "a ruleset written as data has no event types of its own: its "
                            "actions' lines are in actions.yaml")
            continue
        cls = getattr(reader.events, str(name), None)
        if not isinstance(cls, type):
            known = [k for k, v in vars(reader.events).items() if isinstance(v, type)
                     and v.__module__ == reader.events.__name__]
            ctx.error(None, f"no event type '{name}' in {reader.events.__name__}"
                      + _near(str(name), known))
            continue
        tpl, before = reader.template(_event_fields(cls)), len(ctx.errors)
        got = check_fields(ctx, {"text": raw} if isinstance(raw, str) else raw, {
            "text": Field(tpl), "details": Field(list_of(tpl, unique=False)),
            "line": Field(reader.named), "breakdown": Field(reader.named), "style": Field(text)},
            what="a template or a mapping of text, details, line, breakdown and style")
        if got is None:
            continue
        if ("text" in got) == ("line" in got):
            if len(ctx.errors) == before:
                ctx.error(None, "give either text (a template) or line (a function's name)")
            continue
        lines[cls] = got.get("line") or event_line(got["text"], got.get("details", ()))
        if "breakdown" in got:
            breakdowns[cls] = got["breakdown"]
        elif "style" in got:
            breakdowns[cls] = _styled(lines[cls], got["style"])
    return lines, breakdowns


def _event_fields(cls: type) -> set[str]:
    """What a template about an event of `cls` may read: its fields, its properties
    and ``cost`` (what paid for it)."""
    names = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) \
        else set()
    names |= {k for c in cls.__mro__ for k, v in vars(c).items() if isinstance(v, property)}
    return names | {"cost"}


def _styled(describe: Callable[..., str], style: str) -> Callable[..., Any]:
    """A breakdown that is the event's line, in `style` (an alarm in bold red)."""
    def draw(event, names, cost: str = ""):
        from rich.text import Text
        return Text(describe(event, names, cost), style=style)
    return draw


# --- about one actor: the order table's cells, the sheet's rows ------------------------------

class _Stats:
    """``{stat.physical_armor}``: a sheet number as the rules read it, its effects in."""

    def __init__(self, actor, rs) -> None:
        self.actor, self.rs = actor, rs

    def __getattr__(self, name: str):
        from shaper_gm.engine.situation import actor_value
        return actor_value(self.rs, self.actor, name)


def _about_actor(template, actor, state, rs, values=None, item=None) -> str:
    """`template` drawn about `actor`; `values`: what gives the sheet's own values;
    `item`: what ``{item.X}`` reads (a row drawn once per item)."""
    found: dict[str, Any] = {}

    def get(key: str):
        if key == "item" and item is not None:
            return item
        if key in MODES:
            return Resources(actor, rs, key, state)
        if key == "turn":
            return turn_word(actor, state)
        if key == "stat":
            return _Stats(actor, rs)
        if key in ("cast", "said"):
            return Cast(actor, state, key == "said")
        if key == "values":
            if key not in found:
                found[key] = values()
            return found[key]
        return {"ruleset": rs, "state": state}[key] if key in ("ruleset", "state") \
            else getattr(actor, key)

    def names(actor_id: str) -> str:            # {grappling|name}: as the fight names them
        if "names" not in found:
            found["names"] = Names.of(state)
        return found["names"](actor_id)
    return template(get, names)


def _actor_fields(*more: str) -> set[str]:
    return {f.name for f in dataclasses.fields(Actor)} | set(ACTOR_EXTRAS) | set(more)


def _cell(reader: Reader, ctx: Ctx, title: str, raw: Any, extra: Mapping[str, Field],
          fields: set[str]):
    """(function, other keys) of a column or a row: a template, or a mapping with
    `line` (a function's name) or `text` (a template) and `extra` keys."""
    tpl, before = reader.template(fields), len(ctx.errors)
    got = check_fields(ctx, {"text": raw} if isinstance(raw, str) else raw,
                       {"text": Field(tpl), "line": Field(reader.named), **extra},
                       prefix=f"{title}.",
                       what="a template or a mapping of text or line")
    if got is None:
        return None, {}
    if ("text" in got) == ("line" in got):
        if len(ctx.errors) == before:
            ctx.error(title, "give either text (a template) or line (a function's name)")
        return None, got
    return got.get("line") or got["text"], got


def _table(reader: Reader, raw: Mapping):
    from shaper_gm.render.tables import Column, Layout
    ctx = reader.at("table")
    values = (check_fields(ctx, {k: v for k, v in raw.items() if k == "values"},
                           {"values": Field(values_field(reader.named))}) or {}).get("values")
    got = check_fields(ctx, {k: v for k, v in raw.items() if k != "values"}, {
        "columns": Field(_mapping), "legend": Field(_text_or_line(reader)),
        "toolbar": Field(_toolbar(reader, values)), "groups": Field(reader.named),
        "groups_by": Field(snake_name),               # render.groups_by
        "group_mark": Field(text), "group_word": Field(text), "down_word": Field(text),
        "drawn_after": Field(choice(DRAWN_AFTER)), "hp_column": Field(boolean),
        "hidden_effects": Field(lambda v: tuple(list_of(text)(v)))})
    if got is None:
        return None
    if "groups_by" in got:
        from shaper_gm.render.groups_by import grouped_by
        got["groups"] = grouped_by(got.pop("groups_by"))
    columns = []
    flags = {"after_zone": Field(boolean), "wrap": Field(boolean)}
    for header, cell in got.pop("columns", {}).items():
        draw, keys = _cell(reader, reader.at("table.columns"), str(header), cell, flags,
                           _actor_fields(*(("values",) if values else ())))
        if draw is None:
            continue
        if keys.get("text") is not None:
            draw = (lambda t: lambda actor, state, rs: _about_actor(
                t, actor, state, rs, table_values(values, actor, state, rs)))(draw)
        columns.append(Column(str(header), draw, keys.get("after_zone", False),
                              keys.get("wrap", False)))
    return Layout(columns=tuple(columns), **got)


def _text_or_line(reader: Reader, plain: Callable[[Any], Any] = text) -> Callable[[Any], Any]:
    """A text (checked by `plain`), or ``{line: NAME}``: the function that writes it."""
    def check(value: Any):
        if isinstance(value, Mapping):
            if set(value) != {"line"}:
                raise Bad(f"expected a text or {{line: NAME}}, got {show(value)}")
            return reader.named(value["line"])
        return plain(value)
    return check


def _toolbar(reader: Reader, values: Any = None) -> Callable[[Any], Any]:
    """``{line: NAME}`` for all of it, or its parts: a resource's name, ``{line: NAME}``
    or ``{text: TEMPLATE}`` about the actor (one that comes out empty is left out)."""
    whole = _text_or_line(reader)
    template = reader.template(_actor_fields(*(("values",) if values else ())))

    def part(value: Any):
        if not isinstance(value, Mapping) or set(value) == {"line"}:
            return whole(value)
        if set(value) != {"text"}:
            raise Bad("expected a resource's name, {line: NAME} or {text: TEMPLATE}, got "
                      f"{show(value)}")
        drawn = template(value["text"])
        return lambda actor, rs, state=None: _about_actor(
            drawn, actor, state, rs, table_values(values, actor, state, rs))

    def check(value: Any):
        if isinstance(value, Mapping):
            return whole(value)
        return list_of(part, unique=False)(value)
    return check


def _sheet(reader: Reader, raw: Mapping):
    from shaper_gm.render.views import Sheet
    ctx = reader.at("sheet")
    values = check_fields(ctx, {k: v for k, v in raw.items() if k == "values"},
                          {"values": Field(values_field(reader.named))}) \
        if isinstance(raw, Mapping) else {}
    fields = _actor_fields(*values or {})
    tpl = reader.template(fields)
    got = check_fields(ctx, raw, {"about": Field(_text_or_line(reader, tpl)),
                                  "down": Field(text), "rows": Field(_mapping),
                                  "values": Field(lambda v: values.get("values"))})
    if got is None:
        return None
    rows = []
    for title, cell in got.pop("rows", {}).items():
        each = isinstance(cell, Mapping) and "each" in cell
        draw, keys = _cell(reader, reader.at("sheet.rows"), str(title), cell,
                           {"each": Field(snake_name)}, fields | {"item"} if each else fields)
        if draw is None:
            continue
        if keys.get("each") is not None and keys.get("text") is not None:
            draw = _each_row(draw, keys["each"], got.get("values"))
        elif keys.get("text") is not None:
            draw = _row(draw, got.get("values"))
        rows.append((str(title), draw))
    about = got.get("about")
    if isinstance(about, Template):
        about = _row(about, got.get("values"))
    return Sheet(rows=tuple(rows), about=about, down=got.get("down"))


def _each_row(template, listed: str, values=None) -> Callable[[Any, Any], str | None]:
    """A sheet row of one line per item of the sheet's list `listed`, each drawn with
    ``{item.X}`` reading the item's fields (the ruleset's file of that name); values
    written as expressions read ``item.X`` too."""
    def cell(actor, view) -> str | None:
        ids = getattr(actor.sheet, "get", lambda _: None)(listed) or ()
        kind = getattr(getattr(view.ruleset, "library", None), "kind", None)
        known = kind(listed) if kind is not None else {}
        found = [known.get(item_id) or {"name": item_id}
                 for item_id in (ids if isinstance(ids, (list, tuple)) else (ids,))]
        each = (lambda item: (item,)) if isinstance(values, ExprValues) else lambda item: ()
        lines = [_about_actor(template, actor, view.state, view.ruleset, values and (
                     lambda item=item: values(actor, view, *each(item))), item=item)
                 for item in found]
        return "\n".join(line for line in lines if line) or None
    return cell


def _row(template, values=None) -> Callable[[Any, Any], str | None]:
    """A sheet row from a template; one that comes out empty is left out. `values`:
    the function (actor, view) that gives what ``{values.KEY}`` reads."""
    def cell(actor, view) -> str | None:
        return _about_actor(template, actor, view.state, view.ruleset,
                            values and (lambda: values(actor, view))) or None
    return cell
