"""Dice engine: notation, seeded dice, given faces, modifiers, rolls, exact odds.

Rulings implemented here: S1 (basic roll), S2 (automatic results), S3
(modifiers) and S4 (manual dice). Exact distributions of rolls are in
:mod:`.exact`; what a ruleset does with them (hit, critical, damage) is its own
steps, run over these distributions for odds.
"""

from .errors import DiceError, DiceInputError, DiceSyntaxError
from .exact import Dist, basic_dist, roll_dist
from .modifiers import Modifiers, apply_modifiers
from .notation import Constant, DiceTerm, Expr, Term, add, parse
from .rng import DiceRng
from .roll import Die, Roll, basic_roll, resolve, roll
from .sources import DiceSource, GivenFaces, RolledFaces, parse_faces

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
    "Modifiers",
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
