"""Dice faces from the table in time-slice terms (T1): a d10 reads 0-9, so a `10` given
as a flag is refused with that reason, and a shell that asks for faces is asked for
0-9 (or, if it cannot take them yet, says so instead of failing)."""

from __future__ import annotations

from collections.abc import Iterable

from shaper_gm.commands.args import parse_faces
from shaper_gm.dice.totals import EnteredTotal, is_total
from shaper_gm.errors import CommandError

D10 = 10


def refuse_ten(flag: str, face: int) -> CommandError:
    return CommandError(f"--{flag}: {face} is not a face here: a d10 reads 0-9, its 0 is 0, "
                        "not 10 (T1)", f"give faces from 0 to 9, e.g. --{flag} 0,7")


def check_d10_faces(ctx, flags: Iterable[str]) -> None:
    """Refuse a face above 9 in any of these flags (plain faces, repeated FACES texts,
    or `ID=FACES` entries), naming T1."""
    if not ctx.ruleset.numbers.zero_faces:
        return
    for name in flags:
        value = ctx.parsed.get(name)
        for faces in _face_lists(name, value):
            for face in faces:
                if face > D10 - 1:
                    raise refuse_ten(name, face)


def _face_lists(name: str, value) -> list[tuple[int, ...]]:
    """The faces in a flag's value; a total (`=14`, `ID==14`) has none to check."""
    if value is None or isinstance(value, EnteredTotal):
        return []
    if isinstance(value, tuple):
        return [value]
    out = []
    for text in value:
        faces = text.split("=", 1)[1] if "=" in text and not is_total(text) else text
        if faces.strip() and faces.strip() != "-" and not is_total(faces):
            out.append(parse_faces(faces, name))
    return out


def check_expression_faces(expr, faces: tuple[int, ...] | None, flag: str = "faces") -> None:
    """`roll EXPR --faces ...`: a d10 of the expression takes 0-9 (T1)."""
    if not faces or isinstance(faces, EnteredTotal):
        return
    lows = [(t.sides, t.low) for t in expr.dice_terms for _ in range(t.count)]
    for face, (sides, low) in zip(faces, lows, strict=False):
        if sides == D10 and low == 0 and face > D10 - 1:
            raise refuse_ten(flag, face)
