"""Verbs and their metadata, registered by decorator on a registry instance."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Any

from shaper_gm.commands.args import FlagSpec
from shaper_gm.errors import CommandError, excerpt
from shaper_gm.records import record

# The file verbs the application adds (app/files.py), by every name they answer to: a
# save's log never holds them, whether or not this session knows them.
FILE_VERBS = frozenset({"save", "load", "export", "quit", "exit"})


@record
class Verb:
    name: str
    handler: Callable
    usage: str
    summary: str
    aliases: tuple[str, ...] = ()
    flags: tuple[FlagSpec, ...] = ()
    rules: str = ""               # rulings the verb applies, e.g. "S5-S7, S13"
    examples: tuple[str, ...] = ()
    group: str = "play"           # setup | play | gm | view | file
    logged: bool = True           # changes the encounter, so goes in the log
    takes_file: bool = False      # reads or writes files: never run from a save's log
    # What the positional words are, for completion: e.g. ("actor?", "targets").
    positionals: tuple[str, ...] = ()
    # Its dice slots: (name, rolled once per target or attempt?), in the order it rolls.
    slots: tuple[tuple[str, bool], ...] = ()
    notes: tuple[str, ...] = ()   # more lines `help VERB` shows: limits, caveats
    action: Any = None            # the engine's Action a play verb performs, if it is one
    reads: Callable | None = None     # how that action's request is read from a context

    def flag(self, name: str) -> FlagSpec | None:
        by_name = self.__dict__.get("_by_name")
        if by_name is None:             # worked out at the first read: verbs never change
            by_name = {}
            for spec in self.flags:
                by_name.setdefault(spec.name, spec)
            object.__setattr__(self, "_by_name", by_name)
        return by_name.get(name)

    def slot_map(self) -> dict[str, tuple[bool, str]]:
        """Its slots as `SlotDice` reads them: name -> (repeats, help)."""
        return {name: (repeats, getattr(self.flag(name), "help", ""))
                for name, repeats in self.slots}


@record(frozen=False)
class Registry:
    verbs: dict[str, Verb] = field(default_factory=dict)
    by_alias: dict[str, str] = field(default_factory=dict)
    ruleset: str = ""                 # the id of the ruleset whose encounters use it
    ruleset_name: str = ""
    shared: frozenset[str] = frozenset()   # verbs every ruleset has

    def mark_shared(self) -> None:
        """What is registered so far is shared; what comes after is the ruleset's own."""
        self.shared = frozenset(self.verbs)

    def own_verbs(self) -> list[str]:
        return sorted(n for n, v in self.verbs.items()
                      if n not in self.shared or v.group == "play" and n not in
                      ("end", "pass", "act", "react"))

    def command(self, name: str, *, usage: str, summary: str, aliases: tuple[str, ...] = (),
                flags: tuple[FlagSpec, ...] = (), rules: str = "",
                examples: tuple[str, ...] = (), group: str = "play", logged: bool = True,
                takes_file: bool = False, positionals: tuple[str, ...] = (),
                slots: tuple[tuple[str, bool], ...] = (), notes: tuple[str, ...] = (),
                action: Any = None, reads: Callable | None = None):
        def register(handler: Callable) -> Callable:
            verb = Verb(name, handler, usage, summary, aliases, flags, rules, examples, group,
                        logged, takes_file, positionals, tuple(slots), notes, action, reads)
            self.verbs[name] = verb
            self.by_alias[name] = name
            for alias in aliases:
                self.by_alias[alias] = name
            return handler
        return register

    def lookup(self, word: str) -> Verb:
        name = self.by_alias.get(word.lower())
        if name is None:
            shown = excerpt(word)
            import difflib  # only a miss needs it
            close = difflib.get_close_matches(word.lower(), list(self.by_alias), n=3)
            hint = f"did you mean {' or '.join(close)}?" if close else "type help for the list"
            if self.ruleset_name:
                plays = ", ".join(self.own_verbs())
                raise CommandError(f"unknown command {shown!r}: this encounter runs "
                                   f"{self.ruleset_name}, whose verbs are {plays}", hint)
            raise CommandError(f"unknown command {shown!r}", hint)
        return self.verbs[name]

    def names(self) -> list[str]:
        return sorted(self.by_alias)
