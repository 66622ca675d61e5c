"""The one exception the GM sees when the rules refuse something."""

from __future__ import annotations


class RuleViolation(Exception):
    """A move the rules do not allow.

    `message` says what went wrong and names the rule (e.g. "no Major action left (S18):
    Josh has spent 3 of 3"); `hint` says what the GM can do instead.
    """

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"RuleViolation({self.message!r}, hint={self.hint!r})"
