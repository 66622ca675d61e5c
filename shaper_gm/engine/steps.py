"""Resolution as steps: an action is a list of small pure steps over a frozen context.

A step is ``step(ctx, tape) -> ctx``. It asks the tape for rolls and decisions and
notes what it did (``tape.note(label, value, rule)``) for the breakdown. The same
steps run two ways:

- `play`: for real. Each roll comes from the dice source for its slot (given faces,
  the GM typing them, or the seeded generator); the notes are kept.
- `exact`: for odds. Each roll branches over every exact outcome of its spec with its
  probability, and contexts that come out equal are merged, so the result is the exact
  distribution of final contexts. Notes are dropped. A step's `forget` fields are
  cleared in this mode once later steps no longer read them, so more branches merge.

This is how a rule exists once: `odds` runs the very steps an attack runs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from shaper_gm.engine.decisions import Ask, Decisions
from shaper_gm.records import record

if TYPE_CHECKING:      # exact odds only: a played step does not load fractions
    from fractions import Fraction


class Note(NamedTuple):
    """One line of a breakdown: what a step found, the number, and the ruling."""

    label: str
    value: Any = None
    rule: str = ""


@record
class Step:
    fn: Callable[[Any, Any], Any]
    name: str = ""
    forget: tuple[str, ...] = ()       # context fields no later step reads (exact mode)


def step(name: str = "", forget: Sequence[str] = ()) -> Callable[[Callable], Step]:
    def wrap(fn: Callable) -> Step:
        return Step(fn, name or fn.__name__, tuple(forget))
    return wrap


class Tape:
    """What a step may ask for. `PlayTape` and the exact runner's tape implement it."""

    exact = False

    def roll(self, slot: str, spec: Any, who: str | None = None, *,
             index: int | None = None) -> Any:
        """A roll of `spec` in `slot` for `who`. `index` places it in a slot that has a
        place per target (the k-th target's roll, even when earlier ones rolled none);
        without it, rolls of a slot are numbered in the order they happen."""
        raise NotImplementedError

    def note(self, label: str, value: Any = None, rule: str = "") -> None:
        raise NotImplementedError

    def decide(self, ask: Ask) -> str:
        raise NotImplementedError

    def flat(self, slot: str, who: str | None = None, *, index: int | None = None) -> int | None:
        """A number the GM gave for `slot` where the rules roll nothing (`--defense =2`
        for a target without armor), or None. Odds never have one."""
        return None


# (slot, index within the slot, actor) -> the dice source for that roll
SourceFor = Callable[[str, int, "str | None"], Any]


class PlayTape(Tape):
    """Rolls for real, slot by slot; keeps every roll and note."""

    def __init__(self, sources: SourceFor, decisions: Decisions | None = None,
                 given: Any = None) -> None:
        self.sources = sources
        self.decisions = decisions or Decisions()
        self.given_dice = given          # what the GM gave per slot (commands.SlotDice)
        self.notes: list[Note] = []
        self.rolls: list[tuple[str, Any]] = []      # (slot, Roll) in the order rolled
        self._per_slot: dict[str, int] = defaultdict(int)

    def roll(self, slot: str, spec: Any, who: str | None = None, *,
             index: int | None = None) -> Any:
        if index is None:
            index = self._per_slot[slot]
        self._per_slot[slot] = index + 1
        result = spec.roll(self.sources(slot, index, who))
        self.rolls.append((slot, result))
        return result

    def note(self, label: str, value: Any = None, rule: str = "") -> None:
        self.notes.append(Note(label, value, rule))

    def decide(self, ask: Ask) -> str:
        return self.decisions.answer(ask)

    def given(self, slot: str) -> int:
        """How many rolls of `slot` the GM gave (faces or totals), used or not."""
        return len(self.given_dice.given.get(slot, ())) if self.given_dice is not None else 0

    def given_at(self, slot: str, index: int) -> Any:
        """What the GM gave for the `index`-th roll of `slot` (faces, a total, or None)."""
        given = self.given_dice.given.get(slot, ()) if self.given_dice is not None else ()
        return given[index] if index < len(given) else None

    def rolled(self, slot: str) -> int:
        """How many rolls of `slot` the action has made."""
        return sum(1 for name, _ in self.rolls if name == slot)

    def drop_unused(self, slot: str) -> int:
        """Forget what the GM gave for rolls of `slot` the action never made (it stopped
        before them, as the rules say); how many were dropped."""
        extra = self.given(slot) - self.rolled(slot)
        if extra > 0:
            given = self.given_dice.given
            given[slot] = given[slot][:self.rolled(slot)]
        return max(0, extra)

    def flat(self, slot: str, who: str | None = None, *, index: int | None = None) -> int | None:
        if index is None:
            index = self._per_slot[slot]
        source = self.sources(slot, index, who)
        given = getattr(source, "entered", None)
        if given is None:
            return None
        self._per_slot[slot] = index + 1
        source.take_total(0)
        return given.value


