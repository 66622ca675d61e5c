"""Block YAML for simple data, written without PyYAML, byte for byte as PyYAML writes it.

Every command proves its new state can be saved, which writes each changed part of it
as block YAML; most parts are small mappings and lists of ids, words, dice, whole
numbers, truths and nulls, and a sheet's words (a long one folded where PyYAML folds
it). Those are written here, which spares a command importing PyYAML (a large part of a
start-up) and its dumper's time. Anything else (a word PyYAML would quote, a float,
non-ASCII text, one list or mapping held in two places, which PyYAML writes as an anchor)
answers None, and the caller uses PyYAML.
`tests/content/test_yamlblock.py` holds the two writers equal.
"""

from __future__ import annotations

import re

# A plain word: a letter first, then letters, digits, `_ - . ,`, single spaces between.
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_.,\-]*(?: [A-Za-z0-9_.,\-]+)*")
# Dice (`1d6+2`, a data ruleset's sheets hold them): the `d` keeps them from reading as a
# number, a date or a truth, so PyYAML writes them plain too.
_DICE = re.compile(r"[0-9]+d[0-9]+(?:[+\-][0-9]+)*")
# Words YAML 1.1 reads as truths or null: PyYAML quotes them.
_RESERVED = frozenset(
    f(word) for word in ("yes", "no", "true", "false", "on", "off", "null")
    for f in (str.lower, str.title, str.upper))
_WIDE = 80          # PyYAML folds a plain word at a space once its line is past column 80


class _NotSimple(Exception):
    pass


def block_yaml(data: object) -> str | None:
    """`data` (a mapping or a list) as PyYAML's block style writes it, or None when it
    holds anything this writer does not know to write the same."""
    if not isinstance(data, (dict, list)) or not data:
        return None
    try:
        return _node(data, 0, set())
    except _NotSimple:
        return None


def _node(value: dict | list, indent: int, seen: set[int]) -> str:
    """A non-empty collection whose first line starts where the caller left off (after
    a key's line break and indent, or after `- `), the rest at `indent`; `seen` holds
    the collections written so far."""
    _once(value, seen)
    parts = []
    pad = " " * indent
    if isinstance(value, dict):
        for number, (key, item) in enumerate(value.items()):
            if type(key) is not str or indent + len(key) > _WIDE or not _plain(key):
                raise _NotSimple                 # `_word`, written out: a save's keys
            head = f"{pad if number else ''}{key}:"
            kind = type(item)
            at = indent + len(key) + 2           # where the value starts on its line
            if kind is int:                      # and `_scalar`'s usual cases too
                parts.append(f"{head} {item}\n")
            elif kind is str:
                parts.append(f"{head} {_word(item, at, indent + 2)}\n")
            elif isinstance(item, dict) and item:
                parts.append(f"{head}\n{pad}  {_node(item, indent + 2, seen)}")
            elif isinstance(item, list) and item:
                parts.append(f"{head}\n{pad}{_node(item, indent, seen)}")
            else:
                parts.append(f"{head} {_scalar(item, at, indent + 2, seen)}\n")
    else:
        for number, item in enumerate(value):
            head = f"{pad if number else ''}- "
            if isinstance(item, (dict, list)) and item:
                parts.append(head + _node(item, indent + 2, seen))
            else:
                parts.append(f"{head}{_scalar(item, indent + 2, indent + 2, seen)}\n")
    return "".join(parts)


def _once(value: dict | list, seen: set[int]) -> None:
    if id(value) in seen:
        raise _NotSimple
    seen.add(id(value))


def _scalar(value: object, column: int, indent: int, seen: set[int]) -> str:
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int:
        return str(value)
    if isinstance(value, str):
        return _word(value, column, indent)
    if isinstance(value, (dict, list)) and not value:
        _once(value, seen)
        return "{}" if isinstance(value, dict) else "[]"
    raise _NotSimple


def _word(text: str, column: int, indent: int) -> str:
    """A plain word starting at `column`; folded lines go on at `indent`."""
    if type(text) is not str or not _plain(text):
        raise _NotSimple
    if column + len(text) <= _WIDE:
        return text
    return _folded(text, column, indent)


def _folded(text: str, column: int, indent: int) -> str:
    """A long word as PyYAML folds it: at each space (single, in a plain word), a line
    break when the line has passed column 80 (the word before it may end past it)."""
    words = text.split(" ")
    out = [words[0]]
    column += len(words[0])
    for word in words[1:]:
        if column > _WIDE:
            out.append("\n" + " " * indent)
            column = indent
        else:
            out.append(" ")
            column += 1
        out.append(word)
        column += len(word)
    return "".join(out)


_SEEN: dict[str, bool] = {}     # each word's answer: a save writes the same keys each time
_SEEN_MAX = 4096


def _plain(text: str) -> bool:
    known = _SEEN.get(text)
    if known is None:
        known = text not in _RESERVED and bool(_PLAIN.fullmatch(text) or _DICE.fullmatch(text))
        if len(_SEEN) >= _SEEN_MAX:
            _SEEN.clear()
        _SEEN[text] = known
    return known
