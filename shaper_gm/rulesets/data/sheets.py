"""The sheets of a ruleset written as data: `DataSheet`, an actor's own numbers over the
ruleset's default sheet, and `SheetView`, a sheet as expressions read it (its derived
numbers worked out when read, so a changed score changes them)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from shaper_gm.engine.situation import lookup
from shaper_gm.engine.stepkit import Facts

_NONE = object()


class SheetView(Mapping[str, Any]):
    """A sheet as expressions read it: its keys (``scores.str``) and derived numbers."""

    def __init__(self, sheet: Any, derived: Mapping[str, Any]) -> None:
        self.sheet, self.derived = sheet, derived

    def __getitem__(self, name: str) -> Any:
        value = lookup(self.sheet, name)
        if value is not None:
            return value
        if name in self.derived:
            return self.derived[name].run(self)
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self.derived)

    def __len__(self) -> int:
        return len(self.derived)


class DataSheet(Facts):
    """An actor's sheet: its template's keys and its own numbers, the ruleset's default
    sheet read through for the rest. Only its own keys are saved, compared and hashed:
    a default the content changes reaches every sheet, old saves included."""

    __slots__ = ("_defaults",)

    def __init__(self, own: Mapping[str, Any], defaults: Mapping[str, Any]) -> None:
        super().__init__(own)
        self._defaults = defaults

    def __getitem__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            return self._defaults[name]

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def get(self, name: str, default: Any = None) -> Any:
        """Without a KeyError for a key neither holds: expressions ask for many (an
        effect key no sheet states)."""
        value = self._values.get(name, _NONE)
        return self._defaults.get(name, default) if value is _NONE else value

    def __contains__(self, name: object) -> bool:
        return name in self._values or name in self._defaults

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self._defaults), **dict.fromkeys(self._values)})

    def __len__(self) -> int:
        return len(set(self._defaults) | set(self._values))

    def own(self) -> Mapping[str, Any]:
        return self._values

    def with_values(self, **values: Any) -> DataSheet:
        return DataSheet({**self._values, **values}, self._defaults)
