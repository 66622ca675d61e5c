"""Asking the table for dice (S4): the question, and checking the answer.

`make_asker(ask, names)` builds the `session.asker` the dice box calls for actors whose
dice are entered by hand. `ask(question) -> str` is whatever reads a line (the shell's
prompt, or a list of answers in a test); a bad answer is asked again with the reason.
"""

from __future__ import annotations

from collections.abc import Callable

from shaper_gm.commands.args import ascii_digits

Asker = Callable[[str, str, int, int], "tuple[int, ...] | None"]


class BadFaces(ValueError):
    """An answer that is not `count` faces of 1..sides; str() says why."""


def read_faces(text: str, count: int, sides: int) -> tuple[int, ...] | None:
    """Faces typed at the table (`5,5,3` or `5 5 3`); an empty answer means roll them."""
    text = text.strip()
    if not text:
        return None
    tokens = [t for t in text.replace(",", " ").split() if t]
    faces = []
    for token in tokens:
        if not ascii_digits(token) or len(token) > 4:
            raise BadFaces(f"{token!r} is not a die face; type numbers like 5,5,3")
        face = int(token)
        if not 1 <= face <= sides:
            raise BadFaces(f"{face} is not a face of a d{sides}; faces run 1-{sides}")
        faces.append(face)
    if len(faces) != count:
        raise BadFaces(f"{len(faces)} face(s) typed, the roll needs {count}")
    return tuple(faces)


def question(name: str, what: str, count: int, sides: int, actor: str = "") -> str:
    """`Josh — attack roll (3d6), faces or Enter to roll: ` for the rules' "attack by
    josh": the name already says whose roll it is."""
    words = what
    for who in {actor, name} - {""}:
        for joint in (" by ", " of "):
            if words.lower().endswith(f"{joint}{who}".lower()):
                words = words[:-len(joint + who)]
    if not words.lower().endswith("roll"):
        words += " roll"
    return f"{name} — {words} ({count}d{sides}), faces or Enter to roll: "


def make_asker(ask: Callable[[str], str], names: Callable[[str], str],
               warn: Callable[[str], None]) -> Asker:
    """An asker that keeps asking until the answer is valid (or empty: roll)."""

    def asker(actor: str, what: str, count: int, sides: int) -> tuple[int, ...] | None:
        prompt = question(names(actor), what, count, sides, actor)
        while True:
            try:
                return read_faces(ask(prompt), count, sides)
            except BadFaces as exc:
                warn(f"{exc}; try again, or press Enter to roll")

    return asker
