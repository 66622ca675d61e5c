"""ruleset.yaml's `field_checks` and `item_files`: what its numbers and its items' fields
may be, checked at load, and which item files its folder holds.

`field_checks: {numbers | KIND: {FIELD: CHECK}}`: `numbers` checks ruleset.yaml's
`numbers:`, KIND the items of KIND.yaml. A CHECK holds any of `whole: LOW..HIGH` (a
whole number in the span; either end may be left out), `one_of: [WORD...]`, `among:
KIND` (an id of KIND.yaml's items, or one of `also: [WORD...]`), `keys: CHECK` and
`values: CHECK` (each key and each value of a mapping; each entry of a list as
`values`), and `rule` (the ruling the refusal cites). `item_files: [KIND...]`: the item
files the folder holds; any other is refused. Each mistake is one line naming file,
item and key: `weapons.yaml: item 'club': key 'type': no type 'x' in types.yaml (D20)`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shaper_gm.content.schema import Bad, Ctx, Field, ident, list_of, text
from shaper_gm.engine.limits import MAX_NUMBER
from shaper_gm.rulesets.data.entries import checked_keys


def _span(value: Any) -> tuple[int, int]:
    """`LOW..HIGH`, either end left out (0 and the largest number a GM types)."""
    low, dots, high = str(value).partition("..")
    try:
        span = (int(low) if low.strip() else 0, int(high) if high.strip() else MAX_NUMBER)
    except ValueError:
        span = None
    if not dots or span is None or span[1] < span[0]:
        raise Bad(f"expected LOW..HIGH (whole numbers, either left out), got {value!r}")
    return span


def _words(value: Any) -> tuple[str, ...]:
    return tuple(text(word) if not isinstance(word, int) else str(word)
                 for word in list_of(lambda v: v, non_empty=True)(value))


def check_spec(value: Any) -> Mapping[str, Any]:
    """One CHECK, its keys checked."""
    if not isinstance(value, Mapping) or not value or set(value) - set(CHECK):
        raise Bad(f"expected {{whole: LOW..HIGH, one_of: [...], among: KIND, also: [...], "
                  f"keys: CHECK, values: CHECK, rule: TEXT}}, got {value!r}")
    return checked_keys(value, CHECK)


CHECK = {"whole": Field(_span), "one_of": Field(_words), "among": Field(ident),
         "also": Field(_words), "keys": Field(check_spec), "values": Field(check_spec),
         "rule": Field(text)}


def field_checks(value: Any) -> dict[str, dict[str, Mapping[str, Any]]]:
    """`field_checks`: {numbers | KIND: {FIELD: CHECK}}."""
    if not isinstance(value, Mapping):
        raise Bad(f"expected a mapping of numbers or an item file to its fields' checks, "
                  f"got {value!r}")
    out: dict[str, dict[str, Mapping[str, Any]]] = {}
    for kind, fields in value.items():
        if not isinstance(fields, Mapping):
            raise Bad(f"expected a mapping of fields to checks, got {fields!r}", f".{kind}")
        out[ident(kind)] = {}
        for name, spec in fields.items():
            try:
                out[kind][str(name)] = check_spec(spec)
            except Bad as exc:
                raise Bad(exc.message, f".{kind}.{name}{exc.sub}") from None
    return out


def _among(spec: Mapping[str, Any]) -> list[str]:
    """The item kinds a check and the checks inside it name."""
    return [*([spec["among"]] if "among" in spec else []),
            *(kind for inner in ("keys", "values") if inner in spec
              for kind in _among(spec[inner]))]


def fields_checked(ctx: Ctx, files: list[tuple[str, Any]], good: Mapping[str, Any],
                   items: Mapping[str, Mapping[str, Any]], kind_of: Any) -> None:
    """Every number and item field `field_checks` names as it says, every item file one
    `item_files` lists (when it is given)."""
    checks = good.get("field_checks") or {}
    listed = good.get("item_files")
    here = ctx.at(next((d for d, _ in files if kind_of(d) == "ruleset"), "ruleset.yaml"),
                  lines=next((data for d, data in files if kind_of(d) == "ruleset"), None))
    for kind, fields in checks.items():
        for name, spec in fields.items():
            for named in [kind] * (kind != "numbers") + _among(spec):
                if named not in items:
                    here.error(f"field_checks.{kind}.{name}", f"no item file {named}.yaml")
    for display, data in files:
        kind = kind_of(display)
        if kind == "ruleset":
            for name, spec in dict(checks.get("numbers", {})).items():
                numbers = data.get("numbers") if isinstance(data, Mapping) else None
                if isinstance(numbers, Mapping) and name in numbers:
                    _check(ctx.at(display, lines=data), f"numbers.{name}", numbers[name],
                           spec, items)
            continue
        if listed is not None and kind not in listed:
            ctx.at(display).error(None, f"unknown file: not one of the item files ruleset.yaml "
                                        f"lists ({', '.join(listed)})")
            continue
        for item_id, raw in (data.items() if isinstance(data, Mapping) else ()):
            for name, spec in dict(checks.get(kind, {})).items():
                if isinstance(raw, Mapping) and raw.get(name) is not None:
                    _check(ctx.at(display, str(item_id), lines=data), name, raw[name],
                           spec, items)


def _check(here: Ctx, key: str, value: Any, spec: Mapping[str, Any],
           items: Mapping[str, Mapping[str, Any]]) -> None:
    why = f" ({spec['rule']})" if spec.get("rule") else ""
    if "whole" in spec:
        low, high = spec["whole"]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            here.error(key, f"expected a whole number from {low:,} to {high:,}{why}, "
                            f"got {value!r}")
            return
    if "one_of" in spec and str(value) not in spec["one_of"]:
        here.error(key, f"expected one of {', '.join(spec['one_of'])}{why}, got {value!r}")
        return
    if "among" in spec and not isinstance(value, Mapping) and \
            str(value) not in items.get(spec["among"], {}) and \
            str(value) not in spec.get("also", ()):     # an item written in place: no id
        kind = spec["among"]
        one = kind[:-3] + "y" if kind.endswith("ies") else kind.removesuffix("s")
        here.error(key, f"no {one} {value!r} in {kind}.yaml{why}")
        return
    inner = {**spec.get("keys", {}), "rule": spec.get("rule", "")}
    inner_values = {**spec.get("values", {}), "rule": spec.get("rule", "")}
    if isinstance(value, Mapping):
        for name, held in value.items():
            if "keys" in spec:
                _check(here, f"{key}.{name}", name, inner, items)
            if "values" in spec:
                _check(here, f"{key}.{name}", held, inner_values, items)
    elif isinstance(value, list | tuple) and "values" in spec:
        for at, held in enumerate(value):
            _check(here, f"{key}[{at}]", held, inner_values, items)
