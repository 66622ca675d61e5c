"""Typed access to parsed save data, naming the key path in every refusal
(`engine.data.DataError`; the persistence layer words it for the GM)."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine.data import DataError, kind_of


class Reader:
    """Typed access to one mapping of the data, naming the key path in every error."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise DataError(where, f"expected a mapping, got {kind_of(data)}")
        self.data = data
        self.where = where

    def get(self, key: str, kind: type | tuple[type, ...], *, optional: bool = False,
            default: Any = None) -> Any:
        if key not in self.data:
            if optional:
                return default
            raise DataError(f"{self.where}.{key}", "is missing")
        value = self.data[key]
        if type(value) is kind:            # the usual case: exactly the type asked for
            return value
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if value is None and type(None) in kinds:
            return None
        if isinstance(value, bool) and bool not in kinds:
            ok = False
        else:
            ok = isinstance(value, tuple(k for k in kinds if k is not type(None)))
        if not ok:
            want = " or ".join(_name(k) for k in kinds)
            raise DataError(f"{self.where}.{key}", f"should be {want}, got {kind_of(value)}")
        return value

    def child(self, key: str, *, optional: bool = False) -> Reader | None:
        value = self.get(key, dict, optional=optional)
        return None if value is None else Reader(value, f"{self.where}.{key}")

    def items(self, key: str, kind: type | tuple[type, ...], *,
              optional: bool = False) -> list[Any]:
        values: list[Any] = self.get(key, list, optional=optional, default=[])
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if set(map(type, values)) <= set(kinds):
            return values                  # each exactly of a kind named: a thousand ids
        for i, v in enumerate(values):
            if isinstance(v, bool) and bool not in kinds or not isinstance(v, kinds):
                raise DataError(f"{self.where}.{key}[{i}]", "should be "
                                f"{' or '.join(_name(k) for k in kinds)}, got {kind_of(v)}")
        return values

    def counts(self, key: str) -> dict[str, int]:
        raw = self.get(key, dict)
        sub = Reader(raw, f"{self.where}.{key}")
        return {str(k): sub.get(k, int) for k in raw}


def _name(kind: type) -> str:
    return {int: "a whole number", str: "text", bool: "true or false", list: "a list",
            dict: "a mapping", type(None): "null"}.get(kind, kind.__name__)
