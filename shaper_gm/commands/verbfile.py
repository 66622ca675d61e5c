"""A ruleset's verbs read from `content/ID/verbs.yaml` (the format: docs/rulesets.md).

The file declares each verb of the ruleset (`verbs:`), the flags and dice slots several
of them share (`flag_sets:`, `slots:`) and what it adds to the shared verbs (`extend:`).
A verb is either one of the ruleset's actions (`action: attack.ATTACK`, a name in one of
its modules) or a handler (`handler: odds`, a function of its `verbs` module). Text may
refer to the ruleset (`{cost.attack}`, `{numbers.speed}`, `{term.cell}`, a value its
modules export): each such text becomes a function of the ruleset that `VerbTable`
calls when it installs the verbs. Every mistake is one line naming file, entry and key.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from shaper_gm.commands.args import ODDS_JSON
from shaper_gm.commands.slots import slot_flags
from shaper_gm.commands.verbtexts import (
    EXTENSION_FIELDS,
    FLAG_FIELDS,
    NAME_RE,
    SECTIONS,
    SLOT_FIELDS,
    VERB_FIELDS,
    FlagDraft,
    Unresolved,
    derived,
    flag_name,
    ruleset_module,
)
from shaper_gm.content.folders import declaration
from shaper_gm.content.schema import (
    Bad,
    ContentError,
    Ctx,
    check_fields,
    show,
)
from shaper_gm.engine.actions import Action

FILE = "verbs.yaml"
# Flag sets every file may use without declaring them.
BUILT_IN_SETS = ("slots", "react", "json")


class Reader:
    """Checks one verbs file: what it declares, as `VerbTable` takes it."""

    def __init__(self, ctx: Ctx, package: str, module: ModuleType) -> None:
        self.ctx = ctx
        self.package = package
        self.module = module
        self.flag_sets: dict[str, tuple] = {}
        self.slots: dict[str, tuple[bool, str]] = {}

    def at(self, section: str, name: Any) -> Reader:
        other = Reader(self.ctx.at(self.ctx.file, f"{section}.{name}"), self.package,
                       self.module)
        other.flag_sets, other.slots = self.flag_sets, self.slots
        return other

    def error(self, key: str | None, message: str) -> None:
        self.ctx.error(key, message)

    # --- the parts ------------------------------------------------------------------
    def slot_map(self, raw: Any, key: str = "slots") -> dict[str, tuple[bool, str]] | None:
        """`name: {each: true, help: ...}`, or a list of the names in `slots:`."""
        if isinstance(raw, list):
            out = {}
            for index, name in enumerate(raw):
                if not isinstance(name, str) or name not in self.slots:
                    known = ", ".join(self.slots) or "none"
                    self.error(f"{key}[{index}]", f"no slot {show(name)} in slots: "
                               f"(declared: {known})")
                else:
                    out[name] = self.slots[name]
            return out
        if not isinstance(raw, Mapping):
            self.error(key, f"expected a mapping of slots or a list of slot names, got "
                            f"{show(raw)}")
            return None
        out = {}
        for name, spec in raw.items():
            try:
                flag_name(name)
            except Bad as exc:
                self.error(f"{key}.{name}", exc.message)
                continue
            good = check_fields(self.ctx, spec, SLOT_FIELDS, f"{key}.{name}.",
                                "a mapping with each and help")
            if good is not None:
                out[name] = (good.get("each", False), good.get("help", ""))
        return out

    def flags(self, raw: Any, key: str, slots: Mapping | None) -> tuple:
        """A list of flags: mappings, and `use: SET` for a flag set."""
        if not isinstance(raw, list):
            self.error(key, f"expected a list of flags, got {show(raw)}")
            return ()
        out: list = []
        for index, entry in enumerate(raw):
            where = f"{key}[{index}]"
            if isinstance(entry, Mapping) and "use" in entry:
                out.extend(self.used(entry, where, slots))
                continue
            good = check_fields(self.ctx, entry, FLAG_FIELDS, where + ".",
                                "a flag (a mapping with name, kind, help, ...) or use: SET")
            if good is not None and "name" in good:
                out.append(FlagDraft(good))
        seen: set[str] = set()
        for draft in out:
            name = draft.fields["name"] if isinstance(draft, FlagDraft) else draft.name
            if name in seen:
                self.error(key, f"--{name} is declared twice")
            seen.add(name)
        return tuple(out)

    def used(self, entry: Mapping, where: str, slots: Mapping | None) -> tuple:
        if len(entry) > 1:
            others = ", ".join(str(k) for k in entry if k != "use")
            self.error(where, f"use: takes no other keys (got {others})")
        name = entry["use"]
        if not isinstance(name, str):
            self.error(f"{where}.use", f"expected the name of a flag set, got {show(name)}")
            return ()
        if name == "slots":
            if not slots:
                self.error(f"{where}.use", "use: slots, but the verb declares no slots")
            return slot_flags(slots or {})
        if name == "react":
            return slot_flags({}, react=True)
        if name == "json":
            return (ODDS_JSON,)
        if name not in self.flag_sets:
            known = ", ".join([*BUILT_IN_SETS, *self.flag_sets])
            self.error(f"{where}.use", f"no flag set {show(name)} (declared before it: "
                                       f"{known})")
            return ()
        return self.flag_sets[name]

    def function(self, name: str, key: str) -> Callable | None:
        found = getattr(self.module, name, None)
        if not callable(found):
            self.error(key, f"no function {name!r} in {self.module.__name__}")
            return None
        return found

    def action(self, ref: str, verb: str) -> Action | None:
        module, _, name = ref.partition(".")
        try:
            found = getattr(ruleset_module(self.package, module), name, None)
        except AttributeError as exc:
            self.error("action", str(exc))
            return None
        if not isinstance(found, Action):
            self.error("action", f"{ref} is not an action of {self.package}.{module}")
            return None
        if found.name != verb:
            self.error("action", f"{ref} is the action {found.name!r}, not {verb!r}")
            return None
        return found


class VerbsFileError(ContentError):
    """A ruleset's verbs file that cannot be read: every mistake, one a line."""

    def __init__(self, errors, ruleset_id: str) -> None:
        super().__init__(errors)
        self.hint = (f"fix content/{ruleset_id}/{FILE} (docs/rulesets.md, \"verbs.yaml\"), "
                     "or set SHAPER_GM_CONTENT to a content folder")


