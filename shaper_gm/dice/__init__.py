"""Dice engine: notation, seeded dice, given faces, modifiers, rolls, exact odds.

Mechanics here serve every ruleset: a basic roll with automatic results on natural
faces (Shaper's S1-S2), pool modifiers that pin dice (a ruleset names and orders them,
as Shaper's S3 does), faces given at the table (S4), dice read from 0, success pools.
Exact distributions of rolls are in :mod:`.exact`; what a ruleset does with them (hit,
critical, damage) is its own steps, run over these distributions for odds.
"""

from typing import TYPE_CHECKING

from .errors import DiceError, DiceInputError, DiceSyntaxError
from .modifiers import NO_MODIFIERS, Pin, PoolModifiers, apply_modifiers
from .notation import Constant, DiceTerm, Expr, Term, add, parse
from .rng import DiceRng
from .roll import Die, Roll, basic_roll, resolve, roll
from .sources import DiceSource, GivenFaces, RolledFaces, parse_faces

if TYPE_CHECKING:
    from .exact import Dist, basic_dist, roll_dist

__all__ = [
    "Constant",
    "DiceError",
    "DiceInputError",
    "DiceRng",
    "DiceSource",
    "DiceSyntaxError",
    "DiceTerm",
    "Die",
    "Dist",
    "Expr",
    "GivenFaces",
    "NO_MODIFIERS",
    "PoolModifiers",
    "Pin",
    "Roll",
    "RolledFaces",
    "Term",
    "add",
    "apply_modifiers",
    "basic_dist",
    "basic_roll",
    "parse",
    "parse_faces",
    "resolve",
    "roll",
    "roll_dist",
]

# Exact odds are for `odds` and rulesets' odds steps: loaded on first use, so that a
# command that only rolls does not pay for `fractions`.
_EXACT = ("Dist", "basic_dist", "roll_dist")


def __getattr__(name: str) -> object:
    if name in _EXACT:
        from . import exact
        return getattr(exact, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
