"""Reading `kinds.yaml` into a checked declaration: its records (fields with a type in
words, default, ruling, sheet number), its kinds and its numbers record. Each mistake is
one line naming file, line, entry and key; a declaration that passes makes its `Kinds`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.content import schema as s
from shaper_gm.content.kinds.circles import refuse_circles
from shaper_gm.content.kinds.reader import Kinds
from shaper_gm.content.kinds.words import (
    NESTED,
    Type,
    bound_names,
    module_words,
    parse_type,
    provisional_check,
    validator,
    whole_of,
)
from shaper_gm.content.library import known
from shaper_gm.content.schema import Bad, ContentError, Ctx, EntryLines, Field, show
from shaper_gm.records import record


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
    non_empty: bool = False       # entries: at least one
    hold: bool = True             # false: read and handed to the kind's check, not held


@record
class RecordDecl:
    name: str
    fields: tuple[FieldDecl, ...]
    lookups: tuple[tuple[str, str], ...] = ()
    methods: tuple[tuple[str, str], ...] = ()       # method -> function of the module
    properties: tuple[tuple[str, str], ...] = ()


@record
class KindDecl:
    name: str
    record: str
    noun: str
    space: str = ""
    sets: tuple[tuple[str, Any], ...] = ()
    base: str = ""
    check: str = ""               # a function of the module: an item's own rules
    gives: tuple[str, ...] = ()   # fields its check gives, not written


_FIELD_KEYS = {
    "type": Field(parse_type, required=True), "default": Field(lambda v: v),
    "required": Field(s.boolean), "key": Field(s.boolean), "sheet": Field(s.boolean),
    "ruling": Field(s.text), "flag": Field(s.text), "every": Field(s.boolean),
    "provisional": Field(s.boolean),
    "needs": Field(lambda v: v if isinstance(v, str) else s.list_of(s.text)(v)),
    "needs_why": Field(s.text),
    "non_empty": Field(s.boolean), "hold": Field(s.boolean),
}
_RECORD_KEYS = {"fields": Field(lambda v: v, required=True),
                "lookups": Field(s.mapping_of(s.snake_name, s.snake_name)),
                "methods": Field(s.mapping_of(s.snake_name, s.snake_name)),
                "properties": Field(s.mapping_of(s.snake_name, s.snake_name))}
_KIND_KEYS = {"record": Field(s.text, required=True), "noun": Field(s.text, required=True),
              "space": Field(s.ident), "set": Field(s.mapping_of(s.snake_name, lambda v: v)),
              "base": Field(s.snake_name), "check": Field(s.snake_name),
              "gives": Field(s.list_of(s.snake_name))}
_TOP_KEYS = {"numbers": Field(s.text, required=True), "records": Field(lambda v: v,
                                                                        required=True),
             "kinds": Field(lambda v: v, required=True), "called": Field(s.text)}


def load_kinds(ruleset_id: str, module: Any, root: Any = None) -> Kinds:
    """The ruleset's compiled `kinds.yaml` (one ContentError listing its problems);
    `module` is where the names it gives are looked up: tuples of words (`one of
    ATTACK_TYPES`) and checks (`check: check_stat_roll`). The same declaration, wherever it was
    read, gives the same record classes. A content folder without one (a GM's copy
    from before declarations) is read by the shipped declaration."""
    from shaper_gm.content.folders import content_root, declaration, shipped_root
    found = declaration(ruleset_id, "kinds.yaml", root)
    if found is None and content_root(root) != shipped_root().resolve():
        found = declaration(ruleset_id, "kinds.yaml", shipped_root())
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
    top = s.check_fields(ctx, data, _TOP_KEYS) or {}
    records: dict[str, RecordDecl] = {}
    for name, raw in _entries(ctx, top, "records"):
        records[name] = _record_decl(_entry(ctx, "records", name), name, raw, module)
    kinds: dict[str, KindDecl] = {}
    for name, raw in _entries(ctx, top, "kinds"):
        here = _entry(ctx, "kinds", name)
        before = len(ctx.errors)
        good = s.check_fields(here, raw, _KIND_KEYS)
        if good and len(ctx.errors) == before and _record_known(here, "record", good, records):
            kinds[name] = KindDecl(name, good["record"], good["noun"], good.get("space", ""),
                                   good.get("set", ()),
                                   good.get("base", ""), good.get("check", ""),
                                   good.get("gives", ()))
    numbers = top.get("numbers", "")
    if numbers and numbers not in records:
        ctx.error("numbers", f"no record {numbers!r}{known(records, numbers)}")
    _cross_check(ctx, records, kinds, numbers, module, "kinds" in top)
    if ctx.errors:
        raise ContentError(ctx.errors)
    return Kinds(ruleset_id, records, kinds, numbers, module, top.get("called", ruleset_id))


def _record_known(here: Ctx, key: str, good: Mapping, records: Mapping) -> bool:
    """Whether the record `good[key]` names is declared; if not, an error at `key`."""
    if good[key] in records:
        return True
    here.error(key, f"no record {good[key]!r}{known(records, good[key])}")
    return False


def _entry(ctx: Ctx, section: str, name: str) -> Ctx:
    """The Ctx of one entry (`records.Sheet`), its lines those of the entry's keys."""
    item = f"{section}.{name}"
    lines = EntryLines(ctx.lines, (section, name)) if ctx.lines else None
    return Ctx(ctx.errors, ctx.file, item, lines)


