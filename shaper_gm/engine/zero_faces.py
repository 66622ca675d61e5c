"""Dice read from zero (``zero_faces: true`` on a roll step): every die of the roll reads
0 to sides - 1, its top face counting 0, as the time-slice d10 reads 0-9 (T1). Faces
given by hand are then 0 to sides - 1 too, and exact odds count them so."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shaper_gm.dice.notation import DiceTerm, Expr


def zero_switch(declared: Any, at: str) -> bool:
    """The step's `zero_faces` (false when absent), checked: true or false, and only on a
    plain roll (a kept die is one die of 1..sides)."""
    from shaper_gm.engine.stepkit import VocabError
    value = declared.get("zero_faces", False)
    if not isinstance(value, bool):
        raise VocabError(f"{at}.zero_faces", f"expected true or false, got {value!r}")
    if value and ("keep_higher" in declared or "keep_lower" in declared):
        raise VocabError(f"{at}.zero_faces", "a die kept higher or lower reads 1 to its "
                                             "sides: drop zero_faces or the keep")
    return value


def zero_expr(expr: Expr) -> Expr:
    """Dice written as `expr`, each die read 0 to sides - 1."""
    return Expr(tuple(replace(term, low=0) if isinstance(term, DiceTerm) else term
                      for term in expr.terms))


def from_zero(spec: Any) -> Any:
    """A sum roll's spec with each of its dice read 0 to sides - 1."""
    return replace(spec, expr=zero_expr(spec.expr))