def read_verbs(table, module_name: str, rs) -> None:
    """Fill `table` (a `VerbTable`) from the verbs file of `rs`'s ruleset; `module_name`
    is its `verbs` module. A VerbsFileError lists every mistake, one a line."""
    try:
        found = declaration(rs.id, FILE)
    except ContentError as exc:                  # not YAML, not UTF-8, not a file
        raise VerbsFileError(exc.errors, rs.id) from None
    if found is None:
        raise VerbsFileError([f"content/{rs.id}/{FILE}: missing; the {rs.id} ruleset "
                              "declares its verbs there"], rs.id)
    display, data = found
    package = module_name.rpartition(".")[0]
    ctx = Ctx(file=display)
    reader = Reader(ctx, package, importlib.import_module(module_name))
    top = check_fields(ctx, data, SECTIONS,
                       what="a mapping with verbs, extend, flag_sets and slots")
    if top is None:
        raise VerbsFileError(ctx.errors, rs.id)
    declared, extensions = [], []
    for name, raw in section(ctx, top, "slots"):
        good = check_fields(ctx.at(display, f"slots.{name}"), raw, SLOT_FIELDS,
                            what="a mapping with each and help")
        if good is not None:
            reader.slots[name] = (good.get("each", False), good.get("help", ""))
    for name, raw in section(ctx, top, "flag_sets"):
        if name in BUILT_IN_SETS:
            ctx.at(display, f"flag_sets.{name}").error(
                None, f"{name!r} is a built-in flag set ({', '.join(BUILT_IN_SETS)}): "
                      "give yours another name")
            continue
        reader.flag_sets[name] = reader.at("flag_sets", name).flags(raw, "flags", None)
    for name, raw in section(ctx, top, "verbs"):
        entry = verb_entry(reader.at("verbs", name), name, raw)
        if entry is not None:
            declared.append(entry)
    shared = shared_flags(rs) if top.get("extend") else {}
    for name, raw in section(ctx, top, "extend"):
        where = reader.at("extend", name)
        meta = extension(where, raw)
        if meta is not None and extends(where, name, meta, shared):
            extensions.append((name, meta, where))
    check_texts(ctx, rs, declared, extensions)
    if ctx.errors:
        raise VerbsFileError(ctx.errors, rs.id)
    for name, function, meta in declared:
        table.add(name, function, meta)
    for name, meta, _ in extensions:
        table.extend(name, **meta)


