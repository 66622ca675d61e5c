"""Where dice faces come from: the generator, or the table (S4).

A roll asks its source for faces; it never knows whether they were rolled
by :class:`DiceRng` or typed in by a player, so given faces are treated
exactly like rolled ones (S4).

A roll made of several dice terms first calls the optional
``expect(plan, what)`` hook with the whole plan (a sequence of
``(count, sides)`` runs), so :class:`GivenFaces` can reject a wrong count or
an out-of-range face before anything is consumed, with a message about the
whole roll ("expected 4 faces for 3d6+1d6, got 3").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from .errors import DiceInputError
from .rng import DiceRng
from .totals import EnteredTotal, is_total, parse_total

__all__ = ["Asked", "ByGroup", "DiceSource", "RolledFaces", "GivenFaces", "parse_faces",
           "read_roll", "DiceInputError"]

Plan = Sequence[tuple[int, ...]]  # (count, sides) or (count, sides, low) runs, in order


@runtime_checkable
class DiceSource(Protocol):
    def faces(self, count: int, sides: int, what: str, *, low: int = 1) -> tuple[int, ...]:
        """Return ``count`` faces of a ``sides``-sided die whose faces run from ``low``
        (1, or 0 for a die read 0..sides-1); ``what`` labels errors."""
        ...


class Asked(str):
    """A roll's label (the ``what`` a source is asked with) that also carries what the
    table should hear before these faces are asked for: ``lead`` pairs an actor id with
    a short verdict, e.g. each target's hit or critical before the damage dice. Sources
    that do not ask anyone read it as the plain label."""

    lead: tuple[tuple[str, str], ...]

    def __new__(cls, text: str, lead: Iterable[tuple[str, str]] = ()) -> Asked:
        made = super().__new__(cls, text)
        made.lead = tuple(lead)
        return made


class ByGroup:
    """A dice source that asks for one roll's faces group by group, each under its own
    label (a damage roll's weapon dice, critical die, each skill's dice), in roll order;
    anything else about the source (an entered total, `expect`) is the source's own."""

    def __init__(self, source: DiceSource, groups: Iterable[tuple[str, int]]) -> None:
        self.source = source
        self.queue = [(label, count) for label, count in groups if count]

    def faces(self, count: int, sides: int, what: str = "roll", *,
              low: int = 1) -> tuple[int, ...]:
        out: list[int] = []
        while count > 0:
            label, left = self.queue[0] if self.queue else (what, count)
            take = min(left, count)
            out.extend(self.source.faces(take, sides, label, low=low) if low != 1
                       else self.source.faces(take, sides, label))
            count -= take
            if self.queue:
                if take == left:
                    self.queue.pop(0)
                else:
                    self.queue[0] = (label, left - take)
        return tuple(out)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.source, name)


def _spec(plan: Plan) -> str:
    return "+".join(f"{run[0]}d{run[1]}" for run in plan)


def read_face(drawn: int, sides: int, low: int) -> int:
    """A drawn face 1..sides as the die reads it: with ``low`` 0 the top face is 0."""
    return drawn if low == 1 else low + (drawn - low) % sides


class RolledFaces(DiceSource):
    """Faces drawn from a :class:`DiceRng` (advancing it)."""

    def __init__(self, rng: DiceRng) -> None:
        self.rng = rng

    def faces(self, count: int, sides: int, what: str = "roll", *,
              low: int = 1) -> tuple[int, ...]:
        return tuple(read_face(self.rng.draw(sides), sides, low) for _ in range(count))

    def __repr__(self) -> str:
        return f"RolledFaces({self.rng!r})"


class GivenFaces(DiceSource):
    """Faces a player rolled at the table, consumed exactly once, in order.

    Without an ``expect`` plan, a single ``faces`` call must take all of them.
    With ``rng``, consuming faces skips the generator by the same count, so its
    position stays "number of dice used so far" however the dice were produced.
    """

    def __init__(self, faces: Iterable[int] | str, rng: DiceRng | None = None) -> None:
        if isinstance(faces, str):
            faces = parse_faces(faces)
        self._faces = tuple(faces)
        for face in self._faces:
            if not isinstance(face, int) or isinstance(face, bool):
                raise DiceInputError(f"faces: {face!r} is not a whole number")
        self._used = 0
        self._budget: int | None = None
        self.rng = rng

    @property
    def given(self) -> tuple[int, ...]:
        return self._faces

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._used

    def expect(self, plan: Plan, what: str = "roll") -> None:
        """Validate count and ranges for a whole roll before any face is consumed."""
        total = sum(run[0] for run in plan)
        if total != self.remaining:
            raise DiceInputError(
                f"{what}: expected {total} faces for {_spec(plan)}, got {self.remaining}"
            )
        index = self._used
        for run in plan:
            count, sides = run[0], run[1]
            low = run[2] if len(run) > 2 else 1
            _check_range(self._faces[index : index + count], sides, what, low)
            index += count
        self._budget = total

    def faces(self, count: int, sides: int, what: str = "roll", *,
              low: int = 1) -> tuple[int, ...]:
        if self._budget is None:
            if count != self.remaining:
                raise DiceInputError(
                    f"{what}: expected {count} faces for {count}d{sides}, got {self.remaining}"
                )
        elif count > self._budget:
            raise DiceInputError(
                f"{what}: asked for {count} more faces, only {self._budget} planned"
            )
        chunk = self._faces[self._used : self._used + count]
        _check_range(chunk, sides, what, low)
        self._used += count
        if self._budget is not None:
            self._budget -= count
        if self.rng is not None:
            self.rng.skip(count)
        return chunk

    def __repr__(self) -> str:
        return f"GivenFaces({self._faces!r}, used={self._used})"


def _check_range(faces: Sequence[int], sides: int, what: str, low: int = 1) -> None:
    high = low + sides - 1
    for face in faces:
        if not low <= face <= high:
            why = f" (this d{sides} reads {low}-{high})" if low != 1 else ""
            raise DiceInputError(f"{what}: face {face} is out of range {low}-{high}{why}")


_SEPARATORS = re.compile(r"\s*,\s*|\s+")
_FACE = re.compile(r"[0-9]{1,9}")


FACES_HINT = "write faces like 5,5,3, or the total called out like =14"


def read_roll(text: str, label: str = "") -> tuple[int, ...] | EnteredTotal:
    """One roll as the table gives it, the same after a `--SLOT` flag and at the dice
    prompt: its faces (``5,5,3``, ``5 5 3``) or the total called out (``=14``). Only
    the form is checked here; count, range and reach depend on the roll. `label` (the
    flag, ``--roll``) opens a refusal's message."""
    if is_total(text):
        return parse_total(text, label)
    return parse_faces(text, label)


def parse_faces(text: str, label: str = "faces") -> tuple[int, ...]:
    """Parse faces typed at the table: ``"5,5,3"``, ``"5, 5, 3"`` or ``"5 5 3"``; an
    empty entry (``8,``) is refused.

    Only syntax is checked here; count and range depend on the roll and are
    checked by :class:`GivenFaces`.
    """
    def refuse(why: str) -> DiceInputError:
        return DiceInputError(f"{label}: {why}" if label else why, FACES_HINT)

    stripped = text.strip()
    if not stripped:
        raise refuse("nothing given")
    faces = []
    for token in _SEPARATORS.split(stripped):
        if not token:
            raise refuse(f"empty entry in {stripped!r}")
        if not _FACE.fullmatch(token):
            shown = token if len(token) <= 12 else token[:12] + "…"
            raise refuse(f"{shown!r} is not a die face")
        faces.append(int(token))
    return tuple(faces)
