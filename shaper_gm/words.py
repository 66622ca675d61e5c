"""Counting in words, for every layer's messages: ``1 face``, ``3 faces``."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 face``, ``2 faces``; `many` for a word whose plural is not `word` + s."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def times(n: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def possessive(name: str) -> str:
    """``Freya's``, ``the enemies'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def amount(n: int, label: str) -> str:
    """A count of a resource named in the plural (``Actions``): ``1 Action``, ``2
    Actions``; any other label as it is (``30 ft``, ``2 AP``)."""
    if label.endswith("s") and not label.isupper():
        return plural(n, label[:-1])
    return f"{n} {label}"
