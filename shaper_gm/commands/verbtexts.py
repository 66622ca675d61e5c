"""The texts and fields of a verbs file (`commands.verbfile`): a text's references to
the ruleset (`{cost.attack}`, `{numbers.speed}`, `{term.cell}`, a value its modules
export) and the checks of a flag, a slot, a verb and an extension."""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from shaper_gm.commands.args import KINDS, flag
from shaper_gm.content.schema import (
    Bad,
    Field,
    boolean,
    choice,
    list_of,
    mapping_of,
    show,
    snake_name,
    text,
)

GROUPS = ("setup", "play", "gm", "view", "file")
NAME_RE = re.compile(r"[a-z][a-z0-9-]*")
REF_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)?")
PLACE_RE = re.compile(r"\{([^{}|]*)(?:\|([^{}]*))?\}")
ACTION_RE = re.compile(r"[a-z_][a-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*")


class Text:
    """A text with references to the ruleset in braces: `{cost.attack} AP: ...`."""

    def __init__(self, parts: tuple) -> None:
        self.parts = parts          # plain strings and (reference, separator) pairs

    def __call__(self, rs) -> str:
        return "".join(part if isinstance(part, str) else shown(resolved(rs, part[0]), part[1])
                       for part in self.parts)


class Unresolved(LookupError):
    """A reference that names nothing in the ruleset."""


def resolved(rs, ref: str) -> Any:
    try:
        return value_of(rs, ref)
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        reason = exc.args[0] if exc.args else type(exc).__name__
        raise Unresolved(f"{{{ref}}} names nothing ({reason})") from None


def shown(value: Any, separator: str | None) -> str:
    """A value as text: a sequence joined by `separator` (default ``|``), a content item
    in it by its id (`{numbers.called_shots}`: ``head|arm|leg``), a mapping by its keys."""
    if isinstance(value, (tuple, list, Mapping)):
        return ("|" if separator is None else separator).join(
            str(getattr(item, "id", item)) for item in value)
    return str(value)


def value_of(rs, ref: str) -> Any:
    """What a reference names: `numbers.X`, `cost.X`, `term.X`, `library.X`, `odds_limits`,
    or a value of the ruleset's modules (`models.RANKS`; a plain name is in its `verbs`
    module); a function there is called with the ruleset."""
    head, _, tail = ref.partition(".")
    if head == "numbers" and tail:
        value = getattr(rs.numbers, tail)
        if callable(value):
            raise AttributeError(f"numbers.{tail} is not a number")
        return value
    if head == "cost" and tail:
        return rs.numbers.cost(tail)
    if head == "term" and tail:
        from shaper_gm.engine.ruleset_base import TERMS
        if tail not in rs.terms and tail not in TERMS:
            raise KeyError(f"the ruleset has no term {tail!r}")
        return rs.term(tail)
    if head == "library" and tail:           # the ids of a kind of item, sorted
        return tuple(sorted(getattr(rs.library, tail)))
    if ref == "odds_limits":
        from shaper_gm.engine.steps import odds_limits
        return odds_limits()
    module, name = (head, tail) if tail else ("verbs", head)
    package = type(rs).__module__.rpartition(".")[0]       # the ruleset's own package
    value = getattr(ruleset_module(package, module), name)
    return value(rs) if callable(value) else value


def ruleset_module(package: str, name: str) -> ModuleType:
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError:
        raise AttributeError(f"the ruleset has no module {name!r}") from None


def template(value: Any) -> str | Text:
    """Text, or a `Text` when it holds `{references}`."""
    value = text(value)
    parts: list = []
    at = 0
    for found in PLACE_RE.finditer(value):
        parts.append(value[at:found.start()])
        ref = found[1].strip()
        if not REF_RE.fullmatch(ref):
            raise Bad(f"{{{found[1]}}} is not a reference (e.g. {{cost.attack}}, "
                      "{numbers.speed}, {term.cell}, {models.NAME})")
        parts.append((ref, found[2]))
        at = found.end()
    parts.append(value[at:])
    if any(isinstance(p, str) and ("{" in p or "}" in p) for p in parts):
        raise Bad("a brace that opens no reference: write {name} or {name|separator}")
    return value if len(parts) == 1 else Text(tuple(p for p in parts if p != ""))


