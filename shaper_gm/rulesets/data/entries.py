"""ruleset.yaml's `add_entries`: `add` flags that set one entry of a sheet mapping
(``--prof striking=expert``, ``--resist physical=1``, ``--speed fly=2``) or add a name to
a sheet list (``--immune t``), each word checked and refused in the ruleset's words
(Dungeoneers' D12, D20, D21). The template's own entries stay unless `replaces`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Field, boolean, choice, ident, integer, snake_name, text
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.stepkit import fill

ENTRY_FLAG = {"key": Field(snake_name, required=True), "names": Field(ident),
              "also": Field(lambda v: _words(v)), "values": Field(ident),
              "replaces": Field(boolean), "help": Field(text), "example": Field(text),
              "unknown": Field(text), "rule": Field(text), "metavar": Field(text),
              "bare": Field(integer(0, 999_999)), "separator": Field(choice(("=", ":"))),
              "least": Field(integer(0, 999_999)), "most": Field(integer(0, 999_999))}
WHOLE = "whole"             # `values: whole`: a whole number, 0 or more


def _words(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
        raise Bad(f"expected a list of words, got {value!r}")
    return tuple(value)


def add_entry(value: Any) -> Mapping[str, Any]:
    """One entry of `add_entries`, checked as the rest of the file is."""
    if not isinstance(value, Mapping) or set(value) - set(ENTRY_FLAG) or "key" not in value:
        raise Bad(f"expected {{{', '.join(ENTRY_FLAG)}}} (key required)")
    if "bare" in value and value.get("values") != WHOLE:
        raise Bad("bare: is the number a NAME alone stands for: only with values: whole",
                  ".bare")
    for key in ("least", "most"):           # the values' range: whole numbers only
        if key in value and value.get("values") != WHOLE:
            raise Bad(f"{key}: bounds the numbers: only with values: whole", f".{key}")
    checked = checked_keys(value, ENTRY_FLAG)
    if checked.get("most", checked.get("least", 0)) < checked.get("least", 0):
        raise Bad("most: below least", ".most")
    return checked


def checked_keys(value: Mapping[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """Each key of `value` checked by its field in `fields` (all known): the first
    problem as Bad naming the key."""
    out = {}
    for name, item in value.items():
        try:
            out[name] = fields[name].check(item)
        except Bad as exc:
            raise Bad(exc.message, f".{name}{exc.sub}") from None
    return out


def entry_kinds(spec: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, kind) of each item file the entry names: each must exist (checked at load)."""
    return [(key, spec[key]) for key in ("names", "values")
            if key in spec and spec[key] != WHOLE]


def entries(library: Any) -> dict[str, Mapping[str, Any]]:
    return {flag: spec for flag, spec in library.numbers.get("add_entries") or ()}


def usage(spec: Mapping[str, Any]) -> str:
    """How help writes the flag's value (`metavar`, else NAME=N, NAME=VALUE or NAME)."""
    if "metavar" in spec:
        return str(spec["metavar"])
    between = spec.get("separator", "=")
    if "bare" in spec:
        return f"NAME[{between}N]"
    return f"NAME{between}N" if spec.get("values") == WHOLE else \
        f"NAME{between}VALUE" if "values" in spec else "NAME"


def given_entries(library: Any, extra: dict[str, Any], base: Mapping[str, Any]
                  ) -> dict[str, Any]:
    """The sheet keys the entry flags set, from the template's (`base`); the flags used
    are taken out of `extra`, what is left is for `add_items`."""
    out: dict[str, Any] = {}
    for flag, spec in entries(library).items():
        words = extra.pop(flag, None)
        if not words:
            continue
        key = spec["key"]
        if "values" not in spec:                # a list of names: --immune t
            held = [] if spec.get("replaces") else list(out.get(key, base.get(key)) or ())
            for word in [words] if isinstance(words, str) else words:
                name = _name(library, flag, spec, word.strip().lower())
                held += [name] if name not in held else []
            out[key] = tuple(held)
            continue
        table = {} if spec.get("replaces") else dict(out.get(key, base.get(key)) or {})
        for word in [words] if isinstance(words, str) else words:
            name, value = _pair(library, flag, spec, word)
            table[name] = value
        out[key] = table
    return out


def _pair(library: Any, flag: str, spec: Mapping[str, Any], word: str) -> tuple[str, Any]:
    """``NAME=VALUE``: the name checked (`names`, `also`), the value a whole number of
    0 or more, or an id of the `values` file."""
    example = spec.get("example") or "name=1"
    between = spec.get("separator", "=")            # --skill longshot:2 (`separator: ':'`)
    name, sep, value = word.partition(between)
    name, value = name.strip().lower(), value.strip().lower()
    if not sep and name and "bare" in spec:         # --skill longshot: at `bare` (1)
        return _name(library, flag, spec, name), spec["bare"]
    if not sep or not name or not value:
        raise RuleViolation(f"--{flag} {word!r} is not NAME{between}VALUE",
                            f"e.g. --{flag} {example}")
    name = _name(library, flag, spec, name)
    if spec["values"] != WHOLE:
        return name, _known(library, flag, spec, spec["values"], value, name=name)
    digits = value.removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
        raise RuleViolation(f"--{flag} {name} needs a whole number, got {value!r}",
                            f"e.g. --{flag} {example}")
    least, most = spec.get("least", 0), spec.get("most")     # S24: levels 1 to 4
    if int(value) < least or (most is not None and int(value) > most):
        cited = f" ({spec['rule']})" if spec.get("rule") else ""
        span = f"{least} or more" if most is None else f"{least} to {most}"
        raise RuleViolation(f"--{flag} {name}{between}{int(value)}: expected N of "
                            f"{span}{cited}", f"e.g. --{flag} {name}{between}{max(least, 1)}")
    return name, int(value)


def _name(library: Any, flag: str, spec: Mapping[str, Any], name: str) -> str:
    """A name of the `names` file (its id, or an item's `name`, read as its id) or of
    `also`; anything goes without `names`."""
    if "names" not in spec or name in spec.get("also", ()):
        return name
    return _known(library, flag, spec, spec["names"], name)


def _known(library: Any, flag: str, spec: Mapping[str, Any], kind: str, word: str,
           **more: str) -> str:
    items = library.kind(kind)
    found = word if word in items else next(
        (item_id for item_id, item in items.items()
         if str(item.get("name", "")).lower() == word), None)
    if found is not None:
        return found
    facts = {"flag": flag, "word": word, **more}
    shown = ", ".join([*items, *spec.get("also", ())])
    raise RuleViolation(fill(spec["unknown"], facts) if spec.get("unknown")
                        else f"--{flag} {word}: no such {kind.removesuffix('s')}",
                        f"{kind}: {shown}")
