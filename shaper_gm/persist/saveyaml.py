"""Reading a long save's YAML quickly: its log and checkpoints line by line, the rest
by the loader.

Building 10,000 log entries and a dozen one-line states through PyYAML's constructor
costs most of opening a long save. What shaper-gm writes there is regular: each log
entry is almost always a one-line plain scalar (`- attack josh raider --roll 4,5,5`),
whose value is exactly the text after `- `, and each checkpoint is `  N: {...}` in the
JSON form `dump_yaml_line` writes. So when every row of the top-level `log:` block is
such a scalar, every checkpoint row is JSON that dumps back to the same text, and the
text before and after each parse on its own as a mapping, the rows are taken as they
are and only the rest goes through the loader. Anything else (a quoted or folded entry,
a document marker, a key in two parts, a parse error) is read by the loader whole, so
the result and every error are the loader's own: this is a shortcut, never a dialect.
"""

from __future__ import annotations

import re

from shaper_gm.content.yamlio import YamlError, dump_yaml_line, load_yaml_data
from shaper_gm.nesting import loads, no_repeats

# A row whose scalar starts with a letter (no indicator, number, tag, anchor or alias)
# and holds only characters YAML takes raw, none a break; `_NOT_PLAIN` then rules out
# what would end or change a plain scalar, and words YAML reads as booleans or null.
# The characters YAML takes raw (printable ASCII, \xa0-\u2027, \u202a-\ud7ff,
# \ue000-\ufefe, \uff00-\ufffd and beyond \uffff) written as what they leave out: the
# same set, compiled about ten times faster at every start (a save is opened at once).
_CHAR = "[^\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]"
_ROWS = re.compile(f"(?:- [A-Za-z]{_CHAR}*\n)*")
_NOT_PLAIN = (": ", ":\n", " #", "  ", " \n")
_WORDS = re.compile(r"\n- (?:[yY][eE][sS]|[nN][oO]|[oO][nN]|[oO][fF][fF]|[tT][rR][uU][eE]"
                    r"|[fF][aA][lL][sS][eE]|[nN][uU][lL][lL])\n")
_CHECKPOINT = re.compile(r"  ([1-9][0-9]{0,8}): (\{[^\n]*\})\n")
_MARKERS = re.compile(r"^(?:---|\.\.\.|%)", re.M)
_KEY_START = re.compile(r"[A-Za-z_]")


def load_save_text(text: str, *, origin: str) -> object:
    """The data of a save's text, as `load_yaml_data` reads it, faster for long logs."""
    parts = _split(text)
    if parts is not None:
        head, rows, tail = parts
        try:
            data = _join(head, rows, tail, origin)
        except YamlError:
            data = None                # the loader says what is wrong, with its line
        if data is not None:
            return data
    return load_yaml_data(text, origin=origin)


def _split(text: str) -> tuple[str, list[str], str] | None:
    at = text.find("\nlog:\n")
    if at < 0 or text.find("\nlog:", at + 1) >= 0 or text.startswith("log:"):
        return None
    start = at + 6
    end = _ROWS.match(text, start).end()
    head, block, tail = text[:at + 1], text[start:end], text[end:]
    if not block or tail and not _KEY_START.match(tail):
        return None                    # the block goes on in a form not read here
    if any(bit in block for bit in _NOT_PLAIN) or _WORDS.search(text, at + 5, end):
        return None                    # a row YAML would read otherwise
    if not head[:1].isalpha() or _MARKERS.search(head) or _MARKERS.search(tail):
        return None                    # an indented top level, or several documents
    rows = block.split("\n")
    rows.pop()
    return head, [row[2:] for row in rows], tail


def _join(head_text: str, rows: list[str], tail: str, origin: str) -> dict | None:
    marks = _checkpoints(tail)
    if marks is None:
        return None
    checkpoints, rest = marks
    head = load_yaml_data(head_text, origin=origin)
    after = load_yaml_data(rest, origin=origin) if rest else {}
    if not isinstance(head, dict) or not isinstance(after, dict):
        return None
    mine = {"log", "checkpoints"} if checkpoints else {"log"}
    if mine & head.keys() or mine & after.keys() or head.keys() & after.keys():
        return None
    return {**head, "log": rows, **({"checkpoints": checkpoints} if checkpoints else {}),
            **after}


def _checkpoints(tail: str) -> tuple[dict, str] | None:
    """The `checkpoints:` block opening `tail`, read as JSON rows, and what follows it
    (({}, tail) when there is none; None when a row is not as the writer makes it)."""
    if not tail.startswith("checkpoints:\n"):
        return {}, tail
    found: dict[int, dict] = {}
    at = len("checkpoints:\n")
    while (row := _CHECKPOINT.match(tail, at)) is not None:
        entry, state = int(row.group(1)), _flow(row.group(2))
        if state is None or entry in found:
            return None
        found[entry] = state
        at = row.end()
    rest = tail[at:]
    if not found or rest and not _KEY_START.match(rest):
        return None
    return found, rest


def _flow(text: str) -> dict | None:
    """A one-line state as YAML reads it: taken only when it is exactly what
    `dump_yaml_line` writes for the data JSON reads from it (no floats, no repeated
    keys), which YAML reads as that same data."""
    try:
        data = loads(text, object_pairs_hook=no_repeats, parse_float=_refuse,
                     parse_constant=_refuse)
    except ValueError:                 # too deep included: the loader says so
        return None
    if not isinstance(data, dict) or dump_yaml_line(data) != text:
        return None
    return data


def _refuse(text: str):
    raise ValueError(f"{text} is not an integer")
