"""Exact odds of declared steps, each reading taken as it settles, and summed rolls whose
number of dice is itself a distribution (a mixture).

`engine.steps.exact` weighs every final situation whole. A declared action's odds read
a few values of its final facts (its chances and spreads). `exact_read` takes each
reading as soon as no later step writes what it reads, then forgets what neither a later
step nor a reading still to come reads, so situations that differ only in what is
already read merge (the dice pool's margin and pool left, read once the pool is rolled).

A plain summed roll met by situations alike but for how many dice of one kind they roll
(what decides the count no later step reads: the dice pool's damage dice, margin plus
proficiency) is rolled once for them all, the count a distribution
(`dice.exact.compound_sum`), into one situation holding every outcome with its weight
(`Mixed`). Later steps that roll and ask nothing map over its outcomes as a distribution
maps, without a branch each. So a pool of 40 weighs a branch or so per success count,
not one per success count and damage total; steps that roll or ask meet its outcomes
one by one again.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from math import gcd, lcm
from typing import TYPE_CHECKING, Any

from shaper_gm.engine import steps as engine_steps
from shaper_gm.engine.decisions import Decisions
from shaper_gm.engine.merged import Merged
from shaper_gm.engine.stepkit import Facts
from shaper_gm.engine.steps import MAX_BRANCHES, Step, Tape, too_large
from shaper_gm.records import record

if TYPE_CHECKING:
    from fractions import Fraction

# (key, the names it reads, how it reads final facts)
Reading = tuple[str, frozenset[str], Callable[[Any], Any]]


@record
class Weighed(Step):
    """A declared step with what it reads (for more than its words) and writes, so the
    runner knows when a reading settles and what it may forget; `sums`: a summed roll,
    which situations alike but for their count of dice may roll as one mixture."""

    reads: frozenset[str] = frozenset()
    writes: frozenset[str] = frozenset()
    sums: bool = False


class Mixed:
    """One situation holding a distribution: rows of facts, each with its integer
    weight of `whole` (their sum, in lowest terms)."""

    __slots__ = ("rows", "whole", "_hash")

    def __init__(self, rows: dict[Facts, int]) -> None:
        common = gcd(*rows.values())
        self.rows = {facts: weight // common for facts, weight in rows.items()}
        self.whole = sum(self.rows.values())
        self._hash: int | None = None

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self.rows.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mixed) and self.rows == other.rows


def mixed_or_one(rows: dict[Facts, int]) -> Any:
    """A Mixed of these rows, or the one row's facts when they are all alike."""
    return next(iter(rows)) if len(rows) == 1 else Mixed(rows)


class _Unsure(Exception):
    """A step that rolls more than a probe answers, or asks: not mapped, branched."""


class _Probe(Tape):
    """A tape that answers one roll with `value` (a total) and notes the spec asked for;
    any other roll or decision is `_Unsure`. `value` None: no roll allowed at all."""

    exact = True

    def __init__(self, value: int | None) -> None:
        self.value = value
        self.spec: Any = None

    def roll(self, slot: str, spec: Any, who: str | None = None, *,
             index: int | None = None) -> Any:
        from shaper_gm.dice.specs import Total
        if self.value is None or self.spec is not None:
            raise _Unsure
        self.spec = spec
        return Total(self.value)

    def note(self, label: str, value: Any = None, rule: str = "") -> None:
        pass

    def decide(self, ask: Any) -> str:
        raise _Unsure

    def unoffered(self, ask: Any) -> None:
        raise _Unsure


_PLAIN = _Probe(None)       # the tape of a step that neither rolls nor asks


def _shape(spec: Any) -> tuple[int, int, int, int] | None:
    """(sides, lowest face, number, count) of a sum of dice of one kind, else None."""
    from shaper_gm.dice.specs import SumRoll
    if type(spec) is not SumRoll:
        return None
    terms = spec.expr.dice_terms
    kinds = {(term.sides, term.low, term.sign) for term in terms}
    if len(kinds) != 1:
        return None
    sides, low, sign = kinds.pop()
    if sign < 0:
        return None
    return sides, low, spec.expr.constant, sum(term.count for term in terms)


def _mixtures(s: Step, situations: list[tuple[Any, int]]
              ) -> tuple[list[tuple[Any, int]], list[tuple[Mixed, int]]]:
    """The situations a summed roll branches one by one, and the mixtures it rolls: one
    for each group alike once rolled but for their count of dice (two counts or more)."""
    from shaper_gm.dice.exact import compound_sum
    rest: list[tuple[Any, int]] = []
    groups: dict[tuple[Any, tuple[int, int, int]], list[tuple[Any, int, int]]] = {}
    for ctx, weight in situations:
        probe = _Probe(0)
        try:
            after = s.fn(ctx, probe) if not isinstance(ctx, Mixed) else None
        except _Unsure:
            after = None
        shape = _shape(probe.spec) if after is not None else None
        if shape is None:
            rest.append((ctx, weight))
            continue
        sides, low, constant, count = shape
        groups.setdefault((after, (sides, low, constant)), []).append((ctx, weight, count))
    mixed: list[tuple[Mixed, int]] = []
    for (_, (sides, low, constant)), members in groups.items():
        counts: dict[int, int] = defaultdict(int)
        for _, weight, count in members:
            counts[count] += weight
        if len(counts) < 2:
            rest += [(ctx, weight) for ctx, weight, _ in members]
            continue
        first = members[0][0]
        rows: dict[Facts, int] = defaultdict(int)
        for total, ways in compound_sum(counts, sides, low).counts().items():
            rows[s.fn(first, _Probe(int(total) + constant))] += ways  # type: ignore[call-overload]
        mixed.append((Mixed(rows), sum(counts.values())))
    return rest, mixed


