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

The exact runner is bounded: it weighs at most `MAX_BRANCHES` outcomes over all steps
(a second or two of work at most), and refuses (`TooLarge`) as soon as it can tell a
run would weigh more: before the first step when there are more steps than that,
before each step from its first situation's branches times the number of situations,
and within a step from the outcomes multiplied along the first path through its rolls.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from math import gcd, lcm, prod
from typing import TYPE_CHECKING, Any, NamedTuple

from shaper_gm.dice.errors import TooLarge
from shaper_gm.dice.limits import MAX_DICE, MAX_WEIGHED
from shaper_gm.engine.decisions import Ask, Decisions
from shaper_gm.records import record

if TYPE_CHECKING:      # exact odds only: a played step does not load fractions
    from fractions import Fraction


class Note(NamedTuple):
    """One line of a breakdown: what a step found, the number, and the ruling."""

    label: str
    value: Any = None
    rule: str = ""


# A step's work: (context, tape) -> the next context.
StepFn = Callable[[Any, Any], Any]


@record
class Step:
    fn: StepFn
    name: str = ""
    forget: tuple[str, ...] = ()       # context fields no later step reads (exact mode)
    words_only: bool = False           # it writes the breakdown alone: odds skip it
    words_read: frozenset[str] = frozenset()   # fields it reads for its words alone
    together: tuple[str, ...] = ()     # a `together` step: the names every target gathers
    plain: bool = False                # it neither rolls nor asks: one branch, no tape read


def step(name: str = "", forget: Sequence[str] = ()) -> Callable[[StepFn], Step]:
    def wrap(fn: StepFn) -> Step:
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

    def recap(self, words: str, join: str = "; ") -> None:
        """Words for the action's one-line recap, after `join`."""

    def decide(self, ask: Ask) -> str:
        raise NotImplementedError

    def unoffered(self, ask: Ask) -> None:
        """An ask that offers nothing: nobody is asked, but an answer declared for it is
        refused (in the words of why it is not offered)."""

    def flat(self, slot: str, who: str | None = None, *, index: int | None = None) -> int | None:
        """A number the GM gave for `slot` where the rules roll nothing (`--defense =2`
        for a target without armor), or None. Odds never have one."""
        return None

    def once(self, key: Hashable, make: Callable[..., Any], *args: Any) -> Any:
        """`make(*args)`, for what a step works out from its situation alone, never from
        its rolls (the spec of a roll, say): odds run a step once per branch of its
        rolls from one situation, and make it once for all of them."""
        return make(*args)


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
        self.recaps: list[tuple[str, str]] = []      # (join, words) for the recap line
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

    def recap(self, words: str, join: str = "; ") -> None:
        self.recaps.append((join, words))

    def decide(self, ask: Ask) -> str:
        return self.decisions.answer(ask)

    def unoffered(self, ask: Ask) -> None:
        self.decisions.lookup(ask)

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

    def place(self, slot: str, index: int) -> None:
        """The next roll of `slot` takes place `index` (a target's own, engine.all_targets)."""
        self._per_slot[slot] = index

    def placed(self, slot: str) -> int:
        """How many places of `slot` its rolls took (those that follow one share its)."""
        return int(self._per_slot[slot])

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
        total: int = given.value
        return total


def play(steps: Sequence[Step], ctx: Any, tape: PlayTape) -> Any:
    for s in steps:
        ctx = s.fn(ctx, tape)
    return ctx


class _BranchTape(Tape):
    """One situation's tape, replayed for each run of a step (`replay`): it follows a
    fixed script of outcome choices, then takes the first outcome of each roll past it,
    noting how many outcomes that roll has (`fresh`): the runner runs the others later.
    So each run of a step is one whole path through its rolls. The path has `ways` of
    `whole` equally likely outcomes (integers: the runner adds them up without reducing
    a fraction at every step)."""

    exact = True
    __slots__ = ("script", "scripted", "at", "ways", "whole", "fresh", "_decide", "_made")

    def __init__(self, decide: Callable[[Ask], str]) -> None:
        self._decide = decide
        self._made: dict[Hashable, Any] = {}    # `once`'s values, for every run

    def replay(self, script: tuple[int, ...]) -> _BranchTape:
        """The tape for one run of the step from the situation: `script` first."""
        self.script = script
        self.scripted = len(script)
        self.at = 0
        self.ways = 1
        self.whole = 1
        self.fresh: list[int] = []      # outcomes of each roll past the script, in order
        return self

    def roll(self, slot: str, spec: Any, who: str | None = None, *,
             index: int | None = None) -> Any:
        last = _LAST
        outcomes, whole = last[1] if spec is last[0] else _outcomes(spec)
        at = self.at
        self.at = at + 1
        if at < self.scripted:
            value, ways = outcomes[self.script[at]]
        else:
            self.fresh.append(len(outcomes))
            value, ways = outcomes[0]
        self.ways *= ways
        self.whole *= whole
        return value

    def note(self, label: str, value: Any = None, rule: str = "") -> None:
        pass

    def decide(self, ask: Ask) -> str:
        return self._decide(ask)

    def unoffered(self, ask: Ask) -> None:
        self._decide(ask)

    def once(self, key: Hashable, make: Callable[..., Any], *args: Any) -> Any:
        made = self._made.get(key, _NOT_MADE)
        if made is _NOT_MADE:
            made = self._made[key] = make(*args)
        return made


_NOT_MADE = object()


