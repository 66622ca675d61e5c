"""Errors a user can fix by retyping what they entered.

Both are ``ValueError`` subclasses so callers that only know about
``ValueError`` still catch them; their messages are one line, fit to show
at the table as they are.
"""

from __future__ import annotations


class DiceError(ValueError):
    """Base class for dice input the user can correct."""


class DiceSyntaxError(DiceError):
    """A dice expression could not be parsed; ``column`` is 1-based."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.column = column


class DiceInputError(DiceError):
    """Faces or a total given by hand are malformed, too few/many, or out of range.
    ``hint`` says what to give instead, where the message alone does not."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class TooLarge(DiceInputError):
    """An exact computation (odds, a distribution) past the limit that keeps it quick and
    small; raised before the work starts, so nothing is spent on it."""
