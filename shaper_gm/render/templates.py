"""The small template language of declared screen text: ``{actor|name} moves {start} → {end}``.

A template is parsed once (`parse`), when the file that declares it is read, into text
and fields; drawing it only looks values up, it never evaluates Python:

- ``{field}``, ``{field.part}``: a value of what is drawn (an event's field, an actor's);
  a value that is None reads as nothing;
- ``{field|filter|filter ARG}``: filters applied in turn, each one of FILTERS or a
  function the ruleset's views module names (``{actor!n}``, ``{weapon!i}``: short for
  ``{actor|name}``, ``{weapon|item}``);
- ``[...]``: an optional part, left out when a field in it is empty (None, false, an
  empty text or list; 0 is a number like any other);
- ``{{``, ``}}``, ``[[``, ``]]``: a brace or a bracket as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any


class TemplateError(ValueError):
    """A template that cannot be parsed; the message says what is wrong."""


SHORT = {"n": "name", "i": "item"}


def empty(value: Any) -> bool:
    return value is None or value is False or (isinstance(value, (str, Collection))
                                               and len(value) == 0)


def _each(change: Callable[[Any], Any]) -> Callable[..., Any]:
    """A filter of one value that a list gets item by item."""
    def apply(value, names, arg):
        if isinstance(value, (list, tuple)):
            return [change(v) if v is not None else v for v in value]
        return None if value is None else change(value)
    return apply


def _plural(value, names, arg: str) -> str:
    one, _, many = arg.partition(" ")
    return f"{value} {one if value == 1 else many or one + 's'}"


def _chance(value, names, arg: str) -> str:
    """``{stat.block|chance 20}``: the chance a dN (N the argument) rolls the value or
    more, as a reduced fraction (`12` on a d20: ``9/20``)."""
    from fractions import Fraction
    sides = int(arg) if arg.isdigit() and int(arg) > 0 else 20
    odds = Fraction(max(0, min(sides, sides + 1 - int(value))), sides)
    return f"{odds.numerator}/{odds.denominator}" if 0 < odds < 1 else str(odds)


# name -> (function(value, names, arg), whether it takes an argument)
FILTERS: dict[str, tuple[Callable[..., Any], bool]] = {
    "name": (lambda v, names, arg: [names(x) for x in v] if isinstance(v, (list, tuple))
             else names(v), False),
    "item": (_each(lambda v: v.replace("-", " ")), False),
    "title": (_each(lambda v: str(v).title()), False),
    "capitalize": (_each(lambda v: str(v).capitalize()), False),
    "signed": (lambda v, names, arg: f"{v:+d}", False),
    "plural": (_plural, True),
    "else": (lambda v, names, arg: arg if empty(v) or v == 0 else v, True),
    "join": (lambda v, names, arg: ", ".join(str(x) for x in v), False),
    "chance": (_chance, True),
    "words": (None, True),                   # bound to the named table of words when parsed
    "listed": (lambda v, names, arg: (", ".join(str(x) for x in v) or "nothing")
               if isinstance(v, (list, tuple)) else v, False),    # a sheet list, in words
}


class Field:
    """``{path|filters}``: a value looked up and filtered."""

    __slots__ = ("path", "filters")

    def __init__(self, path: tuple[str, ...], filters: tuple) -> None:
        self.path, self.filters = path, filters

    def value(self, get: Callable[[str], Any]) -> Any:
        value = get(self.path[0])
        for part in self.path[1:]:
            value = value.get(part) if isinstance(value, Mapping) else getattr(value, part)
        return value

    def text(self, get: Callable[[str], Any], names) -> str:
        value = self.value(get)
        for apply, arg in self.filters:
            value = apply(value, names, arg)
        return "" if value is None else f"{value}"


class Optional:
    """``[...]``: its parts, drawn only when none of its fields is empty."""

    __slots__ = ("parts", "fields")

    def __init__(self, parts: tuple) -> None:
        self.parts, self.fields = parts, [p for p in parts if isinstance(p, Field)]


class Template:
    """A parsed template: its pieces of text, fields and optional parts."""

    __slots__ = ("source", "parts")

    def __init__(self, source: str, parts: tuple) -> None:
        self.source, self.parts = source, parts

    def __call__(self, get: Callable[[str], Any], names=None) -> str:
        return _draw(self.parts, get, names)

    def __repr__(self) -> str:
        return f"Template({self.source!r})"


def _draw(parts: tuple, get, names) -> str:
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, Field):
            out.append(part.text(get, names))
        elif not any(empty(f.value(get)) for f in part.fields):
            out.append(_draw(part.parts, get, names))
    return "".join(out)


def parse(source: str, *, fields: Collection[str] | None = None,
          functions: Mapping[str, Callable[[Any], Any]] | None = None,
          words: Mapping[str, Mapping[str, str]] | None = None) -> Template:
    """`source` parsed, or a TemplateError saying what is wrong. `fields`: the names a
    field may start with (None: any); `functions`: the ruleset's own filters; `words`: its
    tables of words, for the `words TABLE` filter."""
    if not isinstance(source, str):
        raise TemplateError("expected a text")
    top: list = []
    stack = [top]
    text, i = "", 0
    while i < len(source):
        ch, pair = source[i], source[i:i + 2]
        if pair in ("{{", "}}", "[[", "]]"):
            text, i = text + ch, i + 2
            continue
        if ch == "}":
            raise TemplateError("a '}' with no '{' before it (write '}}' for a brace)")
        if ch == "]" and len(stack) == 1:
            raise TemplateError("a ']' with no '[' before it (write ']]' for a bracket)")
        if ch not in "{[]":
            text, i = text + ch, i + 1
            continue
        if text:
            stack[-1].append(text)
            text = ""
        if ch == "[":
            if len(stack) > 1:
                raise TemplateError("an optional part inside another")
            stack.append([])
            i += 1
        elif ch == "]":
            part = Optional(tuple(stack.pop()))
            if not part.fields:
                raise TemplateError("an optional part with no field in it")
            stack[-1].append(part)
            i += 1
        else:
            end = source.find("}", i)
            if end < 0:
                raise TemplateError(f"a '{{' that is never closed: {source[i:i + 20]!r}")
            stack[-1].append(_field(source[i + 1:end], fields, functions or {}, words or {}))
            i = end + 1
    if text:
        stack[-1].append(text)
    if len(stack) > 1:
        raise TemplateError("a '[' that is never closed (write '[[' for a bracket)")
    return Template(source, tuple(top))


def _field(inside: str, fields, functions, words) -> Field:
    head, *filters = inside.split("|")
    head, mark, short = head.strip().partition("!")
    if mark:            # the short forms: {actor!n} is {actor|name}, {weapon!i} {weapon|item}
        if short not in SHORT:
            raise TemplateError(f"{{{inside}}}: '!' is followed by n (a name) or i (an item)")
        filters.insert(0, SHORT[short])
    path = tuple(head.split("."))
    if not all(p.isidentifier() and not p.startswith("_") for p in path):
        raise TemplateError(f"{{{inside}}} does not name a field (names start with a letter)")
    if fields is not None and path[0] not in fields:
        raise TemplateError(f"unknown field '{path[0]}'" + _near(path[0], fields))
    return Field(path, tuple(_filter(f.strip(), functions, words) for f in filters))


def _filter(text: str, functions, words) -> tuple[Callable[..., Any], str]:
    name, _, arg = text.partition(" ")
    arg = arg.strip()
    if name in functions and name not in FILTERS:
        if arg:
            raise TemplateError(f"the filter '{name}' takes nothing after its name")
        function = functions[name]
        return (lambda v, names, _: function(v)), ""
    if name not in FILTERS:
        raise TemplateError(f"unknown filter '{name}'"
                            + (_near(name, [*FILTERS, *functions], listed=False)
                               or _near(name, FILTERS)))
    apply, takes = FILTERS[name]
    if takes and not arg:
        raise TemplateError(f"the filter '{name}' needs a word after it, e.g. "
                            f"'{name} {'tile' if name == 'plural' else 'x'}'")
    if not takes and arg:
        raise TemplateError(f"the filter '{name}' takes nothing after its name")
    if name == "words":
        if arg not in words:
            raise TemplateError(f"no words '{arg}' in the file" + _near(arg, words))
        table = words[arg]
        return (lambda v, names, _: table.get(v, v)), ""
    return apply, arg


def _near(name: str, known: Iterable[str], listed: bool = True) -> str:
    """`` (did you mean 'x'?)``, else (when `listed`) every name known."""
    import difflib  # only a mistake needs it
    known = sorted(known)
    close = difflib.get_close_matches(name, known, n=1)
    if close:
        return f" (did you mean '{close[0]}'?)"
    return f" (known: {', '.join(known)})" if known and listed else ""
