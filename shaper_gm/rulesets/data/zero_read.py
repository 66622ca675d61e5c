"""`zero_read` (ruleset.yaml): every die of that many sides reads 0 to sides - 1, in
every roll the GM makes (`roll 2d10`) and in the faces given by hand, which are refused
past sides - 1 in the ruling's words (time slices' T1: "0s are 0s, not 10s"; a roll
step reads so with its own `zero_faces`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.content.schema import Bad
from shaper_gm.dice.notation import DiceTerm, Expr
from shaper_gm.engine.errors import RuleViolation


def zero_read(value: Any) -> dict[str, Any]:
    """ruleset.yaml's `zero_read: {sides: N, rule: TEXT}`, checked."""
    if not isinstance(value, dict) or set(value) - {"sides", "rule"} or \
            type(value.get("sides")) is not int or not 2 <= value["sides"] <= 1000 or \
            not isinstance(value.get("rule", ""), str):
        raise Bad("expected {sides: N (2-1000), rule: TEXT}")
    return value


class ZeroRead:
    """What the dice ask of a ruleset written as data whose dice of some size read 0."""

    library: Any

    def _zero(self) -> tuple[int, str] | None:
        spec = self.library.numbers.get("zero_read")
        return (int(spec["sides"]), str(spec.get("rule", ""))) if spec else None

    def dice_expression(self, text: str) -> Expr:
        from shaper_gm.dice import parse
        expr, spec = parse(text), self._zero()
        if spec is None:
            return expr
        return Expr(tuple(replace(term, low=0) if isinstance(term, DiceTerm) and
                          term.sides == spec[0] else term for term in expr.terms))

    def check_faces(self, flag: str, faces: Any, expr: Any = None) -> None:
        """Faces past sides - 1 for such dice (every die of a slot, when the expression
        is not known) refused before anything rolls."""
        spec = self._zero()
        if spec is None or not isinstance(faces, tuple):
            return
        sides, rule = spec
        dice = [t for t in expr.dice_terms for _ in range(t.count)] if expr is not None \
            else None
        for at, face in enumerate(faces):
            term = dice[at] if dice is not None and at < len(dice) else None
            if (dice is None or (term is not None and term.sides == sides)) and \
                    isinstance(face, int) and face > sides - 1:
                cited = f" ({rule})" if rule else ""
                raise RuleViolation(f"--{flag}: {face} is not a face here: a d{sides} reads "
                                    f"0-{sides - 1}, its 0 is 0, not {sides}{cited}",
                                    f"give faces from 0 to {sides - 1}, e.g. --{flag} "
                                    f"0,{sides - 3}")
