"""Small validators for content YAML, and the error collector they report to.

A validator takes a YAML value and returns it converted (lists become tuples) or raises
`Bad`. `check_fields` runs a table of them over one mapping and records every problem
in a `Ctx`, so one load reports all errors at once instead of stopping at the first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import field
from typing import Any

from shaper_gm.records import record

ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# Fallback when shaper_gm.dice is not importable: NdM or a constant, joined by + or -.
_TERM = r"(?:\d*d\d+|\d+)"
DICE_RE = re.compile(rf"^\s*{_TERM}(?:\s*[+-]\s*{_TERM})*\s*$", re.IGNORECASE)

Validator = Callable[[Any], Any]


class ContentError(ValueError):
    """Content that cannot be loaded; `errors` holds one message per problem."""

    def __init__(self, errors: list[str] | tuple[str, ...]) -> None:
        self.errors = tuple(errors)
        super().__init__("\n".join(self.errors))

    def summary(self) -> str:
        """One line: the first problem, and how many more there are."""
        more = len(self.errors) - 1
        return self.errors[0] + (f" (and {more} more)" if more else "")


class Bad(Exception):
    """Raised by a validator; `sub` locates the problem inside the value (e.g. "[2]")."""

    def __init__(self, message: str, sub: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.sub = sub


@record(frozen=False)
class Ctx:
    """Where errors go, and which file and item they are about; `lines` maps the file's
    key paths to their lines (`yamlio.Marked.lines`), so a message names its line."""

    errors: list[str] = field(default_factory=list)
    file: str = ""
    item: str | None = None
    lines: Mapping[tuple[str, ...], int] | None = None

    def error(self, key: str | None, message: str) -> None:
        parts = [self.file]
        line = self.line(key)
        if line:
            parts.append(f"line {line}")
        if self.item is not None:
            parts.append(f"item '{_printable(self.item)}'")
        if key:
            parts.append(f"key '{_printable(key)}'")
        self.errors.append(": ".join(parts + [_printable(message)]))

    def at(self, file: str, item: str | None = None, lines: Any = None) -> Ctx:
        """The same error list, about another file or item; `lines` is the file's data
        when it carries them (a `Marked` mapping), else those of this file go on."""
        found = getattr(lines, "lines", None)
        if found is None and file == self.file:
            found = self.lines
        return Ctx(self.errors, file, item, found)

    def line(self, key: str | None) -> int:
        """The line of `key` (``costs.move``, ``weapons[2]``) of the item, or of the
        nearest key around it that the file holds; 0 when unknown."""
        if not self.lines:
            return 0
        path = () if self.item is None else (self.item,)
        path += tuple(_KEY_PART.findall(key)) if key else ()
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return 0


_KEY_PART = re.compile(r"[^.\[\]]+")


class EntryLines(Mapping):
    """The lines of one entry's keys (`section.name`, its item in a Ctx), looked up in
    the file's when asked: a declaration is compiled as a ruleset starts, and its lines
    are wanted only for a mistake."""

    def __init__(self, lines: Mapping[tuple[str, ...], int], entry: tuple[str, str]) -> None:
        self._lines, self._entry, self._item = lines, entry, ".".join(entry)

    def __getitem__(self, path: tuple[str, ...]) -> int:
        if path[:1] != (self._item,):
            raise KeyError(path)
        return self._lines[(*self._entry, *path[1:])]

    def __contains__(self, path: object) -> bool:
        return isinstance(path, tuple) and path[:1] == (self._item,) \
            and (*self._entry, *path[1:]) in self._lines

    def __iter__(self):
        return iter([(self._item, *path[2:]) for path in self._lines
                     if path[:2] == self._entry])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _printable(text: str) -> str:
    """`text` with line breaks and other control characters escaped: one line."""
    return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")


@record
class Field:
    check: Validator
    required: bool = False


def required(check: Validator, *keys: str) -> dict[str, Field]:
    """Required keys that share one check, for a field table."""
    return {key: Field(check, required=True) for key in keys}


def show(value: Any) -> str:
    """A value as an error message quotes it."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    return repr(value)


def check_fields(ctx: Ctx, raw: Any, fields: Mapping[str, Field], prefix: str = "",
                 what: str = "a mapping of keys") -> dict[str, Any] | None:
    """Validate `raw` against `fields`; return the good values (None if not a mapping)."""
    if not isinstance(raw, Mapping):
        ctx.error(prefix.rstrip(".") or None, f"expected {what}, got {show(raw)}")
        return None
    out: dict[str, Any] = {}
    for key, value in raw.items():
        spec = fields.get(key) if isinstance(key, str) else None
        if spec is None:
            ctx.error(f"{prefix}{key}", "unknown key" + _suggest(key, fields))
            continue
        try:
            out[key] = spec.check(value)
        except Bad as exc:
            ctx.error(f"{prefix}{key}{exc.sub}", exc.message)
    for key, spec in fields.items():
        if spec.required and key not in raw:
            ctx.error(f"{prefix}{key}", "missing (required)")
    return out