def play(steps: Sequence[Step], ctx: Any, tape: PlayTape) -> Any:
    for s in steps:
        ctx = s.fn(ctx, tape)
    return ctx


class _NeedRoll(Exception):
    def __init__(self, outcomes: list[tuple[Any, Fraction]]) -> None:
        self.outcomes = outcomes


class _BranchTape(Tape):
    """Replays a fixed script of outcome choices; asks for a branch at the first roll
    past the script."""

    exact = True

    def __init__(self, script: tuple[int, ...], decide: Callable[[Ask], str]) -> None:
        self.script = script
        self.at = 0
        self.weight: Fraction | int = 1         # a Fraction from the first roll on
        self._decide = decide

    def roll(self, slot: str, spec: Any, who: str | None = None, *,
             index: int | None = None) -> Any:
        outcomes = _outcomes(spec)
        if self.at == len(self.script):
            raise _NeedRoll(outcomes)
        value, p = outcomes[self.script[self.at]]
        self.at += 1
        self.weight *= p
        return value

    def note(self, label: str, value: Any = None, rule: str = "") -> None:
        pass

    def decide(self, ask: Ask) -> str:
        return self._decide(ask)


_OUTCOMES: dict[Hashable, list[tuple[Any, Fraction]]] = {}


def _outcomes(spec: Any) -> list[tuple[Any, Fraction]]:
    found = _OUTCOMES.get(spec)
    if found is None:
        dist = spec.outcomes()
        found = [(value, dist[value]) for value in dist]
        if len(_OUTCOMES) > 4096:
            _OUTCOMES.clear()
        _OUTCOMES[spec] = found
    return found


def branches(s: Step, ctx: Any, decide: Callable[[Ask], str]) -> list[tuple[Any, Fraction]]:
    """Every context one step can produce from `ctx`, with its probability."""
    out = []
    pending: list[tuple[int, ...]] = [()]
    while pending:
        script = pending.pop()
        tape = _BranchTape(script, decide)
        try:
            result = s.fn(ctx, tape)
        except _NeedRoll as need:
            pending.extend(script + (i,) for i in range(len(need.outcomes)))
            continue
        out.append((result, tape.weight))
    return out


def exact(steps: Sequence[Step], ctx: Any,
          decisions: Decisions | None = None) -> dict[Any, Fraction]:
    """The exact distribution of final contexts (probabilities sum to 1)."""
    from fractions import Fraction
    chooser = decisions or Decisions()
    dist: dict[Any, Fraction] = {ctx: Fraction(1)}
    for s in steps:
        merged: dict[Any, Fraction] = defaultdict(Fraction)
        for current, p in dist.items():
            for result, q in branches(s, current, chooser.lookup):
                if s.forget:
                    result = replace(result, **dict.fromkeys(s.forget))
                merged[result] += p * q
        dist = dict(merged)
    return dist


def distribution(final: dict[Any, Fraction], f: Callable[[Any], Hashable]) -> dict[Any, Fraction]:
    """Project a distribution of contexts onto one reading of them (hit, damage, ...)."""
    from fractions import Fraction
    out: dict[Any, Fraction] = defaultdict(Fraction)
    for ctx, p in final.items():
        out[f(ctx)] += p
    return dict(out)
