"""ruleset.yaml's `add_numbers`: `add --NAME N` flags, each setting the sheet number
NAME as `--stat NAME=N` does, checked by its range (`ranges:`, else 0 or more) and
refused in the flag's own words (`add kit --level 2`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.rulesets.data.numbers import number_names


def declared(library: Any) -> dict[str, str]:
    """The flags by the sheet number each sets, with its help."""
    return dict(library.numbers.get("add_numbers") or ())


def flags(library: Any) -> tuple[Any, ...]:
    from shaper_gm.commands.args import flag
    return tuple(flag(name.replace("_", "-"), "int", metavar="N",
                      help=text or f"its {name} (as --stat {name}=N)")
                 for name, text in declared(library).items())


def flag_of(library: Any, name: str) -> str:
    """How a refusal writes the number's flag: `--level` when add_numbers declares it."""
    return f"--{name.replace('_', '-')}" if name in declared(library) else ""


def taken(library: Any, extra: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The numbers `add`'s number flags give, taken out of `extra` (the rest is for
    `add_entries` and `add_items`), as `--stat` gives them: (name, value) pairs."""
    out = []
    for name in declared(library):
        for given in (name, name.replace("_", "-")):
            if extra.get(given) is not None:
                out.append((name, extra.pop(given)))
    return tuple(out)


def check(here: Any, good: Mapping[str, Any]) -> None:
    """At load: each name a number of the default sheet (what `--stat` sets)."""
    names = number_names(dict(good.get("default_sheet") or {}), [])
    for name, _ in good.get("add_numbers", ()):
        if name not in names:
            here.error(f"add_numbers.{name}", f"not a number of the default sheet "
                                              f"(its numbers: {', '.join(names) or 'none'})")
