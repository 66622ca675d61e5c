"""What an action compiles from its expressions, made when it is first played or weighed.

Compiling a ruleset written as data is mostly parsing its expressions and checking the
names they read, and a ruleset opens with each start of the program. An actions file
that was compiled whole before, with the same bytes and the same engine, cannot fail to
compile now (`content.yamlcache` keeps that mark), so its actions' steps, requirements
and given facts wait until an action is played, weighed or offered.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar, overload

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.stepkit import VocabError
from shaper_gm.engine.steps import Step

T = TypeVar("T")


class Later(Sequence[T]):
    """The items `make` gives, made on first use, once."""

    def __init__(self, make: Callable[[], tuple[T, ...]]) -> None:
        self._make: Callable[[], tuple[T, ...]] | None = make
        self._items: tuple[T, ...] = ()

    def _made(self) -> tuple[T, ...]:
        if self._make is not None:
            try:
                self._items = self._make()
            except VocabError as exc:     # only if the file was changed under its mark
                raise RuleViolation(f"the actions file cannot be read: {exc}",
                                    "run shaper-gm check-ruleset on the ruleset's "
                                    "folder") from None
            self._make = None
        return self._items

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        return self._made()[index]

    def __len__(self) -> int:
        return len(self._made())

    def __iter__(self) -> Iterator[T]:
        return iter(self._made())


def now_or_later(make: Callable[[], tuple[T, ...]], later: bool) -> Sequence[T]:
    """What `make` gives: now, or with `later` when first used."""
    return Later(make) if later else make()


def made_steps(raw: Sequence[Any], given: Iterable[str], *, keep: frozenset[str], where: str,
               read_after: Mapping[str, Iterable[str]], later: bool) -> Sequence[Step]:
    """The steps `engine.vocab.compile_steps` makes of `raw`: now, or with `later` when
    first used (and the step vocabulary's modules imported then)."""
    return now_or_later(partial(_compiled, raw, tuple(given), keep, where, read_after), later)


def _compiled(raw: Sequence[Any], given: tuple[str, ...], keep: frozenset[str], where: str,
              read_after: Mapping[str, Iterable[str]]) -> tuple[Step, ...]:
    from shaper_gm.engine.vocab import compile_steps
    return compile_steps(raw, given, keep, where, read_after)
