"""A roll that counts successes (a dice pool): a `roll` step with ``success_on``.

``roll: times(pool, 'd6')`` with ``success_on: rules.success_on`` rolls the dice and
counts each die showing that or more as one success: ``into`` holds the successes and
``failures`` (a name, optional) the other dice. Played, the faces come from the step's
slot (``--roll 4,6,2,5,1``) or a count called out (``--roll =3``); for odds it is the
exact binomial spread of successes. The dice must be one kind of die and no number
(``times(n, 'd6')``, ``3d6``): a pool of no dice rolls nothing and has no success.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.exprvalues import Dice, number
from shaper_gm.engine.faces import pool_faces
from shaper_gm.engine.stepkit import Facts, VocabError, checked_name

POOL_KEYS = {"success_on", "failures"}


def pool_names(declared: Any, at: str) -> tuple[str, ...]:
    """The names a pool roll writes besides its successes (its `failures`)."""
    if "failures" in declared and "success_on" not in declared:
        raise VocabError(f"{at}.failures", "only a pool roll (with success_on) counts "
                                           "failures")
    if "failures" not in declared:
        return ()
    return (checked_name(declared["failures"], f"{at}.failures"),)


def pool_spec(dice: Dice, success_on: Any, what: str) -> Any:
    """The pool the dice make: their count and sides, each face from `success_on` up a
    success."""
    sides = {term.sides for term in dice.terms}
    if dice.constant or len(sides) > 1 or any(term.sign < 0 for term in dice.terms):
        raise RuleViolation(f"a pool is dice of one kind and no number, not "
                            f"{dice.text()!r}", "write the pool's dice as times(N, '1d6') "
                                                "in the ruleset's actions.yaml")
    count = sum(term.number for term in dice.terms)
    return _pool(count, sides.pop() if sides else 6, number(success_on), what)


@lru_cache(maxsize=256)
def _pool(count: int, sides: int, success_on: int, what: str) -> Any:
    from shaper_gm.dice.specs import PoolRoll
    return PoolRoll(count, sides, success_on, what)


def rolled_pool(tape: Any, slot: str, spec: Any, who: str | None, quiet: bool, facts: Facts,
                names: tuple[str, ...], shown: tuple[str, ...] = ()) -> Facts:
    """The facts after the pool is rolled from `slot`: its successes under `names[0]`,
    its failures under `names[1]` if there is one, its faces as text under `shown`
    (`faces:`, engine.faces); its faces a breakdown line unless `quiet`."""
    rolled = tape.roll(slot, spec, who)
    if not tape.exact and not quiet:
        tape.note(f"{spec.what}: {rolled.breakdown()}", rolled.successes)
    values = dict(zip(names, (rolled.successes, rolled.failures), strict=False))
    texts = pool_faces(rolled, spec.success_on)
    return facts.with_values(**values, **dict(zip(shown, texts, strict=False)))
