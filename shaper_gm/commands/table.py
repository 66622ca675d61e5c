"""Verbs declared where they are written: module-level functions with a decorator.

A module keeps one `VerbTable`; `@table.command(...)` declares a verb whose function
takes the command's `Context`, and `table.declare(ACTION, ...)` a play action
(`engine.actions`): the engine runs the turn around it and the command layer resolves
its request, hands it the dice slots and writes its log line. Nothing registers at
import: `VerbTable.install(registry, rs)` puts the verbs
into one encounter's registry, reading any metadata given as a function of the ruleset
(`usage=lambda rs: ...`). A verb's usage line is derived from its positionals and
flags (`commands.usage`) unless given; `words={"actor": "TARGET"}` names a positional
the way its usage shows it.

A ruleset declares its verbs in `content/ID/verbs.yaml` instead: its `verbs` module
keeps `VerbTable.from_file(__name__)` and the handlers the file names, and the table is
filled from the file (`commands.verbfile`) the first time it is installed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from shaper_gm.commands.usage import ruleset_words, usage_line, with_flags
from shaper_gm.engine.actions import Action

# Metadata that may be given as a function of the ruleset.
DERIVED = ("usage", "summary", "examples", "flags", "rules", "aliases", "positionals",
           "notes", "words")


def with_usage(name: str, meta: dict[str, Any], rs) -> dict[str, Any]:
    """`meta` without its `words`, with a usage line: its own, else one derived."""
    words = ruleset_words(rs, meta.pop("words", {}))
    if "usage" not in meta:
        meta["usage"] = usage_line(name, meta.get("positionals", ()),
                                   meta.get("flags", ()), words)
    return meta


class Declared:
    """One declaration: the verb's metadata, and its action or its function."""

    def __init__(self, name: str, function: Callable | Action, meta: dict[str, Any]) -> None:
        self.name = name
        self.function = function
        self.meta = meta

    def metadata(self, rs) -> dict[str, Any]:
        meta = {key: value(rs) if key in DERIVED and callable(value) else value
                for key, value in self.meta.items()}
        return with_usage(self.name, meta, rs)


class VerbTable:
    def __init__(self, module: str | None = None) -> None:
        self._declared: list[Declared] = []
        self._extensions: list[tuple[str, dict[str, Any]]] = []
        self.module = module          # the `verbs` module of a table read from a file

    @classmethod
    def from_file(cls, module: str) -> VerbTable:
        """The table of the ruleset whose `verbs` module is `module`, read from its
        `content/ID/verbs.yaml` when first installed (once per process)."""
        return cls(module)

    @property
    def declared(self) -> list[Declared]:
        self.read()
        return self._declared

    @property
    def extensions(self) -> list[tuple[str, dict[str, Any]]]:
        self.read()
        return self._extensions

    def read(self, rs=None) -> None:
        """Fill a table declared in a file from it, once; its texts are checked against
        `rs` (default: the ruleset over its shipped content). The table changes only
        when the whole file is good: a broken one is read again next time."""
        module = self.module
        if module is None:
            return
        from shaper_gm.commands.verbfile import read_verbs, shipped_ruleset
        read = VerbTable()
        read_verbs(read, module, rs if rs is not None else shipped_ruleset(module))
        self._declared, self._extensions = read._declared, read._extensions
        self.module = None

    def add(self, name: str, function: Callable | Action, meta: dict[str, Any]) -> None:
        """A verb read from a file: an action's, or a handler's taking the Context."""
        self._declared.append(Declared(name, function, meta))

    def extend(self, name: str, *, flags: Any = (), before: str | None = None,
               **meta: Any) -> None:
        """Extend a shared verb for this ruleset: `flags` join its flags (before the flag
        `before`, else at the end); `usage`, `summary`, `rules` or `examples` given here
        replace its own, and `slots` give it dice slots; a usage line that ends in its
        flags (as a derived one does) takes the new ones. Its handler reads the new
        flags from the request (a shared verb hands them to the ruleset's hook, e.g.
        `damage` to `rs.damage` as options)."""
        self._extensions.append((name, {"flags": flags, "before": before, **meta}))

    def command(self, name: str, **meta: Any) -> Callable[[Callable], Callable]:
        """A verb whose function takes the command's Context and returns an Outcome."""
        def declare(function: Callable) -> Callable:
            self._declared.append(Declared(name, function, meta))
            return function
        return declare

    def apply_extensions(self, registry, rs) -> None:
        """Extend the shared verbs already in `registry` as this table declares."""
        self.read(rs)
        for name, spec in self.extensions:
            values = {key: value(rs) if key in DERIVED and callable(value) else value
                      for key, value in spec.items()}
            verb = registry.verbs[name]
            extra = tuple(values.pop("flags"))
            before = values.pop("before")
            if isinstance(values.get("slots"), Mapping):    # name -> (repeats, help)
                values["slots"] = tuple((n, repeats) for n, (repeats, _) in
                                        values["slots"].items())
            flags = list(verb.flags)
            at = next((i for i, f in enumerate(flags) if f.name == before), len(flags))
            flags[at:at] = extra
            if "usage" not in values:
                values["usage"] = with_flags(verb.usage, verb.flags, flags) or verb.usage
            registry.verbs[name] = replace(verb, flags=tuple(flags), **values)

    def declare(self, action: Action, *, parse: Callable | None = None, **meta: Any) -> None:
        """A verb for an action declared elsewhere (the engine's, a ruleset's rules)."""
        self._declared.append(Declared(action.name, action, {**meta, "parse": parse}))

    def install(self, registry, rs) -> None:
        from shaper_gm.commands.acting import action_handler, read_request
        self.read(rs)
        for entry in self.declared:
            meta = entry.metadata(rs)
            parse, pick = meta.pop("parse", None), meta.pop("pick", None)
            logs = meta.pop("logs", None)     # the request as the log writes it
            slots = meta.pop("slots", ())
            if isinstance(slots, Mapping):          # name -> (repeats, help)
                slots = tuple((name, repeats) for name, (repeats, _) in slots.items())
            handler = entry.function
            action = handler if isinstance(handler, Action) else None
            if action is not None:
                handler = action_handler(action, parse, logs, pick)
            registry.command(entry.name, slots=slots, action=action,
                             reads=(parse or read_request) if action else None, **meta)(handler)