def _through(s: Step, mixed: Mixed) -> Any:
    """The step mapped over the mixture's rows, or None when it rolls or asks."""
    rows: dict[Facts, int] = defaultdict(int)
    try:
        for facts, weight in mixed.rows.items():
            rows[s.fn(facts, _Probe(None))] += weight
    except _Unsure:
        return None
    return mixed_or_one(rows)


def _roots(names: frozenset[str]) -> frozenset[str]:
    return names | {name.partition(".")[0] for name in names}


def _trimmed(ctx: Any, keep: frozenset[str]) -> Any:
    if isinstance(ctx, Mixed):
        rows: dict[Facts, int] = defaultdict(int)
        for facts, weight in ctx.rows.items():
            rows[facts.only(keep)] += weight
        return mixed_or_one(rows)
    return ctx.only(keep)


def _take(situations: list[tuple[Any, int]], whole: int, ready: Sequence[Reading],
          out: dict[str, dict[Any, Fraction]]) -> None:
    """Each ready reading's distribution of values, in the order they first appear: the
    situations' integer weights summed per value, a fraction made once for each."""
    from fractions import Fraction
    zero = Fraction(0)
    for key, _, read in ready:
        found: dict[Any, Fraction] = out.setdefault(key, {})
        counts: dict[Any, int] = {}          # value -> weight over `whole`
        for ctx, weight in situations:
            if not isinstance(ctx, Mixed):
                value = read(ctx)
                if value in counts:
                    counts[value] += weight
                else:
                    counts[value] = weight
                    found.setdefault(value, zero)
                continue
            values: dict[Any, int] = defaultdict(int)
            for facts, ways in ctx.rows.items():
                values[read(facts)] += ways
            for value, ways in values.items():
                found[value] = found.get(value, zero) + Fraction(weight * ways,
                                                                 whole * ctx.whole)
        for value, weight in counts.items():
            found[value] += Fraction(weight, whole)


def exact_read(steps: Sequence[Step], ctx: Any, decisions: Decisions | None,
               readings: Sequence[Reading]) -> dict[str, dict[Any, Fraction]]:
    """Each reading's exact distribution over the final facts (see the module's words);
    `TooLarge` past `MAX_BRANCHES` as `engine.steps.exact`. Steps that are not all
    `Weighed` run whole, and are read at the end."""
    run = [s for s in steps if not s.words_only]
    out: dict[str, dict[Any, Fraction]] = {}
    if not all(isinstance(s, Weighed) for s in run):
        final = engine_steps.exact(run, ctx, decisions)
        whole = lcm(*(p.denominator for p in final.values()))
        _take([(facts, p.numerator * (whole // p.denominator)) for facts, p in final.items()],
              whole, readings, out)
        return out
    if len(run) > MAX_BRANCHES:
        raise too_large(len(run))
    weighed: list[Weighed] = run                 # type: ignore[assignment]
    after_reads: list[frozenset[str]] = []
    after_writes: list[frozenset[str]] = []
    reads = writes = frozenset[str]()
    for s in reversed(weighed):
        after_reads.append(reads)
        after_writes.append(writes)
        reads, writes = reads | _roots(s.reads), writes | s.writes
    after_reads.reverse()
    after_writes.reverse()
    pending = [(key, _roots(names), read) for key, names, read in readings]
    ready = [r for r in pending if not r[1] & writes]
    _take([(ctx, 1)], 1, ready, out)
    pending = [r for r in pending if r not in ready]
    lookup = (decisions or Decisions()).lookup
    situations: list[tuple[Any, int]] = [(ctx, 1)]
    whole, room = 1, MAX_BRANCHES - len(run)
    for k, s in enumerate(weighed):
        room += 1
        merged = Merged(())
        mixed: list[tuple[Mixed, int]] = []
        if s.sums and len(situations) > 1:
            situations, mixed = _mixtures(s, situations)
        for n, (current, weight) in enumerate(situations):
            if isinstance(current, Mixed):
                mapped = _through(s, current)
                room -= len(current.rows)
                if mapped is not None:
                    merged.add([(mapped, 1, 1)], weight)
                    continue
                for facts, ways in current.rows.items():
                    merged.add([(r, w * ways, of * current.whole) for r, w, of in
                                engine_steps.branches(s, facts, lookup, room)], weight)
                continue
            branched = [(s.fn(current, _PLAIN), 1, 1)] if s.plain else \
                engine_steps.branches(s, current, lookup, room)
            if n == 0 and len(branched) * len(situations) > room:
                raise too_large(MAX_BRANCHES - room + len(branched) * len(situations))
            room -= len(branched)
            merged.add(branched, weight)
        for mixture, weight in mixed:
            room -= len(mixture.rows)
            merged.add([(mixture, 1, 1)], weight)
        situations, whole = merged.reduced(whole)
        ready = [r for r in pending if not r[1] & after_writes[k]]
        if ready:
            _take(situations, whole, ready, out)
            pending = [r for r in pending if r not in ready]
            keep = after_reads[k].union(*(names for _, names, _ in pending))
            again = Merged(())
            for current, weight in situations:
                again.add([(_trimmed(current, keep), 1, 1)], weight)
            situations, whole = again.reduced(whole)
    _take(situations, whole, pending, out)
    return out
