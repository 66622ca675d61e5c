"""Counting in words, for every layer's messages: ``1 face``, ``3 faces``."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 face``, ``2 faces``; `many` for a word whose plural is not `word` + s."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def times(n: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
