"""One die of a roll: its natural face and the face after modifiers.

Lives in its own module so :mod:`modifiers` and :mod:`roll` can both use it
without importing each other; it is re-exported from :mod:`roll`.
"""

from __future__ import annotations

from shaper_gm.records import record


@record
class Die:
    sides: int
    natural: int
    final: int
    changed_by: str | None = None  # the name of the pool modifier that pinned it

    def __str__(self) -> str:
        """``5``, or ``5→6`` when a modifier changed the face.

        A die pinned to the face it already showed (a 6 pinned to the top face)
        prints as the plain face; ``changed_by`` still records it.
        """
        if self.final == self.natural:
            return str(self.final)
        return f"{self.natural}→{self.final}"