def extends(where: Reader, name: str, meta: dict[str, Any],
            shared: Mapping[str, tuple[str, ...]]) -> bool:
    """Whether `name` is a shared verb, with the flag `before:` names; if not, an error."""
    if name not in shared:
        where.error(None, f"extends {name!r}, which is no shared verb (they are: "
                          f"{', '.join(sorted(shared))})")
        return False
    before = meta.get("before")
    if before is not None and before not in shared[name]:
        where.error("before", f"{name} has no flag --{before} (its flags: "
                              f"{', '.join(shared[name])})")
        return False
    return True


def shared_flags(rs) -> dict[str, tuple[str, ...]]:
    """The verbs every ruleset has (`commands/verbs/`), with their flags' names."""
    from shaper_gm.commands.verbs import gm, setup, turns, views
    out = {}
    for table in (setup.verbs, turns.verbs, gm.verbs, views.verbs):
        for entry in table.declared:
            flags = entry.meta.get("flags", ())
            out[entry.name] = tuple(f.name for f in (flags(rs) if callable(flags) else flags))
    return out


def shipped_ruleset(module_name: str):
    """The ruleset whose `verbs` module is `module_name`, over its shipped content."""
    from shaper_gm.engine import registry
    package = module_name.rpartition(".")[0]
    ruleset_id = next(rid for rid, (module, _) in registry.known().items()
                      if module == package)
    return registry.build(ruleset_id)


def section(ctx: Ctx, top: dict, key: str) -> list[tuple[str, Any]]:
    raw = top.get(key) or {}
    if not isinstance(raw, Mapping):
        ctx.error(key, f"expected a mapping of names to entries, got {show(raw)}")
        return []
    out = []
    for name, value in raw.items():
        if isinstance(name, str) and NAME_RE.fullmatch(name):
            out.append((name, value))
        else:
            ctx.error(f"{key}.{name}", "expected a name of lowercase letters, digits and '-'")
    return out


def verb_entry(reader: Reader, name: str, raw: Any):
    """(name, action or handler, metadata) of one `verbs:` entry, or None."""
    good = check_fields(reader.ctx, raw, VERB_FIELDS,
                        what="a mapping with action or handler, summary, ...")
    if good is None:
        return None
    if ("action" in good) == ("handler" in good):
        reader.error(None, "give one of action: (MODULE.NAME) or handler: (a function)")
        return None
    meta = parts(reader, good)
    if "handler" in good:
        if "parse" in good:
            reader.error("parse", "only an action takes parse:, a handler reads its words")
        function = reader.function(good["handler"], "handler")
    else:
        function = reader.action(good["action"], name)
        if "parse" in good:
            meta["parse"] = reader.function(good["parse"], "parse")
    return None if function is None else (name, function, meta)


def extension(reader: Reader, raw: Any) -> dict[str, Any] | None:
    good = check_fields(reader.ctx, raw, EXTENSION_FIELDS,
                        what="a mapping with flags, before, ...")
    return None if good is None else parts(reader, good)


def parts(reader: Reader, good: dict[str, Any]) -> dict[str, Any]:
    """The metadata as `VerbTable` takes it: slots and flags read, texts made functions of
    the ruleset."""
    meta = dict(good)
    for key in ("action", "handler", "parse"):
        meta.pop(key, None)
    if "slots" in meta:
        meta["slots"] = reader.slot_map(meta["slots"]) or {}
    if "flags" in meta:
        meta["flags"] = reader.flags(meta["flags"], "flags", meta.get("slots"))
    if "words" in meta:
        meta["words"] = dict(meta["words"])
    return {key: derived(value) for key, value in meta.items()}


def check_texts(ctx: Ctx, rs, declared: list, extensions: list) -> None:
    """Write every text once for `rs`: a reference that names nothing is a load error."""
    entries = [(Ctx(ctx.errors, ctx.file, f"verbs.{name}"), meta) for name, _, meta in declared]
    entries += [(where.ctx, meta) for _, meta, where in extensions]
    for where, meta in entries:
        for key, value in meta.items():
            if not callable(value) or key == "parse":
                continue
            try:
                value(rs)
            except Unresolved as exc:
                where.error(key, str(exc))