_OUTCOMES: dict[Hashable, tuple[list[tuple[Any, int]], int]] = {}
_LAST: list[Any] = [None, None]      # the spec asked for last, and its outcomes


def _outcomes(spec: Any) -> tuple[list[tuple[Any, int]], int]:
    """(outcome, ways) for each outcome of `spec`, and the ways in all (lowest terms).

    The branch tape looks at `_LAST` first: a step runs once per branch and asks for the
    spec it made once (`Tape.once`) each time, so it need not be hashed again."""
    found = _OUTCOMES.get(spec)
    if found is None:
        dist = spec.outcomes()
        counts = dist.counts()
        common = gcd(dist.total_weight, *counts.values())
        found = ([(value, counts[value] // common) for value in dist],
                 dist.total_weight // common)
        if len(_OUTCOMES) > 4096:
            _OUTCOMES.clear()
        _OUTCOMES[spec] = found
    _LAST[:] = spec, found
    return found


MAX_BRANCHES = 30_000     # outcomes one exact run may weigh, over all its steps


def odds_limits() -> str:
    """The limits of exact odds, as `help odds` states them."""
    return (f"Limits: odds are exact for rolls of up to {MAX_DICE:,} dice, "
            f"distributions of up to {MAX_WEIGHED:,} weighed outcomes and actions of up to "
            f"{MAX_BRANCHES:,}; past one, they are refused as soon as that shows, naming "
            "it.")


def too_large(weighed: int) -> TooLarge:
    return TooLarge(f"odds: working these out exactly would weigh {weighed:,} outcomes or "
                    f"more, past the limit of {MAX_BRANCHES:,}",
                    "fewer or smaller dice, or fewer reactions declared, bring it within")


def branches(s: Step, ctx: Any, decide: Callable[[Ask], str],
             room: int = MAX_BRANCHES) -> list[tuple[Any, int, int]]:
    """Every context one step can produce from `ctx`, each with `ways` of `whole`
    outcomes; refused (`TooLarge`) past `room` of them, or as soon as the first path
    through the step's rolls (their outcomes multiplied) says there would be more.

    Each run follows one path (see `_BranchTape`) and leaves the other outcomes of the
    rolls it met first as scripts to run, so a step runs once per branch."""
    out: list[tuple[Any, int, int]] = []
    pending: list[tuple[int, ...]] = [()]
    tape = _BranchTape(decide)            # one per situation: what `once` made
    fn, replay, keep = s.fn, tape.replay, out.append
    while pending:
        script = pending.pop()
        replay(script)
        keep((fn(ctx, tape), tape.ways, tape.whole))
        if not tape.fresh:
            continue
        ahead = prod(tape.fresh) if len(out) == 1 else 0     # the first path multiplied
        if ahead <= room:
            for count in tape.fresh:
                pending.extend(script + (i,) for i in range(1, count))
                script += (0,)
            ahead = max(ahead, len(out) + len(pending))
        if ahead > room:
            raise too_large(MAX_BRANCHES - room + ahead)
    return out


def exact(steps: Sequence[Step], ctx: Any,
          decisions: Decisions | None = None) -> dict[Any, Fraction]:
    """The exact distribution of final contexts (probabilities sum to 1), or `TooLarge`
    when working it out would weigh more than MAX_BRANCHES outcomes.

    Weights are integers over one common whole, step by step (`engine.merged`); only
    the final weights become Fractions."""
    from fractions import Fraction

    from shaper_gm.engine.merged import Merged
    steps = [s for s in steps if not s.words_only]
    if len(steps) > MAX_BRANCHES:
        raise too_large(len(steps))
    chooser = decisions or Decisions()
    situations: list[tuple[Any, int]] = [(ctx, 1)]
    whole = 1
    room = MAX_BRANCHES - len(steps)        # a step weighs one outcome at the least
    for s in steps:
        room += 1
        merged = Merged(s.forget)
        for n, (current, weight) in enumerate(situations):
            branched = branches(s, current, chooser.lookup, room)
            if n == 0 and len(branched) * len(situations) > room:   # the rest will be alike
                raise too_large(MAX_BRANCHES - room + len(branched) * len(situations))
            room -= len(branched)
            merged.add(branched, weight)
        situations, whole = merged.reduced(whole)
    return {result: Fraction(ways, whole) for result, ways in situations}


def distribution(final: dict[Any, Fraction], f: Callable[[Any], Hashable]) -> dict[Any, Fraction]:
    """Project a distribution of contexts onto one reading of them (hit, damage, ...),
    adding integer counts over the common denominator rather than Fractions."""
    from fractions import Fraction
    whole = lcm(*{p.denominator for p in final.values()})    # few of them: most alike
    out: dict[Any, int] = defaultdict(int)
    for ctx, p in final.items():
        out[f(ctx)] += p.numerator * (whole // p.denominator)
    return {reading: Fraction(count, whole) for reading, count in out.items()}


def chance(final: dict[Any, Fraction], holds: Callable[[Any], object]) -> Fraction:
    """The chance that `holds` is true of the outcome, summed as `distribution` sums."""
    from fractions import Fraction
    return distribution(final, lambda ctx: bool(holds(ctx))).get(True, Fraction(0))


def mean(dist: Mapping[Any, Fraction]) -> Fraction:
    """The mean of a distribution of numbers, summed as `distribution` sums."""
    from fractions import Fraction
    whole = lcm(*{p.denominator for p in dist.values()})
    return Fraction(sum(v * (p.numerator * (whole // p.denominator)) for v, p in dist.items()),
                    whole)
