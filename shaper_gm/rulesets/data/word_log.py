"""ruleset.yaml's `logs_words: true`: the log writes an action's `word` (and its
`second_word`) as words after the actor, as the command is typed (`draw josh longbow`,
`switch josh longbow dagger`, `cast taylor charm monica`), not as their flags; a target
the word made the actor's own (`self_when`) is left out, as it was typed
(`cast taylor energy-shield --sp`). Replayed, the words read back as those flags."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shaper_gm.engine.action_word import ITEM
from shaper_gm.engine.declared import Declared


def declared(library: Any) -> bool:
    return bool(library.numbers.get("logs_words"))


def logs(declared_action: Declared, role: str) -> Callable[[Any], Any] | None:
    """The request as the log writes it: the word's flag (and the second word's) moved
    to words right after the actor, `role` the word's positional."""
    word, second = declared_action.word, declared_action.second_word
    if word is None:
        return None

    def logged(request: Any) -> Any:
        said = request.get(word)
        if said is None:
            return request
        also = request.get(second) if second else None
        args = list(request.args)
        at = 1 if args[:1] and args[0][0] == "actor" else 0
        if _own(declared_action, said, request):
            args = [(name, value) for name, value in args if name != "target"]
        args[at:at] = [(role, said), *(((second, also),) if also is not None else ())]
        flags = tuple((name, value) for name, value in request.flags
                      if name not in (word, second))
        return type(request)(request.verb, tuple(args), flags)
    return logged


def _own(declared_action: Declared, said: Any, request: Any) -> bool:
    """The target is the actor, and the word alone makes it so (`self_when`)."""
    when = declared_action.self_when
    if when is None or request.arg("target") != request.actor or declared_action.word == ITEM:
        return False
    return bool(when.value({f"flag.{declared_action.word}": said}))