def _suggest(key: Any, fields: Mapping[str, Field]) -> str:
    import difflib  # only a miss needs it
    close = difflib.get_close_matches(str(key), list(fields), n=1)
    if close:
        return f" (did you mean '{close[0]}'?)"
    return f" (allowed: {', '.join(fields)})"


# -- validators ---------------------------------------------------------------------

def text(value: Any) -> str:
    if not isinstance(value, str):
        raise Bad(f"expected text, got {show(value)}")
    return value


def boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Bad(f"expected true or false, got {show(value)}")
    return value


def integer(low: int | None = None, high: int | None = None) -> Validator:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Bad(f"expected a whole number, got {show(value)}")
        if low is not None and value < low or high is not None and value > high:
            bounds = f"at least {low}" if high is None else f"from {low} to {high}"
            raise Bad(f"expected a whole number {bounds}, got {value}")
        return value
    return check


def choice(options: tuple[str, ...]) -> Validator:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise Bad(f"expected one of {', '.join(options)}; got {show(value)}")
        return value
    return check


def ident(value: Any) -> str:
    if not isinstance(value, str) or not ID_RE.match(value):
        raise Bad(f"expected an id (lowercase letters, digits and '-'), got {show(value)}")
    return value


def snake_name(value: Any) -> str:
    """A name the rules look up (`pickup_close`): lowercase letters, digits and '_'."""
    if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", value):
        raise Bad(f"expected a name of lowercase letters, digits and '_', got {show(value)}")
    return value


def grid(value: Any) -> tuple[int, int]:
    """`12x12`: columns (1-26) by rows (1-99), as `new --grid` takes it."""
    found = re.fullmatch(r"\s*(\d{1,3})\s*x\s*(\d{1,3})\s*", value) \
        if isinstance(value, str) else None
    if not found:
        raise Bad(f"expected COLSxROWS, e.g. 12x12, got {show(value)}")
    cols, rows = int(found[1]), int(found[2])
    if not (1 <= cols <= 26 and 1 <= rows <= 99):
        raise Bad(f"{cols}x{rows} is out of range: 1 to 26 columns, 1 to 99 rows")
    return cols, rows


def dice(value: Any) -> str:
    if not isinstance(value, str) or not _dice_ok(value):
        raise Bad(f"expected a dice expression like 1d6+3, got {show(value)}")
    return value.strip()


def optional(check: Validator) -> Validator:
    def inner(value: Any) -> Any:
        return None if value is None else check(value)
    return inner


def list_of(check: Validator, *, non_empty: bool = False, unique: bool = True) -> Validator:
    def inner(value: Any) -> tuple:
        if not isinstance(value, list):
            raise Bad(f"expected a list, got {show(value)}")
        if non_empty and not value:
            raise Bad("expected at least one entry, got an empty list")
        out = []
        for index, item in enumerate(value):
            try:
                converted = check(item)
            except Bad as exc:
                raise Bad(exc.message, f"[{index}]{exc.sub}") from None
            if unique and converted in out:
                raise Bad(f"{show(item)} is listed twice", f"[{index}]")
            out.append(converted)
        return tuple(out)
    return inner


def mapping_of(check_key: Validator, check_value: Validator) -> Validator:
    """A mapping, converted to a tuple of (key, value) pairs in file order."""
    def inner(value: Any) -> tuple:
        if not isinstance(value, Mapping):
            raise Bad(f"expected a mapping, got {show(value)}")
        out = []
        for key, item in value.items():
            try:
                out.append((check_key(key), check_value(item)))
            except Bad as exc:
                raise Bad(exc.message, f".{key}{exc.sub}") from None
        return tuple(out)
    return inner


def _dice_ok(expr: str) -> bool:
    if _dice_parse is None:
        return bool(DICE_RE.match(expr))
    try:
        _dice_parse(expr)
    except _dice_errors:
        return False
    return True


def _find_dice_parser() -> tuple[Callable[[str], Any] | None, tuple[type[Exception], ...]]:
    """The dice package's parser when it exists (it is written alongside this one)."""
    try:
        from shaper_gm.dice import parse
    except ImportError:
        return None, ()
    try:
        from shaper_gm.dice import DiceSyntaxError
    except ImportError:
        return parse, (ValueError,)
    return parse, (DiceSyntaxError, ValueError)


_dice_parse, _dice_errors = _find_dice_parser()
