"""Rolling an expression: faces from a source, modifiers, automatic results.

- S1: a basic roll is the ruleset's basic dice (``3d6``) plus bonuses; extra
  dice granted by a skill add to the total.
- S2: automatic success/failure is decided on the NATURAL faces of the basic
  dice, before any modifier: all top faces = success, all ones = failure.
- S3: pool modifiers pin dice of the pool (see :mod:`.modifiers`).
- S4: faces may come from the table via :class:`~.sources.GivenFaces`; they
  are consumed in the order :meth:`Roll.breakdown` lists the dice.
- A source may hold a total called out at the table instead (:mod:`.totals`): the
  roll then has no dice, its total is the one given (less `after`, which the caller
  adds itself), and it is automatic only where the GM declared it.

Decisions: in :func:`roll` the modifiers act on all dice of the expression
as one pool, which must then be same-sized dice that are added (``3d6``,
``2d6+1d6``).  In :func:`basic_roll`, extra dice are the same size as the
basic dice, come after them, and are NOT subject to modifiers or to the
automatic-result check — only the basic dice are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from shaper_gm.records import record

from .die import Die
from .errors import DiceInputError
from .modifiers import NO_MODIFIERS, PoolModifiers, apply_modifiers
from .notation import MAX_DICE, Constant, DiceTerm, Expr, Term, dice_terms, evaluate, parse
from .sources import DiceSource
from .totals import entered as entered_total
from .totals import take_total

__all__ = [
    "Die",
    "Roll",
    "roll",
    "basic_roll",
    "basic_expression",
    "resolve",
    "automatic_result",
    "check_dice_count",
    "check_pool",
    "draw_faces",
    "reachable",
]

SUCCESS = "success"
FAILURE = "failure"


@record
class Roll:
    expr: Expr
    dice: tuple[Die, ...]
    constant: int
    total: int
    automatic: str | None = None  # "success" | "failure" | None
    modifiers: PoolModifiers = NO_MODIFIERS
    entered: int | None = None    # the total given at the table; None: the dice decide

    @property
    def naturals(self) -> tuple[int, ...]:
        return tuple(d.natural for d in self.dice)

    def breakdown(self, show_dice: Callable[[Iterable[Die]], str] | None = None,
                  automatic_note: str = "") -> str:
        """E.g. ``[4, 5→6, 5] + 1 = 16``; one bracket per dice term, in face-entry order.
        `show_dice` formats one term's dice (a renderer may name the modifiers)."""
        if self.entered is not None:
            text = f"total {self.total} (entered"
            if self.entered != self.total:
                text = f"{self.total} (from the total {self.entered} entered"
            if self.automatic:
                text += f"; automatic {self.automatic} by the GM{automatic_note}"
            return text + ")"
        show = show_dice or (lambda ds: "[" + ", ".join(str(d) for d in ds) + "]")
        dice = iter(self.dice)
        parts = []
        for i, term in enumerate(self.expr.terms):
            if isinstance(term, DiceTerm):
                text = show([next(dice) for _ in range(term.count)])
            else:
                text = str(term.value)
            if i:
                parts.append("- " if term.sign < 0 else "+ ")
            elif term.sign < 0:
                text = "-" + text
            parts.append(text + " ")
        text = "".join(parts) + f"= {self.total}"
        if self.automatic:
            text += f" (automatic {self.automatic}{automatic_note})"
        return text

    def __str__(self) -> str:
        return self.breakdown()


def automatic_result(dice: Sequence[Die]) -> str | None:
    """S2: judged on natural faces only."""
    if dice and all(d.natural == d.sides for d in dice):
        return SUCCESS
    if dice and all(d.natural == 1 for d in dice):
        return FAILURE
    return None


def _runs(expr: Expr) -> list[tuple[int, int, int]]:
    """(count, sides, low) per dice term, adjacent alike terms merged into one request."""
    runs: list[tuple[int, int, int]] = []
    for term in expr.dice_terms:
        if runs and runs[-1][1:] == (term.sides, term.low):
            runs[-1] = (runs[-1][0] + term.count, term.sides, term.low)
        else:
            runs.append((term.count, term.sides, term.low))
    return runs


def draw_faces(source: DiceSource, expr: Expr, what: str) -> tuple[int, ...]:
    """All natural faces for ``expr``, in breakdown order (S4)."""
    runs = _runs(expr)
    expect = getattr(source, "expect", None)
    if expect is not None:
        expect([(t.count, t.sides, t.low) for t in expr.dice_terms], what)
    faces: list[int] = []
    for count, sides, low in runs:
        faces.extend(source.faces(count, sides, what, low=low) if low != 1
                     else source.faces(count, sides, what))
    return tuple(faces)


def check_dice_count(count: int, what: str) -> None:
    """One roll takes at most MAX_DICE dice: more faces than a log line could hold."""
    if count > MAX_DICE:
        raise DiceInputError(f"{what}: {count:,} dice are more than one roll takes "
                             f"(at most {MAX_DICE:,})", "roll fewer dice")


def check_pool(expr: Expr, pool: int, mods: PoolModifiers) -> int:
    """Sides of the modifier pool (the first ``pool`` dice); they must be alike and added."""
    terms = []
    seen = 0
    for term in expr.dice_terms:
        if seen >= pool:
            break
        terms.append(term)
        seen += term.count
    sides = {t.sides for t in terms}
    if mods and (len(sides) > 1 or any(t.sign < 0 for t in terms)):
        shown = "+".join(f"{t.count}d{t.sides}" for t in terms)
        raise ValueError(
            f"modifiers ({mods.describe()}) need same-sized dice added together, got {shown}"
        )
    return sides.pop() if sides else 0


