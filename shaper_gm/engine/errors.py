"""The one exception the GM sees when a ruleset refuses something, and the one a
ruleset's expression raises when it cannot be read or worked out."""

from __future__ import annotations


class RuleViolation(Exception):
    """A move the rules do not allow.

    `message` says what went wrong and names the ruling (e.g. "no AP left (D2)");
    `hint` says what the GM can do instead.
    """

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"RuleViolation({self.message!r}, hint={self.hint!r})"


class ExprError(ValueError):
    """An expression that cannot be read; the message says what and where."""