def flag_name(value: Any) -> str:
    if not isinstance(value, str) or not NAME_RE.fullmatch(value):
        raise Bad(f"expected a flag name (lowercase letters, digits and '-'), got {show(value)}")
    return value


def choices(value: Any) -> tuple | str:
    """A list of words, or the name of a value the ruleset exports (`models.TYPES`)."""
    if isinstance(value, str):
        if not REF_RE.fullmatch(value):
            raise Bad(f"expected a list of words or a value's name, got {show(value)}")
        return Text(((value, None),))
    return list_of(text)(value)


FLAG_FIELDS = {"name": Field(flag_name, required=True), "kind": Field(choice(KINDS)),
               "repeat": Field(boolean), "metavar": Field(template),
               "completes": Field(text), "choices": Field(choices),
               "help": Field(template), "reads_file": Field(boolean)}
SLOT_FIELDS = {"each": Field(boolean), "help": Field(text)}


def action_ref(value: Any) -> str:
    if not isinstance(value, str) or not ACTION_RE.fullmatch(value):
        raise Bad(f"expected MODULE.NAME, an action in one of the ruleset's modules "
                  f"(e.g. attack.ATTACK), got {show(value)}")
    return value


def as_is(value: Any) -> Any:
    """A part read on its own (a section, `slots`, `flags`)."""
    return value


SECTIONS = {"flag_sets": Field(as_is), "slots": Field(as_is),
            "verbs": Field(as_is, required=True), "extend": Field(as_is)}
# What a verb and an extension of a shared verb may say about it.
METADATA = {"summary": Field(template), "usage": Field(template),
            "rules": Field(text), "examples": Field(list_of(template)),
            "slots": Field(as_is), "flags": Field(as_is)}
VERB_FIELDS = {**METADATA, "summary": Field(template, required=True),
               "aliases": Field(list_of(text)), "positionals": Field(list_of(template)),
               "words": Field(mapping_of(template, template)), "group": Field(choice(GROUPS)),
               "logged": Field(boolean), "notes": Field(list_of(template)),
               "action": Field(action_ref), "handler": Field(snake_name),
               "parse": Field(snake_name)}
EXTENSION_FIELDS = {**METADATA, "before": Field(flag_name)}


def render(value: Any, rs) -> Any:
    """`value` with every `Text` in it written for `rs` (a flag's choices as a tuple)."""
    if isinstance(value, Text):
        return value(rs)
    if isinstance(value, tuple):
        return tuple(render(item, rs) for item in value)
    if isinstance(value, FlagDraft):
        return value.build(rs)
    if isinstance(value, dict):
        return {render(key, rs): render(item, rs) for key, item in value.items()}
    return value


def derived(value: Any) -> Any:
    """`value` as it is for every ruleset, or a function of the ruleset when it holds
    a `Text`."""
    return (lambda rs: render(value, rs)) if holds_text(value) else render(value, None)


def holds_text(value: Any) -> bool:
    if isinstance(value, Text):
        return True
    if isinstance(value, FlagDraft):
        return value.varies
    if isinstance(value, dict):
        return any(holds_text(item) for pair in value.items() for item in pair)
    return isinstance(value, tuple) and any(holds_text(item) for item in value)


class FlagDraft:
    """A flag as the file writes it; built into a `FlagSpec` for a ruleset."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.fields = fields
        self.varies = any(isinstance(v, Text) for v in fields.values())
        self.spec = None
        if not self.varies:
            self.spec = self.build(None)

    def build(self, rs):
        if self.spec is not None:
            return self.spec
        fields = {key: render(value, rs) for key, value in self.fields.items()
                  if key != "choices"}
        choices = self.fields.get("choices", ())     # a list, or a value's name (a Text)
        if isinstance(choices, Text):
            ref = choices.parts[0][0]
            found = resolved(rs, ref)
            if not isinstance(found, (tuple, list, Mapping)):     # the verbs table, say
                raise Unresolved(f"{{{ref}}} names no list of choices")
            choices = tuple(found)
        fields["choices"] = choices
        return flag(fields.pop("name"), fields.pop("kind", "bool"), **fields)
