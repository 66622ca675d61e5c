"""`Kinds`: one ruleset's compiled `kinds.yaml` -- its frozen record classes, made once,
and the reading of its folder into the numbers and the items by kind."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import field as dc_field
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from shaper_gm.content import schema as s
from shaper_gm.content.kinds.words import (
    NESTED,
    NOT_MARKED,
    Env,
    Type,
    bound,
    bound_names,
    choices,
    module_words,
    provisional_check,
    ref_kinds,
    top_of,
    validator,
    whole_of,
)
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
from shaper_gm.content.schema import Bad, ContentError, Ctx, Field, Validator
from shaper_gm.content.sheetnumbers import Number, SheetNumbers
from shaper_gm.engine import limits
from shaper_gm.records import record

if TYPE_CHECKING:
    from shaper_gm.content.kinds.decls import FieldDecl, KindDecl, RecordDecl


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
        """A field's check: its type's."""
        if f.non_empty and f.kind.word == "list":
            return s.list_of(self.validator(f.kind.inner[0], env), non_empty=True)
        return self.validator(f.kind, env)

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
                out[f.name] = Field(provisional_check(tuple(
                    g.name for g in decl.fields if g.key and g.name not in NOT_MARKED)))
            else:
                out[f.name] = Field(self.check_of(f, env), f.required)
        return out

    def sheet_numbers(self, record_name: str, env: Env) -> SheetNumbers:
        """The record's sheet numbers with their ranges (`add --stat`, `set`, a save),
        in the order of its fields."""
        decl = self.decls[record_name]
        by_name = {f.name: f for f in decl.fields if f.sheet}
        numbers = []
        for name in by_name:
            f = by_name[name]
            whole = whole_of(f.kind)
            high = bound(whole.high, env)
            low = bound(whole.low, env)
            numbers.append(Number(name, -limits.MAX_NUMBER if low is None else low, top_of(high),
                                  flag=f.flag, why=f.ruling.format(**env, high=high)))
        return SheetNumbers(*numbers)

    def refs(self, record_name: str) -> tuple[Ref, ...]:
        """The keys of a record that name items of other kinds; a number's ruling is
        cited when it names nothing."""
        out = []
        numbers = record_name == self.numbers_record
        for f in self.decls[record_name].fields:
            kinds = ref_kinds(f.kind)
            if kinds:
                out.append(Ref(f.name, kinds, " or ".join(self.kinds[k].noun for k in kinds),
                               f.ruling if numbers else ""))
        return tuple(out)

    # Reading a folder ------------------------------------------------------------------
    def build(self, files: list[tuple[str, Any]], after: Callable | None = None
              ) -> tuple[Any, dict[str, dict[str, Any]]]:
        """The numbers and the items by kind from (display name, data) pairs; every
        problem at once as a ContentError. `after(at, numbers_ctx, numbers, items,
        origin)` checks what only the ruleset's code can, before that; `at(kind, id)` is
        where a problem of an item goes (its file, and its lines)."""
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
                data = {name: data for pairs in found.values() for name, data in pairs}

                def at(kind: str, item_id: str) -> Ctx:
                    display = origin[(kind, item_id)]
                    return ctx.at(display, item_id, data.get(display))
                after(at, here, numbers, items, origin)
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
        nested = {f.name: f for f in decl.fields if f.kind.word in NESTED}
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
        numbers = self.record(self.numbers_record)(**self.held(self.numbers_record, good))
        return numbers, env_of(numbers)

    def _nested(self, here: Ctx, f: FieldDecl, value: Any, env: Env) -> Any:
        """A number made of a record: `numbers of` (each sheet number required; what is
        good is kept), `record` (whole or None) or `entries of` (the good ones)."""
        record_name, prefix = f.kind.names[0], f"{f.name}."
        cls = self.record(record_name)
        if f.kind.word == "numbers":
            table = self.table(record_name, env, all_sheet=True)
            return cls(**(s.check_fields(here, value, table, prefix=prefix) or {}))
        table = self.table(record_name, env)
        if f.kind.word == "record":
            good = checked(here, value, table, prefix)
            return None if good is None else cls(**self.held(record_name, good))
        made = tuple(entries(here, value, f.name, table, lambda name, **good: cls(
            id=name, **self.held(record_name, good))))
        if f.non_empty and not made and isinstance(value, Mapping):
            why = f" ({f.ruling})" if f.ruling else ""
            here.error(f.name, f"expected at least one entry{why}")
        return made

    def item(self, kind: str, ctx: Ctx, item_id: str, raw: Any, numbers: Any) -> Any:
        """One item of `kind` read as a file's would be (None when it has a problem)."""
        return self._builder(self.kinds[kind], numbers, env_of(numbers))(ctx, item_id, raw)

    def held(self, record_name: str, values: dict[str, Any]) -> dict[str, Any]:
        """`values` without the keys the record does not hold (`hold: false`)."""
        unheld = {f.name for f in self.decls[record_name].fields if not f.hold}
        return {k: v for k, v in values.items() if k not in unheld} if unheld else values

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
        sets = dict(kind.sets)
        own = getattr(self.module, kind.check) if kind.check else None
        written = own is not None and own.__code__.co_argcount > 2
        unheld = [f.name for f in self.decls[kind.record].fields if not f.hold]

        def build(ctx: Ctx, item_id: str, raw: Any) -> Any:
            before = len(ctx.errors)
            good = s.check_fields(ctx, raw, table)
            if good is None:
                return None
            values = {**good, **sets}
            # The item's own rules run on what is good, so that every problem is told; a
            # check taking a third argument gets the item as written too (to tell a key
            # left out from one whose problem was told).
            problems = () if own is None else own(values, numbers, raw) if written \
                else own(values, numbers)
            for key, message in problems:
                ctx.error(key, message)
            if len(ctx.errors) > before:
                return None
            for name in unheld:
                values.pop(name, None)
            if start is not None:
                return replace(start, id=item_id, **values)
            return cls(id=item_id, **values)
        return build


def env_of(numbers: Any) -> dict[str, Any]:
    return {name: getattr(numbers, name) for name in numbers.__dataclass_fields__}


# -- making the record classes ----------------------------------------------------------

_PYTHON = {"whole": int, "text": str, "boolean": bool, "id": str, "name": str, "dice": str,
           "one": str, "ref": str, "grid": tuple[int, int], "any": Any}


def _python_type(kinds: Kinds, kind: Type) -> Any:
    word = kind.word
    if word == "checked":                  # what the function says it returns
        import typing
        function = getattr(kinds.module, kind.names[0])
        return typing.get_type_hints(function).get("return", Any)
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
    if word == "entries":
        return tuple[kinds.record(kind.names[0]), ...]
    return kinds.record(kind.names[0])            # numbers of RECORD, record RECORD


def _make_class(kinds: Kinds, decl: RecordDecl) -> type:
    namespace: dict[str, Any] = {"__annotations__": {}, "__module__": kinds.module.__name__,
                                 "__qualname__": decl.name,
                                 "__doc__": f"{decl.name} record of {kinds.ruleset_id}."}
    for f in decl.fields:
        if not f.hold:
            continue
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
    # The numbers are made by name from ruleset.yaml: keyword-only, a required number may
    # follow one with a default (a nested record's, say) in any order.
    return record(kw_only=decl.name == kinds.numbers_record)(type(decl.name, (), namespace))


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
