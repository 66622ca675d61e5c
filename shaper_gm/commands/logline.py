"""The log line of a resolved command: verb, positional words, then flags, in the verb's
order, with every slot's faces and every decision the action made."""

from __future__ import annotations

from typing import Any

from shaper_gm.commands.args import quote
from shaper_gm.dice.totals import EnteredTotal
from shaper_gm.engine.request import Request


def log_line(request: Request) -> str:
    parts = [request.verb]
    for _, value in request.args:
        if value is None or value == "":
            continue
        if isinstance(value, list):                 # several words (`init a b c`)
            parts.extend(quote(str(v)) for v in value)
        elif isinstance(value, tuple):              # one comma-separated word (`a,b`)
            parts.append(quote(",".join(value)))
        else:
            parts.append(quote(str(value)))
    for name, value in request.flags:
        for item in value if isinstance(value, list) else [value]:
            parts.extend(_flag_words(name, item))
    return " ".join(parts)


def _flag_words(name: str, item: Any) -> list[str]:
    if item is True:
        return [f"--{name}"]
    if item is False or item is None:
        return []
    if isinstance(item, tuple):
        return [f"--{name}", ",".join(str(x) for x in item)]
    if isinstance(item, EnteredTotal):
        return [f"--{name}", str(item)]
    return [f"--{name}", quote(str(item))]
