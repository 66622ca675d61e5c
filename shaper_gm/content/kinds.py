"""`kinds.yaml`: a ruleset's records, item kinds and numbers, declared, and the one reader
that builds its content from them.

A record (`Sheet`, `Attack`) is a list of fields, each with a type written in words
(``whole 1..roll_die+1``, ``list of ref weapons, spells``, ``optional text``), a default,
whether an item must give it, the ruling it implements and, for a sheet number, the range
`add --stat` shares (`sheetnumbers`). `numbers:` names the record `ruleset.yaml` builds;
`kinds:` maps each item file (`weapons.yaml`) to its record, the id namespace it shares,
what a message calls one, values the kind sets (`set: {kind: weapon}`) and the number
an item starts from (`base: default_sheet`). The records are frozen, built once per
declaration; a mistake in the declaration is a ContentError naming file, entry and key.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import field as dc_field
from dataclasses import replace
from typing import Any

from shaper_gm.content import schema as s
from shaper_gm.content.library import (
    Kind,
    Ref,
    build_items,
    check_provisional,
    check_refs,
    checked,
    defined,
    entries,
    require,
    sort_files,
)
from shaper_gm.content.schema import Bad, ContentError, Ctx, Field, Validator, show
from shaper_gm.content.sheetnumbers import Number, SheetNumbers
from shaper_gm.engine import limits
from shaper_gm.records import record

Env = Mapping[str, Any]          # the numbers' values, which bounds and rulings may name


# -- types, written in words ------------------------------------------------------------

@record
class Type:
    """A field's type: `word` (whole, text, boolean, id, dice, one, ref, optional, list,
    mapping, numbers, provisional), its words or kinds (`names`), its range (`low`,
    `high`: a number, a number's name with an offset, or None), and inner types."""

    word: str
    names: tuple[str, ...] = ()
    low: Any = None
    high: Any = None
    inner: tuple[Type, ...] = ()


_SIMPLE = ("text", "boolean", "id", "name", "dice", "grid", "provisional")
# Types made of a record: all its sheet numbers (a default sheet, as the record), some of
# them as (name, N) pairs, one nested record, named entries of it (their names its ids).
_NESTED = ("numbers", "sheet", "record", "entries")
_BOUND = r"-?(?:\d+|max|[a-z_]+(?:[+-]\d+)?)"
_RANGE = re.compile(rf"({_BOUND})?\.\.({_BOUND})?")
TYPE_WORDS = ("whole [LOW..HIGH]", "text", "boolean", "id", "name", "dice", "grid",
              "checked by FUNCTION", "one of WORD|...",
              "ref KIND|...", "optional TYPE", "list of TYPE", "mapping of TYPE to TYPE",
              "numbers of RECORD", "sheet of RECORD", "record RECORD",
              "entries of RECORD", "provisional")


def parse_type(text: str) -> Type:
    """A type from its words; Bad saying what was expected where it is not one."""
    if not isinstance(text, str):
        raise Bad(f"expected a type in words ({'; '.join(TYPE_WORDS)}), got {show(text)}")
    words = re.findall(r"[^\s,|]+|[,|]", text)
    found, rest = _parse(words, text)
    if rest:
        raise Bad(f"{' '.join(rest)!r} is left over after the type {text!r}")
    return found


def _parse(words: list[str], text: str) -> tuple[Type, list[str]]:
    if not words:
        raise Bad(f"{text!r} ends where a type should be ({'; '.join(TYPE_WORDS)})")
    word, rest = words[0], words[1:]
    if word in _SIMPLE:
        return Type(word), rest
    if word == "whole":
        found = _RANGE.fullmatch(rest[0]) if rest else None
        if not found:
            return Type("whole"), rest
        return Type("whole", low=_bound(found[1]), high=_bound(found[2])), rest[1:]
    if word in ("one", "mapping", "list", *_NESTED) and word != "record" \
            and rest[:1] != ["of"]:
        raise Bad(f"expected '{word} of' in {text!r}")
    if word in ("one", "ref"):
        names, rest = _names(rest[1:] if word == "one" else rest, text)
        return Type(word, names), rest
    if word == "checked":
        if rest[:1] != ["by"] or len(rest) < 2:
            raise Bad(f"expected 'checked by NAME' (a function of the ruleset's module) in "
                      f"{text!r}")
        return Type("checked", (rest[1],)), rest[2:]
    if word in _NESTED:
        rest = rest if word == "record" else rest[1:]
        if not rest:
            raise Bad(f"expected a record's name after {word!r} in {text!r}")
        return Type(word, (rest[0],)), rest[1:]
    if word in ("optional", "list"):
        inner, rest = _parse(rest[1:] if word == "list" else rest, text)
        return Type(word, inner=(inner,)), rest
    if word == "mapping":
        key, rest = _parse(rest[1:], text)
        if rest[:1] != ["to"]:
            raise Bad(f"expected 'to' and the values' type in {text!r}")
        value, rest = _parse(rest[1:], text)
        return Type("mapping", inner=(key, value)), rest
    raise Bad(f"{word!r} is not a type: expected one of {'; '.join(TYPE_WORDS)}")


def _names(words: list[str], text: str) -> tuple[tuple[str, ...], list[str]]:
    """`a|b|c` (or `a, b, c`): names, up to the first without a separator after it."""
    names = []
    while words and words[0] not in _SEPARATORS:
        names.append(words[0])
        if words[1:2] not in ([","], ["|"]):
            return tuple(names), words[1:]
        words = words[2:]
    raise Bad(f"expected names separated by '|' in {text!r}")


_SEPARATORS = (",", "|")


def _bound(text: str | None) -> Any:
    if text is None:
        return None
    if text.lstrip("-").isdigit():
        return int(text)
    if text in ("max", "-max"):
        return limits.MAX_NUMBER * (-1 if text[0] == "-" else 1)
    return text


def bound(value: Any, env: Env) -> int | None:
    """A bound's value: a number, or a number of the ruleset's (`roll_die+1`)."""
    if value is None or isinstance(value, int):
        return value
    name, sign, offset = re.fullmatch(r"([a-z_]+)(?:([+-])(\d+))?", value).groups()
    return env[name] + (int(offset) * (1 if sign == "+" else -1) if sign else 0)


def bound_names(kind: Type) -> set[str]:
    """The numbers a type's bounds name, nested types too."""
    own = {b.rstrip("+-0123456789") for b in (kind.low, kind.high) if isinstance(b, str)}
    return own.union(*(bound_names(inner) for inner in kind.inner))


# -- declarations -----------------------------------------------------------------------

@record
class FieldDecl:
    name: str
    kind: Type
    default: Any = None
    has_default: bool = False
    required: bool = False
    key: bool = True              # whether an item may write it (`id` is the item's id)
    sheet: bool = False           # a sheet number, its range shared with `add --stat`
    ruling: str = ""
    flag: str = ""
    every: bool = False           # a mapping that must hold each of its keys' words
    needs: tuple[str, ...] = ()   # keys a mapping must hold, and why (`needs_why`)
    needs_why: str = ""
    provisional: bool = True      # whether the numbers' `provisional` may name it
    check: str = ""               # a function of the ruleset's module that checks it
    sets: tuple[tuple[str, Any], ...] = ()   # a nested record's values not written
    non_empty: bool = False       # entries: at least one


@record
class RecordDecl:
    name: str
    fields: tuple[FieldDecl, ...]
    lookups: tuple[tuple[str, str], ...] = ()
    sheet_order: tuple[str, ...] = ()
    methods: tuple[tuple[str, str], ...] = ()       # method -> function of the module
    properties: tuple[tuple[str, str], ...] = ()


@record
class KindDecl:
    name: str
    record: str
    noun: str
    space: str = ""
    sets: tuple[tuple[str, Any], ...] = ()
    defaults: tuple[tuple[str, Any], ...] = ()
    base: str = ""
    check: str = ""               # a function of the module: an item's own rules


_FIELD_KEYS = {
    "type": Field(parse_type, required=True), "default": Field(lambda v: v),
    "required": Field(s.boolean), "key": Field(s.boolean), "sheet": Field(s.boolean),
    "ruling": Field(s.text), "flag": Field(s.text), "every": Field(s.boolean),
    "provisional": Field(s.boolean), "check": Field(s.snake_name),
    "needs": Field(lambda v: v if isinstance(v, str) else s.list_of(s.text)(v)),
    "needs_why": Field(s.text), "set": Field(s.mapping_of(s.snake_name, lambda v: v)),
    "non_empty": Field(s.boolean),
}
_RECORD_KEYS = {"fields": Field(lambda v: v, required=True),
                "lookups": Field(s.mapping_of(s.snake_name, s.snake_name)),
                "sheet_order": Field(s.list_of(s.snake_name)),
                "methods": Field(s.mapping_of(s.snake_name, s.snake_name)),
                "properties": Field(s.mapping_of(s.snake_name, s.snake_name))}
_KIND_KEYS = {"record": Field(s.text, required=True), "noun": Field(s.text, required=True),
              "space": Field(s.ident), "set": Field(s.mapping_of(s.snake_name, lambda v: v)),
              "defaults": Field(s.mapping_of(s.snake_name, lambda v: v)),
              "base": Field(s.snake_name), "check": Field(s.snake_name)}
_TOP_KEYS = {"numbers": Field(s.text, required=True), "records": Field(lambda v: v,
                                                                        required=True),
             "kinds": Field(lambda v: v, required=True), "called": Field(s.text)}


class Kinds:
    """One ruleset's compiled `kinds.yaml`: its record classes, item kinds and numbers."""

    def __init__(self, ruleset_id: str, records: dict[str, RecordDecl],
                 kinds: dict[str, KindDecl], numbers: str, module: Any,
                 called: str = "") -> None:
        self.ruleset_id = ruleset_id
        self.called = called or ruleset_id      # what messages call its content
        self.decls = records
        self.kinds = kinds
        self.numbers_record = numbers
        self.module = module
        self.words = module_words(module)
        self.classes: dict[str, type] = {}
        for name in records:
            self.record(name)
        self.bounding = set().union(*(bound_names(f.kind) for decl in records.values()
                                      for f in decl.fields))

    def record(self, name: str) -> type:
        """The frozen record class `name`, made once."""
        if name not in self.classes:
            decl = self.decls[name]
            self.classes[name] = _make_class(self, decl)
        return self.classes[name]

    # Checks of values ------------------------------------------------------------------
    def validator(self, kind: Type, env: Env) -> Validator:
        """The check of a value of type `kind`, its bounds read from `env`."""
        return validator(kind, env, self.words, self.module)

    def choices(self, kind: Type) -> tuple[str, ...]:
        return choices(kind, self.words)

    def check_of(self, f: FieldDecl, env: Env) -> Validator:
        """A field's check: its type's, then the ruleset's own function when it names
        one (which returns the value or raises ValueError saying what is wrong)."""
        if f.kind.word == "sheet":
            check = self.sheet_numbers(f.kind.names[0], env).mapping()
        elif f.non_empty and f.kind.word == "list":
            check = s.list_of(self.validator(f.kind.inner[0], env), non_empty=True)
        else:
            check = self.validator(f.kind, env)
        if not f.check:
            return check
        own = getattr(self.module, f.check)

        def checked_too(value: Any) -> Any:
            value = check(value)
            try:
                return own(value)
            except ValueError as exc:
                raise Bad(str(exc)) from None
        return checked_too

    def table(self, record_name: str, env: Env, *, all_sheet: bool = False,
              but: Collection[str] = ()) -> dict[str, Field]:
        """The field table of a record's keys (but those of `but`); `all_sheet`: only
        its sheet numbers, each required (a default sheet)."""
        decl = self.decls[record_name]
        ranges = self.sheet_numbers(record_name, env)
        out: dict[str, Field] = {}
        for f in decl.fields:
            if not f.key or f.name in but or (all_sheet and not f.sheet):
                continue
            if f.sheet:
                out[f.name] = replace(ranges[f.name].field(), required=all_sheet)
            elif f.kind.word == "provisional":
                out[f.name] = Field(_provisional(tuple(
                    g.name for g in decl.fields if g.key and g.name not in _NOT_MARKED)))
            else:
                out[f.name] = Field(self.check_of(f, env), f.required)
        return out

    def sheet_numbers(self, record_name: str, env: Env) -> SheetNumbers:
        """The record's sheet numbers with their ranges (`add --stat`, `set`, a save),
        in its `sheet_order` when it gives one."""
        decl = self.decls[record_name]
        by_name = {f.name: f for f in decl.fields if f.sheet}
        numbers = []
        for name in decl.sheet_order or tuple(by_name):
            f = by_name[name]
            whole = _whole(f.kind)
            high = bound(whole.high, env)
            low = bound(whole.low, env)
            numbers.append(Number(name, -limits.MAX_NUMBER if low is None else low, _top(high),
                                  flag=f.flag, why=f.ruling.format(**env, high=high)))
        return SheetNumbers(*numbers)

    def refs(self, record_name: str) -> tuple[Ref, ...]:
        """The keys of a record that name items of other kinds; a number's ruling is
        cited when it names nothing."""
        out = []
        numbers = record_name == self.numbers_record
        for f in self.decls[record_name].fields:
            kinds = _ref_kinds(f.kind)
            if kinds:
                out.append(Ref(f.name, kinds, " or ".join(self.kinds[k].noun for k in kinds),
                               f.ruling if numbers else ""))
        return tuple(out)

    # Reading a folder ------------------------------------------------------------------
    def build(self, files: list[tuple[str, Any]], after: Callable | None = None
              ) -> tuple[Any, dict[str, dict[str, Any]]]:
        """The numbers and the items by kind from (display name, data) pairs; every
        problem at once as a ContentError. `after(ctx, numbers_ctx, numbers, items,
        origin)` checks what only the ruleset's code can, before that."""
        ctx = Ctx()
        (display, raw), found = sort_files(ctx, files, self.ruleset_id, self.called,
                                           tuple(self.kinds))
        here = ctx.at(display, lines=raw)
        numbers, env = self.numbers(here, raw)
        builders = {name: Kind(self._builder(kind, numbers, env), kind.space,
                               self.refs(kind.record)) for name, kind in self.kinds.items()}
        items, origin = build_items(ctx, found, builders, lines=True)
        if numbers is not None:
            check_refs(here, numbers, self.refs(self.numbers_record), defined(origin))
            if after is not None:
                after(ctx, here, numbers, items, origin)
        if ctx.errors or numbers is None:
            raise ContentError(ctx.errors)
        return numbers, items

    def numbers(self, here: Ctx, raw: Any) -> tuple[Any, dict[str, Any]]:
        """The numbers record of `ruleset.yaml` (None when a number without a default is
        missing or broken), and the values bounds read: the defaults, under the numbers
        that bound others, read first."""
        decl = self.decls[self.numbers_record]
        env = {f.name: self._default_of(f) for f in decl.fields if f.has_default}
        given = raw if isinstance(raw, Mapping) else {}
        for f in decl.fields:
            if f.name in self.bounding and f.name in given:
                try:
                    env[f.name] = self.validator(f.kind, {})(given[f.name])
                except Bad:
                    pass
        nested = {f.name: f for f in decl.fields if f.kind.word in _NESTED
                  and f.kind.word != "sheet"}
        table = {f.name: Field(self.check_of(f, env) if f.name not in nested
                               else lambda v: v, f.required) for f in decl.fields if f.key}
        good = s.check_fields(here, raw, table) or {}
        marks = good.get("provisional", ())
        for name, f in nested.items():
            if name in good:
                value = self._nested(here, f, good.pop(name), env)
                if value is not None and name in marks and f.kind.word == "record" \
                        and "provisional" in value.__dataclass_fields__:
                    value = replace(value, provisional=True)    # marked in the numbers
                if value is not None:
                    good[name] = value
        for f in decl.fields:
            if f.every or f.needs:
                why = f": {f.needs_why}" if f.needs_why else ""
                require(here, good, f.name, f.needs or self.choices(f.kind.inner[0]), why)
        marked = {f.name: Field(s.text) for f in decl.fields if f.provisional}
        check_provisional(here, raw, {**marked, "provisional": Field(s.text)})
        if any(f.name not in good and not f.has_default and f.kind.word != "numbers"
               for f in decl.fields):
            return None, env
        numbers = self.record(self.numbers_record)(**good)
        return numbers, _env(numbers)

    def _nested(self, here: Ctx, f: FieldDecl, value: Any, env: Env) -> Any:
        """A number made of a record: `numbers of` (each sheet number required; what is
        good is kept), `record` (whole or None) or `entries of` (the good ones)."""
        record_name, prefix = f.kind.names[0], f"{f.name}."
        cls = self.record(record_name)
        if f.kind.word == "numbers":
            table = self.table(record_name, env, all_sheet=True)
            return cls(**(s.check_fields(here, value, table, prefix=prefix) or {}))
        sets = dict(f.sets)
        table = self.table(record_name, env, but=sets)
        if f.kind.word == "record":
            good = checked(here, value, table, prefix)
            return None if good is None else cls(**sets, **good)
        made = tuple(entries(here, value, f.name, table,
                             lambda name, **good: cls(id=name, **sets, **good)))
        if f.non_empty and not made and isinstance(value, Mapping):
            why = f" ({f.ruling})" if f.ruling else ""
            here.error(f.name, f"expected at least one entry{why}")
        return made

    def _default_of(self, f: FieldDecl) -> Any:
        if f.kind.word == "numbers":
            return self.record(f.kind.names[0])()
        return f.default

    def _builder(self, kind: KindDecl, numbers: Any, env: Env) -> Callable:
        table = self.table(kind.record, env)
        cls = self.record(kind.record)
        start = None
        if kind.base:
            start = getattr(numbers, kind.base) if numbers is not None else cls()
        sets, defaults = dict(kind.sets), dict(kind.defaults)
        own = getattr(self.module, kind.check) if kind.check else None

        def build(ctx: Ctx, item_id: str, raw: Any) -> Any:
            good = checked(ctx, raw, table)
            if good is None:
                return None
            values = {**defaults, **good, **sets}
            problems = own(values) if own else ()
            for key, message in problems:
                ctx.error(key, message)
            if problems:
                return None
            if start is not None:
                return replace(start, id=item_id, **values)
            return cls(id=item_id, **values)
        return build


def _whole(kind: Type) -> Type:
    """The whole number of a sheet number's type (`whole 0..` or `optional whole 0..`)."""
    return kind.inner[0] if kind.word == "optional" else kind


def validator(kind: Type, env: Env, words: Mapping[str, Any], module: Any = None) -> Validator:
    """The check of a value of type `kind`, its bounds read from `env` (a `numbers of`
    field is read by `Kinds.numbers`, `provisional` by `Kinds.table`)."""
    word = kind.word
    if word == "whole":
        return s.integer(bound(kind.low, env), bound(kind.high, env))
    if word in ("text", "dice", "boolean"):
        return getattr(s, word)
    if word in ("id", "ref"):
        return s.ident
    if word == "name":
        return s.snake_name
    if word == "grid":
        return s.grid
    if word == "checked":
        return getattr(module, kind.names[0]) if module is not None else lambda value: value
    if word == "one":
        return _words(choices(kind, words))
    if word == "optional":
        return s.optional(validator(kind.inner[0], env, words, module))
    if word == "list":
        return s.list_of(validator(kind.inner[0], env, words, module))
    if word == "mapping":
        return s.mapping_of(*(validator(inner, env, words, module) for inner in kind.inner))
    return lambda value: value


def choices(kind: Type, words: Mapping[str, Any]) -> tuple[str, ...]:
    """The words of `one of`: as written, or a tuple the ruleset's module names."""
    if len(kind.names) == 1 and kind.names[0].isupper():
        return words[kind.names[0]]
    return kind.names


_NOT_MARKED = ("name", "description", "provisional")


def _provisional(keys: tuple[str, ...] | None) -> Validator:
    """`true` (an invented item: ("*",)), `false`, or a list of the item's keys that
    the source does not state (any text when `keys` is None)."""
    names = s.list_of(s.text if keys is None else s.choice(keys))

    def check(value: Any) -> tuple[str, ...]:
        if value is True:
            return ("*",)
        if value is False:
            return ()
        return names(value)
    return check


def _words(options: tuple[str, ...]) -> Validator:
    """`one of`: a word of `options`; YAML's unquoted true/false read as those words."""
    pick = s.choice(options)

    def check(value: Any) -> str:
        if isinstance(value, bool) and str(value).lower() in options:
            return str(value).lower()
        return pick(value)
    return check


def _ref_kinds(kind: Type) -> tuple[str, ...]:
    if kind.word == "ref":
        return kind.names
    return next((found for inner in kind.inner if (found := _ref_kinds(inner))), ())


def _top(high: int | None) -> int | None:
    return None if high == limits.MAX_NUMBER else high


def _env(numbers: Any) -> dict[str, Any]:
    return {name: getattr(numbers, name) for name in numbers.__dataclass_fields__}


# -- making the record classes -----------------------------------------------------------

_PYTHON = {"whole": int, "text": str, "boolean": bool, "id": str, "name": str, "dice": str,
           "one": str, "ref": str, "checked": str, "grid": tuple[int, int]}


def _python_type(kinds: Kinds, kind: Type) -> Any:
    word = kind.word
    if word in _PYTHON:
        return _PYTHON[word]
    if word == "optional":
        return _python_type(kinds, kind.inner[0]) | None
    if word in ("list", "provisional"):
        inner = str if word == "provisional" else _python_type(kinds, kind.inner[0])
        return tuple[inner, ...]
    if word == "mapping":
        key, value = (_python_type(kinds, inner) for inner in kind.inner)
        return tuple[tuple[key, value], ...]
    if word == "sheet":
        return tuple[tuple[str, int], ...]
    if word == "entries":
        return tuple[kinds.record(kind.names[0]), ...]
    return kinds.record(kind.names[0])            # numbers of RECORD, record RECORD


def _make_class(kinds: Kinds, decl: RecordDecl) -> type:
    namespace: dict[str, Any] = {"__annotations__": {}, "__module__": __name__,
                                 "__qualname__": decl.name,
                                 "__doc__": f"{decl.name} record of {kinds.ruleset_id}."}
    for f in decl.fields:
        python = _python_type(kinds, f.kind)
        nullable = f.has_default and f.default is None and f.kind.word != "optional"
        namespace["__annotations__"][f.name] = python | None if nullable else python
        if f.kind.word == "numbers":
            namespace[f.name] = dc_field(default_factory=kinds.record(f.kind.names[0]))
        elif f.has_default:
            namespace[f.name] = f.default
    for method, key in decl.lookups:
        namespace[method] = _lookup(key)
    for method, function in decl.methods:
        namespace[method] = getattr(kinds.module, function)
    for name, function in decl.properties:
        namespace[name] = property(getattr(kinds.module, function))
    return record(type(decl.name, (), namespace))


def _lookup(key: str) -> Callable[[Any, str], Any]:
    """A method reading `key` by name: a mapping's value (a mapping of its own as a
    dict), or the entry with that id (None when there is none)."""
    def look(self: Any, name: str) -> Any:
        held = getattr(self, key)
        if held and not isinstance(held[0], tuple):
            return next((entry for entry in held if entry.id == name), None)
        value = dict(held)[name]
        return dict(value) if isinstance(value, tuple) else value
    look.__doc__ = f"The value of `{key}` under `name`."
    return look


# -- reading kinds.yaml -------------------------------------------------------------------

def load_kinds(ruleset_id: str, module: Any, root: Any = None) -> Kinds:
    """The ruleset's compiled `kinds.yaml` (one ContentError listing its problems);
    `module` is where the names it gives are looked up: tuples of words (`one of
    ATTACK_TYPES`) and checks (`check: stat_roll`). The same declaration, wherever it was
    read, gives the same record classes."""
    from shaper_gm.content.folders import declaration
    found = declaration(ruleset_id, "kinds.yaml", root)
    if found is None:
        raise ContentError([f"content/{ruleset_id}: kinds.yaml is missing (the kinds of "
                            "its items and its numbers)"])
    display, data = found
    key = (ruleset_id, json.dumps(data, default=str), module.__name__)
    if key not in _COMPILED:
        _COMPILED[key] = compile_kinds(ruleset_id, data, display, module,
                                       getattr(data, "lines", None))
    return _COMPILED[key]


_COMPILED: dict[tuple, Kinds] = {}


def compile_kinds(ruleset_id: str, data: Any, display: str, module: Any,
                  lines: Mapping | None = None) -> Kinds:
    """The Kinds a `kinds.yaml` (`data`) declares, checked, its names looked up in
    `module`: one ContentError naming file, line, entry and key for each problem."""
    ctx = Ctx(file=display, lines=lines)
    words = module_words(module)
    top = s.check_fields(ctx, data, _TOP_KEYS) or {}
    records: dict[str, RecordDecl] = {}
    for name, raw in _entries(ctx, top.get("records"), "records"):
        records[name] = _record_decl(_entry(ctx, "records", name), name, raw, words)
    kinds: dict[str, KindDecl] = {}
    for name, raw in _entries(ctx, top.get("kinds"), "kinds"):
        here = _entry(ctx, "kinds", name)
        before = len(ctx.errors)
        good = s.check_fields(here, raw, _KIND_KEYS)
        if good and len(ctx.errors) == before and _known(here, "record", good, records):
            kinds[name] = KindDecl(name, good["record"], good["noun"], good.get("space", ""),
                                   good.get("set", ()), good.get("defaults", ()),
                                   good.get("base", ""), good.get("check", ""))
    numbers = top.get("numbers", "")
    if numbers and numbers not in records:
        ctx.error("numbers", f"no record {numbers!r}{s_known(records, numbers)}")
    _cross_check(ctx, records, kinds, numbers, module, "kinds" in top)
    if ctx.errors:
        raise ContentError(ctx.errors)
    return Kinds(ruleset_id, records, kinds, numbers, module, top.get("called", ruleset_id))


def s_known(found: Mapping, name: str) -> str:
    from shaper_gm.content.library import known
    return known(found, name)


def _known(here: Ctx, key: str, good: Mapping, records: Mapping) -> bool:
    if good[key] in records:
        return True
    here.error(key, f"no record {good[key]!r}{s_known(records, good[key])}")
    return False


def _entry(ctx: Ctx, section: str, name: str) -> Ctx:
    """The Ctx of one entry (`records.Sheet`), its lines those of the entry's keys."""
    item = f"{section}.{name}"
    lines = {(item, *path[2:]): line for path, line in (ctx.lines or {}).items()
             if path[:2] == (section, name)}
    return Ctx(ctx.errors, ctx.file, item, lines)


def _entries(ctx: Ctx, raw: Any, key: str) -> list[tuple[str, Any]]:
    if raw is None:
        return []
    if not isinstance(raw, Mapping):
        ctx.error(key, f"expected a mapping of names to entries, got {show(raw)}")
        return []
    return [(str(name), value) for name, value in raw.items()]


def _record_decl(here: Ctx, name: str, raw: Any, words: Mapping[str, Any]) -> RecordDecl:
    good = s.check_fields(here, raw, _RECORD_KEYS) or {}
    fields = []
    for field_name, spec in _entries(here, good.get("fields"), "fields"):
        spec = {"type": spec} if isinstance(spec, str) else spec
        before = len(here.errors)
        values = s.check_fields(here, spec, _FIELD_KEYS, prefix=f"fields.{field_name}.")
        if values is None or len(here.errors) > before:
            continue
        kind = values.pop("type")
        has_default = "default" in values
        values["sets"] = values.pop("set", ())
        needs = values.pop("needs", ())
        if isinstance(needs, str):
            if not isinstance(words.get(needs), tuple):
                here.error(f"fields.{field_name}.needs", f"no words {needs!r} in the "
                           f"ruleset's module{s_known(words, needs)}")
            needs = words.get(needs, ())
        decl = FieldDecl(field_name, kind, has_default=has_default, needs=tuple(needs),
                         **values)
        if has_default:
            decl = replace(decl, default=_default(here, f"fields.{field_name}.default",
                                                  decl, words))
        fields.append(decl)
    return RecordDecl(name, tuple(fields), good.get("lookups", ()),
                      good.get("sheet_order", ()), good.get("methods", ()),
                      good.get("properties", ()))


def _default(here: Ctx, key: str, decl: FieldDecl, words: Mapping[str, Any]) -> Any:
    """A default as the record holds it (lists as tuples), checked by its own type with
    no bounds that name numbers."""
    if decl.default is None or decl.kind.word in _NESTED:
        return decl.default           # only null is allowed there (`_check_field`)
    check = _provisional(None) if decl.kind.word == "provisional" \
        else validator(_unbounded(decl.kind), {}, words)
    try:
        value = check(decl.default)
    except Bad as exc:
        here.error(key + exc.sub, exc.message)
        return None
    except KeyError:                  # `one of NAME` of no words: reported by its type
        return None
    if getattr(type(value), "__hash__", None) is None:     # (`checked by` a function)
        here.error(key, f"expected a value a record can hold as its default, got "
                        f"{show(decl.default)}")
        return None
    return value


def _unbounded(kind: Type) -> Type:
    return replace(kind, low=kind.low if not isinstance(kind.low, str) else None,
                   high=kind.high if not isinstance(kind.high, str) else None,
                   inner=tuple(_unbounded(inner) for inner in kind.inner))


def _cross_check(ctx: Ctx, records: Mapping[str, RecordDecl], kinds: Mapping[str, KindDecl],
                 numbers: str, module: Any, kinds_given: bool) -> None:
    """Names a declaration uses are declared (kinds a `ref` names, records, the words of
    the ruleset's module, the numbers a bound names, a kind's base), and each record can
    be made: defaults last, lookups of its own fields. What an earlier mistake leaves
    unknown (no numbers record, no kinds) is not reported again."""
    number_fields = {f.name: f for f in records[numbers].fields} if numbers in records \
        else None
    for record_name, decl in records.items():
        here = _entry(ctx, "records", record_name)
        _check_record(here, decl, kinds if kinds_given else None, records, module,
                      number_fields, record_name == numbers)
        for f in decl.fields:
            _check_field(here, f, records, module, record_name == numbers
                         or number_fields is None)
    for f in (number_fields or {}).values():
        if not f.has_default and f.kind.word != "numbers" and not f.required:
            _entry(ctx, "records", numbers).error(
                f"fields.{f.name}.default", "missing: a number that is not required has "
                                            "a default")
    for name, kind in kinds.items():
        here = _entry(ctx, "kinds", name)
        names = {f.name for f in records[kind.record].fields}
        if kind.check:
            _callable(here, "check", kind.check, module)
        if "id" not in names:
            here.error("record", f"the record {kind.record!r} of an item kind needs an "
                                 "'id' field (key: false)")
        for key, _ in kind.sets:
            if key not in names:
                here.error(f"set.{key}", f"no field {key!r} in {kind.record}"
                                         f"{s_known(dict.fromkeys(names), key)}")
        if not kind.base or number_fields is None:
            continue
        base = number_fields.get(kind.base)
        if base is None:
            here.error("base", f"no number {kind.base!r}{s_known(number_fields, kind.base)}")
        elif base.kind != Type("numbers", (kind.record,)):
            here.error("base", f"the number {kind.base!r} is not 'numbers of {kind.record}'")


def _check_field(here: Ctx, f: FieldDecl, records: Mapping[str, RecordDecl], module: Any,
                 in_numbers: bool) -> None:
    """What one field names exists: its check in the ruleset's module, the fields its
    nested record `set`s; a nested record is a number's (ruleset.yaml's) only."""
    key = f"fields.{f.name}"
    if f.check:
        _callable(here, f"{key}.check", f.check, module)
    for name in _checked_names(f.kind):
        _callable(here, f"{key}.type", name, module)
    if f.kind.word in _NESTED and not in_numbers:
        here.error(f"{key}.type", f"'{f.kind.word}' is a type of the numbers' fields only")
    if f.kind.word in _NESTED and f.has_default and f.default is not None:
        here.error(f"{key}.default", "a number made of a record takes its defaults from "
                                     "the record")
    nested = records.get(f.kind.names[0]) if f.kind.word in _NESTED else None
    for name, _ in f.sets:
        names = {g.name for g in nested.fields} if nested else set()
        if name not in names:
            here.error(f"{key}.set.{name}", f"no field {name!r} in the nested record"
                                            f"{s_known(dict.fromkeys(names), name)}")


def _callable(here: Ctx, key: str, name: str, module: Any) -> None:
    """`name` is a function of the ruleset's module, or an error at `key`."""
    if not callable(getattr(module, name, None)):
        here.error(key, f"no function {name!r} in {module.__name__}")


def _checked_names(kind: Type) -> list[str]:
    own = list(kind.names) if kind.word == "checked" else []
    return own + [name for inner in kind.inner for name in _checked_names(inner)]


def _check_record(here: Ctx, decl: RecordDecl, kinds: Mapping | None, records: Mapping,
                  module: Any, number_fields: Mapping | None, is_numbers: bool) -> None:
    words = module_words(module)
    with_default, late = "", []
    for f in decl.fields:
        key = f"fields.{f.name}"
        for problem in _type_problems(f.kind, kinds, records, words, number_fields):
            here.error(f"{key}.type", problem)
    for section in ("methods", "properties"):
        for method, function in getattr(decl, section):
            _callable(here, f"{section}.{method}", function, module)
    for f in decl.fields:
        key = f"fields.{f.name}"
        if f.sheet and _whole(f.kind).word != "whole":
            here.error(f"{key}.sheet", "only a whole number can be a sheet number")
        if f.every and not (f.kind.word == "mapping" and f.kind.inner[0].word == "one"):
            here.error(f"{key}.every", "only a 'mapping of one of WORDS to TYPE' can "
                                       "require every word")
        if f.has_default or f.kind.word in _NESTED:       # (the latter: numbers only)
            with_default = with_default or f.name
        elif with_default and not is_numbers:
            late.append(f.name)
    if late:
        here.error(f"fields.{late[0]}.default", f"missing: a field without a default "
                   f"({', '.join(late)}) cannot follow one with a default ({with_default!r})")
    names = {f.name for f in decl.fields}
    sheet = [f.name for f in decl.fields if f.sheet]
    if decl.sheet_order and sorted(decl.sheet_order) != sorted(sheet):
        here.error("sheet_order", f"expected each sheet number once: {', '.join(sheet)}")
    for method, key in decl.lookups:
        if key not in names:
            here.error(f"lookups.{method}", f"no field {key!r}"
                                            f"{s_known(dict.fromkeys(names), key)}")


def _type_problems(kind: Type, kinds: Mapping | None, records: Mapping, words: Mapping,
                   numbers: Mapping | None) -> list[str]:
    out = []
    if kind.word == "ref" and kinds is not None:
        out += [f"no kind {k!r}{s_known(kinds, k)}" for k in kind.names if k not in kinds]
    if kind.word == "numbers" and kind.names[0] not in records:
        out.append(f"no record {kind.names[0]!r}{s_known(records, kind.names[0])}")
    if kind.word == "one" and len(kind.names) == 1 and kind.names[0].isupper() \
            and not isinstance(words.get(kind.names[0]), tuple):
        out.append(f"no words {kind.names[0]!r} in the ruleset's module"
                   f"{s_known(words, kind.names[0])}")
    if numbers is not None:
        out += [f"no number {name!r} to bound it{s_known(numbers, name)}"
                for name in sorted(bound_names(kind) - set(numbers))]
    for inner in kind.inner:
        out += _type_problems(inner, kinds, records, words, numbers)
    return out
def module_words(module: Any) -> dict[str, tuple[str, ...]]:
    """The tuples of words a ruleset's module names in capitals (`ATTACK_TYPES`), which
    `one of NAME` may name."""
    return {name: value for name, value in vars(module).items()
            if name.isupper() and isinstance(value, tuple)
            and all(isinstance(word, str) for word in value)}


def env_of(numbers: Any) -> dict[str, Any]:
    """The numbers' values by name, which bounds and rulings name."""
    return _env(numbers)
