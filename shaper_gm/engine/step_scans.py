"""What a declared action's steps say before they are made (`engine.vocab` makes them,
when first played where the file was checked before: `engine.later_steps`): a repeat
written out, the rolls made once for every target, whether any step asks someone."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

MAX_REPEAT = 12              # the most rounds a repeat may declare: it never loops


def unrolled(raw: Sequence[Any]) -> Iterator[Any]:
    """The declared steps with each repeat's steps written out as often as it may run
    (what counts a slot's rolls, or finds the asks)."""
    for step in raw:
        body = step.get("repeat") if isinstance(step, Mapping) else None
        if isinstance(body, Mapping) and isinstance(body.get("steps"), Sequence) \
                and isinstance(body.get("at_most"), int):
            for _ in range(max(0, min(body["at_most"], MAX_REPEAT))):
                yield from (inner for inner in body["steps"] if isinstance(inner, Mapping))
        else:
            yield step


def once_rolls(raw: Sequence[Any]) -> tuple[str, ...]:
    """The names of the rolls made once for every target (`once: true`)."""
    return tuple(name for step in unrolled(raw) if isinstance(step, Mapping)
                 and "roll" in step and step.get("once") is True
                 for name in (step.get("into"), step.get("automatic"), step.get("failures"))
                 if isinstance(name, str))




def has_asks(raw: Sequence[Any]) -> bool:
    """Whether any step is an interrupt point (its verb takes `--react`)."""
    return any(isinstance(step, Mapping) and "ask" in step for step in unrolled(raw))