def _entries(ctx: Ctx, values: Mapping, key: str) -> list[tuple[str, Any]]:
    """The (name, entry) pairs under `key` of checked `values` (none when it is missing:
    that is reported as such)."""
    if key not in values:
        return []
    raw = values[key]
    if not isinstance(raw, Mapping):
        ctx.error(key, f"expected a mapping of names to entries, got {show(raw)}")
        return []
    return [(str(name), value) for name, value in raw.items()]


def _record_decl(here: Ctx, name: str, raw: Any, module: Any) -> RecordDecl:
    words = module_words(module)
    good = s.check_fields(here, raw, _RECORD_KEYS) or {}
    fields = []
    for field_name, spec in _entries(here, good, "fields"):
        spec = {"type": spec} if isinstance(spec, str) else spec
        before = len(here.errors)
        values = s.check_fields(here, spec, _FIELD_KEYS, prefix=f"fields.{field_name}.")
        if values is None or len(here.errors) > before:
            continue
        kind = values.pop("type")
        has_default = "default" in values
        needs = values.pop("needs", ())
        if isinstance(needs, str):
            if not isinstance(words.get(needs), tuple):
                here.error(f"fields.{field_name}.needs", f"no words {needs!r} in the "
                           f"ruleset's module{known(words, needs)}")
            needs = words.get(needs, ())
        decl = FieldDecl(field_name, kind, has_default=has_default, needs=tuple(needs),
                         **values)
        if has_default:
            decl = replace(decl, default=_default(here, f"fields.{field_name}.default",
                                                  decl, module))
        fields.append(decl)
    return RecordDecl(name, tuple(fields), good.get("lookups", ()),
                      good.get("methods", ()), good.get("properties", ()))


def _default(here: Ctx, key: str, decl: FieldDecl, module: Any) -> Any:
    """A default as the record holds it (lists as tuples), checked by its own type with
    no bounds that name numbers."""
    if decl.default is None or decl.kind.word in NESTED:
        return decl.default           # only null is allowed there (`_check_field`)
    check = provisional_check(None) if decl.kind.word == "provisional" \
        else validator(_unbounded(decl.kind), {}, module_words(module),
                       module if _checks_exist(decl.kind, module) else None)
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


def _checks_exist(kind: Type, module: Any) -> bool:
    """Whether every `checked by` function of the type exists (a missing one is reported
    on its own: the default is then not checked)."""
    return all(callable(getattr(module, name, None)) for name in _checked_names(kind))


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
    refuse_circles(records, lambda name: _entry(ctx, "records", name))
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
                                         f"{known(dict.fromkeys(names), key)}")
        if not kind.base:
            _unwritten(here, "record", records[kind.record],
                       {"id", *dict(kind.sets), *kind.gives})
        if kind.gives and not kind.check:
            here.error("gives", "only a kind with a check can give fields")
        if not kind.base or number_fields is None:
            continue
        base = number_fields.get(kind.base)
        if base is None:
            here.error("base", f"no number {kind.base!r}{known(number_fields, kind.base)}")
        elif base.kind != Type("numbers", (kind.record,)):
            here.error("base", f"the number {kind.base!r} is not 'numbers of {kind.record}'")


