"""An action's requirements, checks and given facts, compiled from its mapping for
`engine.declaring`: now, or when first used where its actions file compiled whole
before (`engine.later_steps`), the names they read then checked already."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any

from shaper_gm.engine.declared_records import Requirement
from shaper_gm.engine.expr import Compiled
from shaper_gm.engine.later_steps import now_or_later
from shaper_gm.engine.stepkit import VocabError, checked_name, expression

GivenFacts = Sequence[tuple[str, Compiled]]   # (engine.given.Given works them out)
# Read from the situation all the same, a given fact of that name or not.
_SITUATION = {"destination", "travel", "occupied", "distance", "distance_after", "occupant",
              "lying"}


def requirements(raw: list[Any], at: str, *, later: bool) -> Sequence[Requirement]:
    """`requires` or `checks`: a list of {test, refuse, hint, fields}."""
    return now_or_later(partial(_requirements, raw, at), later)


def given_facts(raw: Mapping[str, Any], at: str, requires: Sequence[Requirement], *,
                later: bool) -> tuple[GivenFacts, tuple[str, ...]]:
    """`given`: the facts the steps start from, and their names."""
    if not isinstance(raw, Mapping):
        raise VocabError(f"{at}.given", "expected a mapping of names to expressions")
    if later:
        return now_or_later(partial(_given, raw, at), later), tuple(map(str, raw))
    given = _given(raw, at)
    names = tuple(name for name, _ in given)
    _tested_before_given(requires, set(names), at)
    return given, names


def check_flags_read(at: str, flags: Iterable[Any], target_flag: str | None,
                     *read_by: Iterable[Compiled]) -> None:
    """Every `flag.NAME` an expression reads names a flag the action declares (or the
    one naming its target, or a flag's mark)."""
    read = {name.partition(".")[2].replace("_", "-") for exprs in read_by for expr in exprs
            for name in expr.names if name.startswith("flag.")}
    declared = {f.name for f in flags} | {f"{f.name}-{mark}" for f in flags for mark in f.marks}
    missing = sorted(read - declared - {target_flag})
    if missing:
        raise VocabError(f"{at}.flags", f"flag.{missing[0]} is read but no flag "
                                        f"{missing[0]!r} is declared")


def tests_of(needs: Sequence[Requirement]) -> list[Compiled]:
    return [need.test for need in needs]


def _given(raw: Mapping[str, Any], at: str) -> tuple[tuple[str, Compiled], ...]:
    return tuple((checked_name(key, f"{at}.given"), expression(text, f"{at}.given.{key}"))
                 for key, text in raw.items())


def _requirements(raw: list[Any], at: str) -> tuple[Requirement, ...]:
    return tuple(_requirement(need, f"{at}[{i}]") for i, need in enumerate(raw))


def _tested_before_given(requires: Sequence[Requirement], given: set[str], at: str) -> None:
    """`requires` is tested before the given facts are made: a test reading one of them
    is refused at load, not in play (`no value named 'reach' here`)."""
    for index, need in enumerate(requires):
        read = sorted(need.test.names & given - _SITUATION)
        if read:
            raise VocabError(f"{at}.requires[{index}].test", f"reads {read[0]!r}, a given "
                             "fact: requires is tested before the facts are given; read "
                             "what the fact reads (actor.X, target.X, rules.X, ...)")


def _requirement(raw: Any, at: str) -> Requirement:
    if not isinstance(raw, Mapping) or "test" not in raw or "refuse" not in raw:
        raise VocabError(at, "expected {test: EXPR, refuse: TEXT, hint: TEXT}")
    extra = sorted(set(raw) - {"test", "refuse", "hint", "fields"})
    if extra:
        raise VocabError(f"{at}.{extra[0]}", "a requirement has test, refuse, hint and fields")
    fields = raw.get("fields", {})
    if not isinstance(fields, Mapping):
        raise VocabError(f"{at}.fields", "expected NAME: EXPR pairs, worked out for its words")
    return Requirement(expression(raw["test"], f"{at}.test"), str(raw["refuse"]),
                       str(raw.get("hint", "")),
                       tuple((checked_name(k, f"{at}.fields"), expression(v, f"{at}.fields.{k}"))
                             for k, v in fields.items()))
