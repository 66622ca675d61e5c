"""How deep a text nests, measured before any parser sees it.

Parsers recurse once or more per level of nesting: PyYAML's composer, libyaml builds
without a nesting limit (in C, where running out of stack ends the process), the json
module, and the walkers over what they build. So a file of 40,000 `[` can kill the
program, not just fail to parse. Every YAML and JSON text shaper-gm reads is first
measured here, in linear passes that do not recurse, and refused when it could nest
deeper than MAX_DEPTH: ten times what any save or content file needs (they nest six
levels), and far below any recursion limit.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

MAX_DEPTH = 64
TOO_DEEP = f"nests deeper than {MAX_DEPTH} levels, the limit for anything shaper-gm reads"


class TooDeep(ValueError):
    """A JSON text that nests deeper than MAX_DEPTH (a ValueError, as json's own are)."""

    def __init__(self) -> None:
        super().__init__(TOO_DEEP)


# --- JSON ----------------------------------------------------------------------------
# A string as JSON reads it (DOTALL: a backslash before a line break ends both readers
# at the same place). Removing strings leaves every bracket that is structure.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep `text` nests as JSON (an upper bound when it is not valid JSON)."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def check_json(text: str) -> None:
    """TooDeep when `text` nests deeper than MAX_DEPTH."""
    if text.count("[") + text.count("{") > MAX_DEPTH and json_depth(text) > MAX_DEPTH:
        raise TooDeep()


def loads(text: str, **options) -> object:
    """`json.loads`, refusing (TooDeep) what nests deeper than MAX_DEPTH first."""
    check_json(text)
    return json.loads(text, **options)


def no_repeats(pairs: list) -> dict:
    """A JSON object as a dict (`object_pairs_hook`), refused when a key is repeated."""
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a key is repeated")
    return data


# --- YAML ----------------------------------------------------------------------------
# YAML nests by brackets (flow style) and by indentation (block style). A flow level
# needs a `[` or `{`, and all but the innermost one hold something, so not one written
# `[]` or `{}` (of which a save has many). A block collection starts, deeper than its
# parent, at a column of
# the run of spaces and `- `, `? `, `: ` indicators that opens a line, or just after it;
# a mapping and the sequence that is one of its values may share a column, so at most
# two block levels fit in each column of that run. Lines break at any YAML line break.
_HALF = MAX_DEPTH // 2
_LONG_INDENT = re.compile("(?:\\A|[\n\r\x85\u2028\u2029])[\ufeff \t?:-]{"
                          + str(MAX_DEPTH // 4) + "}")


def yaml_surely_shallow(text: str) -> bool:
    """True when `text` cannot nest deeper than MAX_DEPTH as YAML: at most half of it in
    brackets, and no line opening with a run that fits the other half. False means
    only that the parser's events must be counted to know."""
    opened = (text.count("[") - text.count("[]")) + (text.count("{") - text.count("{}"))
    return opened + 1 <= _HALF and _LONG_INDENT.search(text) is None
