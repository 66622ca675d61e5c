"""A read-only mapping whose values are made on first read, so a view over an encounter
costs what a command looks at, not the size of the fight."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any


class LazyMap(Mapping[Any, Any]):
    """`make(key)` gives a key's value on its first read (a KeyError for a key it does
    not know); `keys()` lists the keys, asked only when the whole map is walked."""

    def __init__(self, make: Callable[[Any], Any], keys: Callable[[], Collection[Any]]) -> None:
        self._make, self._keys = make, keys
        self._made: dict[Any, Any] = {}

    def __getitem__(self, key: Any) -> Any:
        if key not in self._made:
            self._made[key] = self._make(key)
        return self._made[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())
