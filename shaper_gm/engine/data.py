"""Frozen ruleset data to plain save data and back, read by its type annotations.

A ruleset's sheets and `system` slots are frozen dataclasses of ints, strings, bools,
tuples, nested dataclasses and optional values. `to_data` turns one into mappings and
lists a save can hold; `from_data` rebuilds it, checking every value against the
field's type and naming the key path of the first that does not fit, so a save is
never silently misread.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import lru_cache
from typing import Any, Union


class DataError(ValueError):
    """Save data that does not fit its type; `where` is the key path."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


def to_data(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [to_data(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(to_data(v) for v in value)
    if isinstance(value, dict):
        return {str(k): to_data(v) for k, v in value.items()}
    return value


def from_data(kind: Any, data: Any, where: str) -> Any:
    """`data` as a value of type `kind` (a dataclass or an annotation)."""
    return _read(kind, data, where)


@lru_cache(maxsize=256)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _read(kind: Any, data: Any, where: str) -> Any:
    if kind is Any or kind is object:
        return _freeze(data)
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        problems = []
        for option in (a for a in args if a is not type(None)):
            try:
                return _read(option, data, where)
            except DataError as exc:
                problems.append(exc.problem)
        raise DataError(where, problems[0] if problems else f"unexpected {kind_of(data)}")
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _read_dataclass(kind, data, where)
    if origin is tuple:
        if not isinstance(data, list):
            raise DataError(where, f"should be a list, got {kind_of(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise DataError(where, f"should hold {len(args)} values, got {len(data)}")
        return tuple(_read(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data,
                                                                               strict=True)))
    if origin in (frozenset, set):
        if not isinstance(data, list):
            raise DataError(where, f"should be a list, got {kind_of(data)}")
        return frozenset(_read(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
    if origin in (dict, typing.Mapping) or kind is dict:
        if not isinstance(data, dict):
            raise DataError(where, f"should be a mapping, got {kind_of(data)}")
        key_kind, value_kind = args or (str, Any)
        return {_read(key_kind, k, where): _read(value_kind, v, f"{where}.{k}")
                for k, v in data.items()}
    if kind is bool:
        if not isinstance(data, bool):
            raise DataError(where, f"should be true or false, got {kind_of(data)}")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise DataError(where, f"should be a whole number, got {kind_of(data)}")
        return data
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise DataError(where, f"should be a number, got {kind_of(data)}")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise DataError(where, f"should be text, got {kind_of(data)}")
        return data
    if kind is type(None):
        if data is not None:
            raise DataError(where, f"should be empty (null), got {kind_of(data)}")
        return None
    raise DataError(where, f"cannot read a value of type {kind!r}")


def _read_dataclass(cls: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise DataError(where, f"should be a mapping, got {kind_of(data)}")
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(map(str, data)) - set(fields))
    if unknown:
        raise DataError(f"{where}.{unknown[0]}", "is not a key this save format has")
    values = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise DataError(f"{where}.{name}", "is missing")
            continue
        values[name] = _read(hints[name], data[name], f"{where}.{name}")
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise DataError(where, str(exc)) from None


def _freeze(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(_freeze(v) for v in data)
    if isinstance(data, dict):
        return tuple((k, _freeze(v)) for k, v in data.items())
    return data


def kind_of(value: Any) -> str:
    """What a value read from a save is, in words: `a list`, `text`, `null`."""
    if value is None:
        return "null"
    return {bool: "true/false", int: "a number", float: "a decimal number", str: "text",
            list: "a list", dict: "a mapping"}.get(type(value), type(value).__name__)