def resolve(
    expr: Expr,
    naturals: Sequence[int],
    mods: PoolModifiers = NO_MODIFIERS,
    *,
    pool: int | None = None,
    basic: bool = False,
) -> Roll:
    """Build the :class:`Roll` for known natural faces (pure; no dice source).

    The first ``pool`` dice (default: all) take the modifiers and, when
    ``basic``, decide the automatic result; later dice are plain.
    """
    if len(naturals) != expr.dice_count:
        raise ValueError(f"{expr} needs {expr.dice_count} faces, got {len(naturals)}")
    pool = expr.dice_count if pool is None else pool
    sides_each = [t.sides for t in expr.dice_terms for _ in range(t.count)]
    lows = [t.low for t in expr.dice_terms for _ in range(t.count)]
    for face, sides, low in zip(naturals, sides_each, lows, strict=True):
        if not low <= face <= low + sides - 1:
            raise ValueError(f"face {face} is out of range {low}-{low + sides - 1}")
    pool_sides = check_pool(expr, pool, mods)
    if mods:
        pooled = apply_modifiers(naturals[:pool], pool_sides, mods)
    else:
        pooled = tuple(
            Die(s, n, n) for s, n in zip(sides_each[:pool], naturals[:pool], strict=True)
        )
    rest = tuple(Die(s, n, n) for s, n in zip(sides_each[pool:], naturals[pool:], strict=True))
    dice = pooled + rest
    groups, index = [], 0
    for term in expr.dice_terms:
        groups.append([d.final for d in dice[index : index + term.count]])
        index += term.count
    return Roll(
        expr=expr,
        dice=dice,
        constant=expr.constant,
        total=evaluate(expr, groups),
        automatic=automatic_result(pooled) if basic else None,
        modifiers=mods,
    )


def roll(
    expr: Expr | str,
    source: DiceSource,
    mods: PoolModifiers = NO_MODIFIERS,
    *,
    what: str = "roll",
    basic: bool = False,
    after: int = 0,
) -> Roll:
    """Roll ``expr``; modifiers act on all its dice; ``basic`` enables S2 on all its dice.
    ``after`` is what the caller adds to the total: a total given for the roll includes it."""
    if isinstance(expr, str):
        expr = parse(expr)
    check_dice_count(expr.dice_count, what)     # fail before consuming any faces
    check_pool(expr, expr.dice_count, mods)
    if entered_total(source) is not None:
        reach = reachable(expr, mods)
        possible = range(reach.start + after, reach.stop + after)
        return _from_total(source, expr, mods, what, possible, after, basic)
    return resolve(expr, draw_faces(source, expr, what), mods, basic=basic)


def reachable(expr: Expr, mods: PoolModifiers = NO_MODIFIERS,
              pool: int | None = None) -> range:
    """Every total ``expr`` can come to, its first ``pool`` dice under ``mods``.

    Dice with consecutive faces reach every total between their least and greatest,
    and so do they when modifiers pin some of them (the dice left free still take every
    face), so two extremes give the whole set: no distribution is worked out, however
    many dice the roll has."""
    if not mods:
        return range(expr.min, expr.max + 1)
    lows = [t.low for t in expr.dice_terms for _ in range(t.count)]
    highs = [t.high for t in expr.dice_terms for _ in range(t.count)]
    return range(resolve(expr, lows, mods, pool=pool).total,
                 resolve(expr, highs, mods, pool=pool).total + 1)


def _from_total(source: DiceSource, expr: Expr, mods: PoolModifiers, what: str,
                possible: Iterable[int], after: int,
                basic: bool) -> Roll:
    shown = str(expr) + (f"{after:+d}" if after else "")
    given = take_total(source, what, shown, possible, dice=expr.dice_count, after=after,
                       automatic=basic)
    return Roll(expr=expr, dice=(), constant=expr.constant, total=given.value - after,
                automatic=given.automatic if basic else None, modifiers=mods,
                entered=given.value)


def basic_expression(
    bonus: int = 0, extra_dice: int = 0, basic_expr: Expr | str = "3d6"
) -> tuple[Expr, int]:
    """The full expression of a basic roll and the size of its basic pool (S1)."""
    base = parse(basic_expr) if isinstance(basic_expr, str) else basic_expr
    if not base.dice_terms:
        raise ValueError(f"basic roll {base} has no dice")
    if extra_dice < 0:
        raise ValueError(f"extra dice must be >= 0, got {extra_dice}")
    terms: tuple[Term, ...] = base.dice_terms
    if extra_dice:
        terms += dice_terms(extra_dice, base.dice_terms[0].sides)
    constant = base.constant + bonus
    if constant:
        terms += (Constant(abs(constant), -1 if constant < 0 else 1),)
    return Expr(terms), base.dice_count


def basic_roll(
    source: DiceSource,
    bonus: int = 0,
    mods: PoolModifiers = NO_MODIFIERS,
    extra_dice: int = 0,
    *,
    basic_expr: Expr | str = "3d6",
    what: str = "basic roll",
) -> Roll:
    """Basic roll + bonus (S1) with modifiers (S3) and automatic results (S2).

    ``basic_expr`` comes from the ruleset's content.  Extra dice (same size
    as the basic dice) follow the basic dice, add to the total, and are
    untouched by modifiers and the automatic-result check.
    """
    expr, pool = basic_expression(bonus, extra_dice, basic_expr)
    check_dice_count(expr.dice_count, what)
    check_pool(expr, pool, mods)
    if entered_total(source) is not None:
        return _from_total(source, expr, mods, what, reachable(expr, mods, pool), 0, True)
    return resolve(expr, draw_faces(source, expr, what), mods, pool=pool, basic=True)
