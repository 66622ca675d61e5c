"""An action's steps made when it is first played or weighed.

Making an action's steps (parsing every expression, checking every name they read)
is about half of what compiling a ruleset written as data costs, and a ruleset opens
with each start of the program. An actions file that was compiled whole before, with
the same bytes and the same engine, cannot fail to compile now (`content.yamlcache`
keeps that mark), so its steps wait until an action is played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, overload

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.stepkit import VocabError
from shaper_gm.engine.steps import Step


class LaterSteps(Sequence[Step]):
    """Steps made by `make` on first use, once."""

    def __init__(self, make: Callable[[], tuple[Step, ...]]) -> None:
        self._make: Callable[[], tuple[Step, ...]] | None = make
        self._steps: tuple[Step, ...] = ()

    def _made(self) -> tuple[Step, ...]:
        if self._make is not None:
            try:
                self._steps = self._make()
            except VocabError as exc:     # only if the file was changed under its mark
                raise RuleViolation(f"the actions file cannot be read: {exc}",
                                    "run shaper-gm check-ruleset on the ruleset's "
                                    "folder") from None
            self._make = None
        return self._steps

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Step]: ...

    def __getitem__(self, index: int | slice) -> Step | Sequence[Step]:
        return self._made()[index]

    def __len__(self) -> int:
        return len(self._made())

    def __iter__(self) -> Iterator[Step]:
        return iter(self._made())


def made_steps(raw: Sequence[Any], given: Iterable[str], *, keep: frozenset[str], where: str,
               read_after: Mapping[str, Iterable[str]], later: bool) -> Sequence[Step]:
    """The steps `engine.vocab.compile_steps` makes of `raw`: now, or with `later` when
    first used (and the step vocabulary's modules imported then)."""
    make = partial(_compiled, raw, tuple(given), keep, where, read_after)
    return LaterSteps(make) if later else make()


def _compiled(raw: Sequence[Any], given: tuple[str, ...], keep: frozenset[str], where: str,
              read_after: Mapping[str, Iterable[str]]) -> tuple[Step, ...]:
    from shaper_gm.engine.vocab import compile_steps
    return compile_steps(raw, given, keep, where, read_after)
