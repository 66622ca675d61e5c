"""ruleset.yaml's `add_switches`: `add --FLAG` flags that take no word, each setting a
sheet key to its value (the time slices' `--player` and `--npc` set `player`, T13); two
given together that set one key to different values contradict each other and are
refused, naming the rule of the first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad
from shaper_gm.engine.errors import RuleViolation

SWITCH_KEYS = ("key", "value", "help", "rule")


def add_switch(value: Any) -> Mapping[str, Any]:
    """One entry: `{key: SHEET_KEY, value: VALUE, help: TEXT, rule: TEXT}` (key and value
    required; the value a number, true or false, or a text)."""
    if not isinstance(value, Mapping) or set(value) - set(SWITCH_KEYS) or \
            not {"key", "value"} <= set(value) or not isinstance(value["key"], str) or \
            not isinstance(value["value"], (bool, int, str)) or \
            not all(isinstance(value.get(k, ""), str) for k in ("help", "rule")):
        raise Bad("expected {key: SHEET_KEY, value: VALUE, help: TEXT, rule: TEXT} (key and "
                  "value required; the value a number, true or false, or a text)")
    return dict(value)


def declared(library: Any) -> dict[str, Mapping[str, Any]]:
    return dict(library.numbers.get("add_switches") or ())


def flags(library: Any) -> tuple[Any, ...]:
    from shaper_gm.commands.args import flag
    return tuple(flag(name, "bool", help=spec.get("help") or f"its {spec['key']}: "
                                                             f"{spec['value']}")
                 for name, spec in declared(library).items())


def taken(library: Any, extra: dict[str, Any]) -> dict[str, Any]:
    """The sheet keys the switches given set, taken out of `extra`; two that set one key
    to different values refused."""
    given: dict[str, tuple[str, Any]] = {}
    for name, spec in declared(library).items():
        if not extra.pop(name, None):
            continue
        key, value = spec["key"], spec["value"]
        if key in given and given[key][1] != value:
            first = given[key][0]
            rule = str(declared(library)[first].get("rule") or "")
            raise RuleViolation(f"--{first} and --{name} contradict each other"
                                f"{f' ({rule})' if rule else ''}", "give one of them")
        given[key] = (name, value)
    return {key: value for key, (_, value) in given.items()}


def check(here: Any, good: Mapping[str, Any]) -> None:
    """At load: each switch sets a key of the default sheet."""
    keys = sorted(dict(good.get("default_sheet") or {}))
    for name, spec in good.get("add_switches", ()):
        if spec["key"] not in keys:
            here.error(f"add_switches.{name}.key", f"no key {spec['key']!r} of the default "
                                                  f"sheet (its keys: {', '.join(keys)})")