def _unwritten(here: Ctx, key: str, decl: RecordDecl, given: set[str],
               written: bool = True) -> None:
    """Each field of `decl` a file does not write (key: false; with `written` False, none
    but its sheet numbers) and the reader does not give has a default."""
    missing = [f.name for f in decl.fields if not f.has_default and f.name not in given
               and f.hold and not (f.key and (written or f.sheet))]
    if missing:
        here.error(key, f"the record {decl.name!r} cannot be made here: no default for "
                        f"{', '.join(missing)}")


def _check_field(here: Ctx, f: FieldDecl, records: Mapping[str, RecordDecl], module: Any,
                 in_numbers: bool) -> None:
    """What one field names exists (the functions of its type in the ruleset's module);
    a nested record is a number's (ruleset.yaml's) only."""
    key = f"fields.{f.name}"
    for name in _checked_names(f.kind):
        _callable(here, f"{key}.type", name, module)
    if f.kind.word in NESTED and not in_numbers:
        here.error(f"{key}.type", f"'{f.kind.word}' is a type of the numbers' fields only")
    nested = records.get(f.kind.names[0]) if f.kind.word in NESTED else None
    if f.kind.word == "entries" and nested and "id" not in {g.name for g in nested.fields}:
        here.error(f"{key}.type", f"the record {f.kind.names[0]!r} of entries needs an 'id' "
                                  "field (key: false): an entry's name")
    elif nested:
        given = {"id"} if f.kind.word == "entries" else set()
        _unwritten(here, f"{key}.type", nested, given, written=f.kind.word != "numbers")
    if f.kind.word in NESTED and f.has_default and f.default is not None:
        here.error(f"{key}.default", "a number made of a record takes its defaults from "
                                     "the record")


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
        if f.sheet and whole_of(f.kind).word != "whole":
            here.error(f"{key}.sheet", "only a whole number can be a sheet number")
        if f.every and not (f.kind.word == "mapping" and f.kind.inner[0].word == "one"):
            here.error(f"{key}.every", "only a 'mapping of one of WORDS to TYPE' can "
                                       "require every word")
        if not f.hold:
            continue                  # not in the record: its check reads it
        if f.key and not f.has_default and not f.required and not is_numbers \
                and f.kind.word not in NESTED:
            here.error(f"{key}.required", "missing: a field without a default is required")
        if f.has_default or f.kind.word in NESTED:       # (the latter: numbers only)
            with_default = with_default or f.name
        elif with_default and not is_numbers:
            late.append(f.name)
    if late:
        here.error(f"fields.{late[0]}.default", f"missing: a field without a default "
                   f"({', '.join(late)}) cannot follow one with a default ({with_default!r})")
    names = {f.name for f in decl.fields}
    for method, key in decl.lookups:
        if key not in names:
            here.error(f"lookups.{method}", f"no field {key!r}"
                                            f"{known(dict.fromkeys(names), key)}")


def _type_problems(kind: Type, kinds: Mapping | None, records: Mapping, words: Mapping,
                   numbers: Mapping | None) -> list[str]:
    out = []
    if kind.word == "ref" and kinds is not None:
        out += [f"no kind {k!r}{known(kinds, k)}" for k in kind.names if k not in kinds]
    if kind.word in NESTED and kind.names[0] not in records:      # (a record of numbers)
        out.append(f"no record {kind.names[0]!r}{known(records, kind.names[0])}")
    if kind.word == "one" and len(kind.names) == 1 and kind.names[0].isupper() \
            and not isinstance(words.get(kind.names[0]), tuple):
        out.append(f"no words {kind.names[0]!r} in the ruleset's module"
                   f"{known(words, kind.names[0])}")
    if numbers is not None:
        out += [f"no number {name!r} to bound it{known(numbers, name)}"
                if name not in numbers else f"the number {name!r} bounds it: a whole number"
                for name in sorted(bound_names(kind))
                if name not in numbers or numbers[name].kind.word != "whole"]
    for inner in kind.inner:
        out += _type_problems(inner, kinds, records, words, numbers)
    return out
