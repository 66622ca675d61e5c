"""Where a command's dice come from, slot by slot, and what they turned out to be.

A command asks for one source per roll slot (``roll``, ``evade``, ``damage``, ...).
Each slot's faces come from the GM's flags if given, else from the shell asking for
an actor whose dice are entered by hand (S4), else from the seeded generator. Every
face used is recorded, so the command can be logged with its dice written in, and
the generator advances by one position per die however the die was produced, so a
replay from the log ends at the same position.

A slot may be given a total instead of faces (`--roll =14`, `dice.totals`): the roll
takes it whole, the generator skips the dice it stands for, and the log writes `=14`.
A total typed at the dice prompt is given the same way: the command runs again with it
(`TotalTyped`), hearing the answers typed before it again (`Answers`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field

from shaper_gm.dice import DiceInputError, DiceRng
from shaper_gm.dice.sources import read_face
from shaper_gm.dice.totals import EnteredTotal
from shaper_gm.errors import CommandError
from shaper_gm.records import record
from shaper_gm.words import plural

# (actor, what, count, sides, low) -> faces typed at the table, the total called out,
# or None to roll them.
FacesAsker = Callable[..., "tuple[int, ...] | EnteredTotal | None"]


@record(frozen=False)
class SlotSource:
    """A DiceSource for one slot: hands out given faces in order, else rolls."""

    box: DiceBox
    slot: str
    given: tuple[int, ...] | EnteredTotal | None
    actor: str | None
    number: int = 0                        # the command's how-manieth dice source
    used: list[int] = field(default_factory=list)
    by_hand: bool = False
    total: EnteredTotal | None = None      # the given total, once a roll took it

    @property
    def label(self) -> str:
        return f"--{self.slot}"

    @property
    def entered(self) -> EnteredTotal | None:
        """The total given for this slot, while no roll has taken it."""
        if isinstance(self.given, EnteredTotal) and self.total is None:
            return self.given
        return None

    def take_total(self, count: int) -> None:
        """A roll took the given total in place of `count` dice."""
        self.total = self.given
        self.box.rng.skip(count)

    def logged(self) -> tuple[int, ...] | EnteredTotal | None:
        """What the log writes for this slot: the faces used, the total, or None."""
        if self.total is not None:
            return self.total
        return tuple(self.used) if self.used else None

    def faces(self, count: int, sides: int, what: str = "roll", *,
              low: int = 1) -> tuple[int, ...]:
        high = low + sides - 1
        if isinstance(self.given, EnteredTotal):
            raise CommandError(f"--{self.slot} {self.given}: the {what} ({count}d{sides}) "
                               "needs its faces here, not a total",
                               f"give the {plural(count, 'face')} rolled in --{self.slot}")
        if self.given is not None:
            start = len(self.used)
            chunk = self.given[start:start + count]
            if len(chunk) < count:
                raise CommandError(
                    f"--{self.slot}: {what} needs {count} more "
                    f"{'face' if count == 1 else 'faces'}, "
                    f"{len(self.given) - start} left of {len(self.given)} given",
                    f"give {start + count} faces in --{self.slot}")
            for face in chunk:
                if not low <= face <= high:
                    why = f" (this d{sides} reads {low}-{high})" if low != 1 else ""
                    raise CommandError(f"--{self.slot}: face {face} is out of range "
                                       f"{low}-{high}{why}",
                                       f"give faces between {low} and {high}")
            self.box.rng.skip(count)
        else:
            chunk = self.box.ask(self.actor, what, count, sides, low)
            if isinstance(chunk, EnteredTotal):
                if self.used:
                    raise CommandError(f"--{self.slot} {chunk}: a total stands for the whole "
                                       "roll, and some of its faces were typed already",
                                       "type the total at the roll's first question")
                raise TotalTyped(self.number, chunk)
            if chunk is None:
                chunk = tuple(read_face(self.box.rng.draw(sides), sides, low)
                              for _ in range(count))
            else:
                self.by_hand = True
                self.box.rng.skip(count)
        self.used.extend(chunk)
        return tuple(chunk)

    def finish(self) -> None:
        """Given faces must all be used, unless the roll never happened (a miss
        rolls no damage): those faces are simply left out of the log."""
        if isinstance(self.given, EnteredTotal):
            return
        if self.given is not None and self.used and len(self.used) != len(self.given):
            raise CommandError(
                f"--{self.slot}: {plural(len(self.given), 'face')} given, the roll used "
                f"{len(self.used)}",
                f"give exactly {plural(len(self.used), 'face')} in --{self.slot}")


class TotalTyped(Exception):
    """A total typed at the dice prompt for the command's dice source `number`. A roll
    looks for a total before it asks for faces, so the command runs again from the
    start with the total given to that source, as `--SLOT =N` gives it (what the table
    answered before is not asked again: `Answers`)."""

    def __init__(self, number: int, total: EnteredTotal) -> None:
        super().__init__(number, total)
        self.number, self.total = number, total


class Answers:
    """What the table answered during one command (faces, totals, decisions), kept over
    the runs a typed total starts again: each run hears the same answers in order."""

    def __init__(self) -> None:
        self.said: list = []
        self.totals: dict[int, EnteredTotal] = {}      # dice source number -> total
        self.heard = 0

    def run(self) -> None:
        self.heard = 0

    def recalling(self, ask: Callable | None) -> Callable | None:
        """`ask`, answered from what was said before while there is some."""
        if ask is None:
            return None

        def recalled(*question):
            if self.heard == len(self.said):
                self.said.append(ask(*question))
            self.heard += 1
            return self.said[self.heard - 1]
        return recalled

    def take(self, typed: TotalTyped) -> None:
        """The total just typed goes to its dice source, not to the next question."""
        self.said.pop()
        self.totals[typed.number] = typed.total


class DiceBox:
    def __init__(self, seed: int, position: int, *, asker: FacesAsker | None = None,
                 manual: frozenset[str] = frozenset(), answers: Answers | None = None) -> None:
        self.rng = DiceRng(seed, position)
        self.answers = answers or Answers()
        self.asker = self.answers.recalling(asker)
        self.manual = manual
        self.slots: list[SlotSource] = []

    @property
    def position(self) -> int:
        return self.rng.position

    def source(self, slot: str, given: tuple[int, ...] | None = None, *,
               actor: str | None = None) -> SlotSource:
        number = len(self.slots)
        typed = self.answers.totals.get(number) if given is None else None
        source = SlotSource(self, slot, typed or given, actor, number, by_hand=typed is not None)
        self.slots.append(source)
        return source

    def ask(self, actor: str | None, what: str, count: int, sides: int,
            low: int = 1) -> tuple[int, ...] | EnteredTotal | None:
        if self.asker is None or actor is None or actor not in self.manual:
            return None
        faces = (self.asker(actor, what, count, sides) if low == 1
                 else self.asker(actor, what, count, sides, low))
        if faces is None or isinstance(faces, EnteredTotal):
            return faces
        high = low + sides - 1
        if len(faces) != count or any(not low <= f <= high for f in faces):
            raise DiceInputError(f"{what}: expected {count} faces of {low}-{high}, got {faces}")
        return tuple(faces)

    def finish(self) -> None:
        """Check that no given face was left unused."""
        for source in self.slots:
            source.finish()
