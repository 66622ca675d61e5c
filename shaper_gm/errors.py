"""The one shape every refusal has: what went wrong, and what to do instead."""

from __future__ import annotations


class GmError(Exception):
    """A refusal the GM sees. Raising it changes nothing in the encounter."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}; {self.hint}" if self.hint else self.message


class CommandError(GmError):
    """The line itself is wrong: unknown verb, id, flag or value."""
