"""A repeated text flag's words with a mark after a colon (`marks` of a declared flag):
``--trick feint:free`` is the word ``feint`` marked ``free``. ``flag.NAME`` reads its
words without their marks, ``flag.NAME_MARK`` the words given with that mark (one of the
words paid another way, say); a word with a mark not declared is read as written."""

from __future__ import annotations

from typing import Any


def _marked(rs: Any, verb: str) -> dict[str, tuple[str, ...]]:
    """The action's flags that take marks, by name."""
    action = getattr(getattr(rs, "library", None), "action", None)
    try:
        declared = action(verb) if action is not None else None
    except (KeyError, TypeError):
        return {}
    return {flag.name: flag.marks for flag in getattr(declared, "flags", ())
            if getattr(flag, "marks", ())}


def flag_value(rs: Any, request: Any, name: str) -> Any:
    """What ``flag.NAME`` reads: the flag's value (0 when not given), its words without
    their marks, or the words given with one mark (``flag.skill_sp``)."""
    dashed = name.replace("_", "-")
    marked = _marked(rs, request.verb)
    if dashed in marked:
        words = request.get(dashed)
        return 0 if words is None else [_split(word, marked[dashed])[0] for word in words]
    for flag, marks in marked.items():
        mark = dashed.removeprefix(f"{flag}-")
        if mark != dashed and mark in marks:
            words = [_split(word, marks) for word in request.get(flag) or ()]
            return [word for word, said in words if said == mark]
    value = request.get(dashed)
    return 0 if value is None else value


def _split(word: str, marks: tuple[str, ...]) -> tuple[str, str]:
    """A word and its declared mark ('' without one)."""
    head, sep, mark = str(word).rpartition(":")
    return (head, mark) if sep and mark in marks else (str(word), "")
