"""Events only the dice-pool ruleset produces (the generic ones are in engine.events).

`pays_for` names the action whose `ActionSpent` a line folds in, so the screen reads
``Freya moves A1 → A5 (4 m, 1 action)`` instead of two lines.
"""

from __future__ import annotations

from shaper_gm.engine.events import Event, Resolved
from shaper_gm.records import record
from shaper_gm.rulesets.dicepool.models import Preparation


@record
class AttackResolved(Resolved):
    """A basic attack's final `AttackCtx` (P7-P9): every number and its ruling."""


@record
class TestResolved(Resolved):
    """A pool test's final `PoolTest` (P3): an ability, a skill, a reaction roll."""

    __test__ = False              # not a pytest test class, whatever its name


@record
class AbilityUsed(Event):
    """P12: an ability that rolls nothing was used (one that rolls is a TestResolved)."""

    actor: str
    ability: str
    name: str
    discarded: int = 0            # pool dice it discarded (P12)

    def pays_for(self) -> set[str]:
        return {"ability"}


@record
class Prepared(Event):
    """P11: an actor declared a condition."""

    actor: str
    preparation: Preparation

    def pays_for(self) -> set[str]:
        return {"prepare"}


@record
class PreparationUsed(Event):
    """P11: a preparation came true: extra AC against an attack, or a reaction taken."""

    actor: str
    preparation: Preparation
    during: str = ""              # what it was used in ("Barry's attack")
    bonus: int = 0                # extra AC it gave (a dodge)


@record
class PreparationEnded(Event):
    """P11: unused until the start of the preparer's next turn."""

    actor: str
    preparation: Preparation
    why: str = ""


@record
class Moved(Event):
    actor: str
    start: str | None
    end: str
    metres: int
    speed: int

    def pays_for(self) -> set[str]:
        return {"move"}


@record
class Wielded(Event):
    actor: str
    before: str | None
    after: str

    def pays_for(self) -> set[str]:
        return {"wield"}
