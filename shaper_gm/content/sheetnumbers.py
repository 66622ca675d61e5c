"""A ruleset's sheet numbers and their ranges, declared once.

The content's field tables, `add --stat`/`--hp`, `set` and the check of an opened save
all read one `SheetNumbers` table, so whatever one of them accepts the others take too:
no template the GM cannot re-type, no typed value a save cannot hold, no save that does
not open again (issue #20's limits, engine.limits.MAX_NUMBER at most).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from shaper_gm.content.schema import Field, integer
from shaper_gm.engine import limits
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.records import record


@record
class Number:
    """One sheet number: its least and most value (None: limits.MAX_NUMBER), the
    ruling that bounds it, and the flag of `add` that gives it when not `--stat`."""

    name: str
    low: int = 0
    high: int | None = None
    why: str = ""
    flag: str = ""

    @property
    def top(self) -> int:
        return limits.MAX_NUMBER if self.high is None else self.high

    def field(self) -> Field:
        """The content's check of this number."""
        return Field(integer(self.low, self.top))

    def typed(self, value: Any, flag: str = "") -> int:
        """A value the GM gave (a number or its text) after `flag` (`--stat `, or `` for
        `set`), or a RuleViolation in one line saying the range."""
        number = _whole(value)
        if number is None or not limits.within(number, self.low, self.high):
            shown = str(value).strip()
            shown = shown if len(shown) <= 12 else shown[:10] + "..."
            written = f"{self.flag} " if self.flag and flag else f"{flag}{self.name}="
            wrong = " is not a whole number:" if number is None else " is out of range:"
            raise RuleViolation(
                f"{written}{shown}{wrong} expected a whole number of at least {self.low:,} "
                f"and at most {self.top:,}" + (f" ({self.why})" if self.why else ""),
                f"e.g. {written}{max(self.low, min(2, self.top))}")
        return number

    def check_saved(self, where: str, value: object) -> None:
        """A saved value, refused (DataError naming `where`) outside the range."""
        limits.check(where, value, self.low, self.high, why=self.why)


class SheetNumbers(Mapping[str, Number]):
    """A ruleset's sheet numbers by name, in the order the GM is told them."""

    def __init__(self, *numbers: Number) -> None:
        self._by_name = {number.name: number for number in numbers}

    def __getitem__(self, name: str) -> Number:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def typed(self, numbers: Mapping[str, Any], flag: str = "--stat ",
              what: str = "") -> dict[str, int]:
        """The GM's numbers by name, each checked; a name not declared is refused."""
        out = {}
        for name, value in numbers.items():
            if name not in self._by_name:
                raise RuleViolation(f"{flag}{name}: not a {what + ' ' if what else ''}sheet number",
                                    f"sheet numbers: {', '.join(self._by_name)}")
            out[name] = self._by_name[name].typed(value, flag)
        return out

    def check_saved(self, where: str, sheet: Any) -> None:
        """Every number of a saved sheet (its attributes by name) within its range."""
        for name, number in self._by_name.items():
            number.check_saved(f"{where}.{name}", getattr(sheet, name))


def _whole(value: Any) -> int | None:
    """A whole number, given as one or as its digits; None for anything else."""
    if isinstance(value, str):
        text = value.strip()
        digits = text.removeprefix("-").removeprefix("+")
        ok = digits.isascii() and digits.isdigit() and len(digits) <= 12
        return int(text) if ok else None
    return None if isinstance(value, bool) or not isinstance(value, int) else value
