"""Dice engine: notation, seeded dice, given faces, modifiers, rolls, exact odds.

Rulings implemented here: S1 (basic roll), S2 (automatic results), S3
(modifiers), S4 (manual dice), and the odds of S5-S7 (hit, critical,
damage) in :mod:`.exact`.
"""

from .errors import DiceError, DiceInputError, DiceSyntaxError
from .exact import AttackOdds, Dist, attack_odds, basic_dist, damage_dist, roll_dist
from .modifiers import Modifiers, apply_modifiers
from .notation import Constant, DiceTerm, Expr, Term, add, parse
from .rng import DiceRng
from .roll import Die, Roll, basic_roll, resolve, roll
from .sources import DiceSource, GivenFaces, RolledFaces, parse_faces

__all__ = [
    "AttackOdds",
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
    "attack_odds",
    "basic_dist",
    "basic_roll",
    "damage_dist",
    "parse",
    "parse_faces",
    "resolve",
    "roll",
    "roll_dist",
]
