"""The Python Dungeoneers ruleset's numbers, kept as fixed values: what the tests of the
version written as data (test_data_examples.py) compared it with, line for line, while
both were played side by side (they matched). python_values.json holds them by test and
comparison, in order; `same(value)` holds the data version's value against the next.

Each value is kept as JSON writes it: tuples as lists, fractions as text ("5/6")."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

STORE = Path(__file__).with_name("python_values.json")
KEPT: dict[str, list[Any]] = json.loads(STORE.read_text(encoding="utf-8"))


def plain(value: Any) -> Any:
    """`value` as JSON keeps it."""
    return json.loads(json.dumps(value, default=lambda v: str(v) if isinstance(v, Fraction)
                                 else repr(v)))


class Same:
    """`same(value)`: whether the data version's `value` is the Python ruleset's value of
    this test's next comparison."""

    def __init__(self, test: str) -> None:
        self.test, self.at = test, 0

    def __call__(self, value: Any) -> bool:
        kept = KEPT.get(self.test, [])
        assert self.at < len(kept), f"{self.test}: no kept value #{self.at}"
        self.at += 1
        return plain(value) == kept[self.at - 1]
