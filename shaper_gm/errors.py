"""The one shape every refusal has: what went wrong, and what to do instead.

A refusal is one line the GM reads at the table, so it quotes at most a short excerpt
of what it refuses: every message and hint is bounded here, whatever its caller put in
it (an 80 KB log line, a sheet's whole text), and `excerpt` shortens one quoted value
so the words after it still show.
"""

from __future__ import annotations

MAX_EXCERPT = 60          # characters of a refused value a message quotes
MAX_TEXT = 600            # characters of a message, and of a hint


def excerpt(text: str, limit: int = MAX_EXCERPT) -> str:
    """`text` whole when it is short; else its start and its end around how many
    characters were left out."""
    if len(text) <= limit:
        return text
    keep = max(limit - 24, 12)
    head, tail = keep * 2 // 3, keep - keep * 2 // 3
    return f"{text[:head]}…[{len(text) - head - tail:,} characters]…{text[-tail:]}"


class GmError(Exception):
    """A refusal the GM sees. Raising it changes nothing in the encounter."""

    def __init__(self, message: str, hint: str = "") -> None:
        message, hint = excerpt(message, MAX_TEXT), excerpt(hint, MAX_TEXT)
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}; {self.hint}" if self.hint else self.message


class CommandError(GmError):
    """The line itself is wrong: unknown verb, id, flag or value."""
