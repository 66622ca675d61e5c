"""What happens in a Shaper fight beyond the engine's generic events."""

from __future__ import annotations

from typing import Any

from shaper_gm.engine.events import Event, Resolved
from shaper_gm.records import record


@record
class Moved(Event):
    actor: str
    start: str
    end: str
    distance: int

    takes_all = True              # a move of 2 steps is paid by 2 Majors (S12)

    def pays_for(self) -> set[str]:
        return {"move"}


@record
class Engaged(Event):
    actor: str
    target: str
    group: tuple[str, ...]

    def pays_for(self) -> set[str]:
        return {"engage"}

    @property
    def joined(self) -> tuple[str, ...]:
        """The others already in the engagement it joins (its line names them)."""
        return tuple(a for a in self.group if a not in (self.actor, self.target))


@record
class Disengaged(Event):
    actor: str
    why: str = ""

    def pays_for(self) -> set[str]:
        return {"disengage"}


# An item event's verb -> the action it pays for (its words in a line: screen.yaml).
ITEM_ACTIONS = {"drew": "draw", "sheathed": "sheathe", "reloaded": "reload",
                "raised": "raise_shield", "dropped": "drop", "picked up": "pickup",
                "gripped in both hands": "grip", "gripped in one hand": "grip"}


@record
class ItemChanged(Event):
    actor: str
    verb: str                     # drew | sheathed | reloaded | raised | dropped | picked up
    item: str

    def pays_for(self) -> set[str]:
        return {ITEM_ACTIONS.get(self.verb, self.verb)}

    @property
    def hands(self) -> str:
        """``in both hands`` after a grip, else nothing (its line says it)."""
        return self.verb.partition("gripped ")[2]


@record
class Switched(Event):
    actor: str
    held: str                     # the item put away
    item: str                     # the item now in hand

    def pays_for(self) -> set[str]:
        return {"switch"}


@record
class ItemLanded(Event):
    """A thrown weapon lies beside its target (S19)."""

    actor: str
    item: str
    zone: str


@record
class SkillUsed(Event):
    actor: str
    skill: str
    target: str | None = None
    note: str = ""

    takes_all = True              # a cast with added spell skills pays each (S25)

    def pays_for(self) -> set[str]:
        return {"skill", "cast"}


@record
class AttackResolved(Resolved):
    """An attack's outcome, the played `pipeline.Swing`: every number and its rule (S5-S7)."""

    takes_all = True              # the attack and each skill added to it (S19, S23)

    @property
    def attacker(self) -> str:
        return self.actor

    def pays_for(self) -> set[str]:
        return {"attack", "cast", "skill"}

    def verdict_words(self) -> dict[str, str]:
        """Each target's result as the players hear it: hit, miss, critical hit (S5, S6)."""
        o = self.outcome
        return {t.id: "critical hit" if crit else "hit" if hit else "miss"
                for t, hit, crit in zip(o.aimed, o.hits, o.crits, strict=False)}


@record
class DamageTaken(Event):
    actor: str
    result: Any                   # DamageResult


@record
class Summoned(Event):
    actor: str
    summoner: str
    zone: str
    bonus: str = ""               # what it got per Mentality point, and the other choices
