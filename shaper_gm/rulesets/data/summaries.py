"""An action's summary (its `help`) reads the ruleset's numbers: `{rules.NAME}` writes the
number of ruleset.yaml as it is, `{rules.NAME|WORD}` in words, so a GM who changes it
reads the changed number and its words agree with it: `s` (`s` unless 1: `wound{...|s}`),
`times` (1 `once`, 2 `twice`, else `3 times`), `one` (1 as `one`, else the number)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

RULES_FIELD = re.compile(r"\{rules\.([A-Za-z_][A-Za-z0-9_]*)(?:\|([a-z]+))?\}")

WORDED: dict[str, Callable[[Any], str]] = {
    "s": lambda n: "" if n == 1 else "s",
    "times": lambda n: {1: "once", 2: "twice"}.get(n, f"{n} times"),
    "one": lambda n: "one" if n == 1 else str(n),
}


def filled(summary: str, numbers: Mapping[str, Any]) -> str:
    """The summary with each `{rules.NAME}` it reads written out (`numbers` as
    `rules.NAME`; left as written when ruleset.yaml holds no such number)."""
    def one(found: re.Match[str]) -> str:
        name, word = f"rules.{found.group(1)}", found.group(2)
        if name not in numbers or (word and word not in WORDED):
            return found.group(0)
        value = numbers[name]
        return WORDED[word](value) if word else str(value)
    return RULES_FIELD.sub(one, summary)
