"""The type language of `kinds.yaml`: a field's type in words (``whole 1..roll_die+1``,
``list of ref weapons|spells``, ``optional text``) read into a `Type`, and the check of a
value of that type (the content layer's validators), its bounds read from the numbers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from shaper_gm.content import schema as s
from shaper_gm.content.schema import Bad, Validator, show
from shaper_gm.engine import limits
from shaper_gm.records import record

Env = Mapping[str, Any]          # the numbers' values, which bounds and rulings may name


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


SIMPLE = ("text", "boolean", "id", "name", "dice", "grid", "provisional", "any")
# Types made of a record: all its sheet numbers (a default sheet, as the record), one
# nested record, named entries of it (their names its ids).
NESTED = ("numbers", "record", "entries")
_BOUND = r"-?(?:\d+|max/[a-z_]+|max|[a-z_]+(?:[+-]\d+)?)"
_RANGE = re.compile(rf"({_BOUND})?\.\.({_BOUND})?")
TYPE_WORDS = ("whole [LOW..HIGH]", "any", "text", "boolean", "id", "name", "dice", "grid",
              "checked by FUNCTION", "one of WORD|...",
              "ref KIND|...", "optional TYPE", "list of TYPE", "mapping of TYPE to TYPE",
              "numbers of RECORD", "record RECORD",
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
    if word in SIMPLE:
        return Type(word), rest
    if word == "whole":
        found = _RANGE.fullmatch(rest[0]) if rest else None
        if not found:
            return Type("whole"), rest
        return Type("whole", low=_bound(found[1]), high=_bound(found[2])), rest[1:]
    if word in ("one", "mapping", "list", *NESTED) and word != "record" \
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
    if word in NESTED:
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
    """A bound's value: a number, a number of the ruleset's with an offset (`roll_die+1`),
    or the largest number over one of the ruleset's (`max/arca_per_wisdom`: what keeps
    their product a number a save holds)."""
    if value is None or isinstance(value, int):
        return value
    if value.startswith("max/"):
        return limits.MAX_NUMBER // max(1, env[value[4:]])
    name, sign, offset = re.fullmatch(r"([a-z_]+)(?:([+-])(\d+))?", value).groups()
    return env[name] + (int(offset) * (1 if sign == "+" else -1) if sign else 0)


def bound_names(kind: Type) -> set[str]:
    """The numbers a type's bounds name, nested types too."""
    own = {b.removeprefix("max/").rstrip("+-0123456789") for b in (kind.low, kind.high)
           if isinstance(b, str)}
    return own.union(*(bound_names(inner) for inner in kind.inner))


def whole_of(kind: Type) -> Type:
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


NOT_MARKED = ("name", "description", "provisional")


def provisional_check(keys: tuple[str, ...] | None) -> Validator:
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


def ref_kinds(kind: Type) -> tuple[str, ...]:
    if kind.word == "ref":
        return kind.names
    return next((found for inner in kind.inner if (found := ref_kinds(inner))), ())


def top_of(high: int | None) -> int | None:
    return None if high == limits.MAX_NUMBER else high


@lru_cache(maxsize=32)
def module_words(module: Any) -> dict[str, tuple[str, ...]]:
    """The tuples of words a ruleset's module names in capitals (`ATTACK_TYPES`), which
    `one of NAME` may name (read once per module: a declaration asks for each field)."""
    return {name: value for name, value in vars(module).items()
            if name.isupper() and isinstance(value, tuple)
            and all(isinstance(word, str) for word in value)}
