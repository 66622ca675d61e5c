"""What happened, for every ruleset: plain values the screen, the log and the recap read.

A ruleset adds its own event types beside these (an attack's outcome, a grapple);
the render layer looks each type up in a table, so nothing here prints.
"""

from __future__ import annotations

from dataclasses import field as dataclass_field
from typing import Any

from shaper_gm.records import record


@record
class Event:
    pass


@record
class EncounterCreated(Event):
    cols: int
    rows: int
    seed: int
    ruleset: str


@record
class ActorAdded(Event):
    actor: str
    name: str
    side: str
    zone: str | None
    hp: int | None


@record
class ActorRemoved(Event):
    actor: str


@record
class Placed(Event):
    actor: str
    zone: str


@record
class OrderSet(Event):
    order: tuple[str, ...]
    rolls: tuple[tuple[str, Any], ...] = ()     # (actor, Roll) for rolled initiative
    note: str = ""


@record
class RoundStarted(Event):
    round: int


@record
class RoundEnded(Event):
    round: int
    lost: tuple[str, ...] = ()    # budgets whose remainder is lost now ("TS")
    rule: str = ""


@record
class PassStarted(Event):
    """The order starts over within a round (cycling turn orders)."""

    round: int
    number: int
    resource: str = ""            # what those who take part still have ("TS")
    rule: str = ""


@record
class TurnStarted(Event):
    actor: str
    round: int


@record
class TurnEnded(Event):
    actor: str
    lapsed: tuple[tuple[str, int], ...] = ()    # resources lost at the turn's end
    rule: str = ""                              # the ruling that makes them lapse
    # How the screen names each of `lapsed` (`bonus action`); words, not what happened,
    # so two turn ends that differ only in them are the same event.
    titles: tuple[str, ...] = dataclass_field(default=(), compare=False)


@record
class UpNext(Event):
    """Who may take the next turn, and why (most-remaining orders)."""

    up: tuple[str, ...]
    why: str = ""


@record
class NobodyLeft(Event):
    """Nobody who can act is left (everyone down, on a single side): no turn runs."""

    round: int


@record
class CombatEnded(Event):
    """At most one side has anyone able to act: the fight is over and turns stop."""

    winner: str | None            # the side still standing; None when nobody is
    round: int
    standing: tuple[str, ...] = ()    # who on the winning side can still act


@record
class CombatResumed(Event):
    """Someone added or revived gives two sides someone able to act again."""

    round: int
    sides: tuple[str, ...] = ()   # the sides that can act again
    turn: str | None = None       # whose turn it is as the fight goes on


@record
class Passed(Event):
    actor: str
    given_up: tuple[tuple[str, int], ...] = ()
    rule: str = ""


@record
class ResourceChanged(Event):
    actor: str
    resource: str
    before: int
    after: int
    why: str = ""
    rule: str = ""
    said: str = ""        # the resource's own words for it (`lapsed`), `{actor}` to fill
    details: tuple[str, ...] = ()     # before its rule in the brackets, with `said` (told)


@record
class Moved(Event):
    """An actor sent to a cell by a declared action's worked-out move (R4's dodge): the
    GM's cell, or the one worked out (`chosen_by_default`)."""

    actor: str
    start: str
    end: str
    distance: str = ""            # "1 m"
    word: str = "moves"           # what its line says it does: "dodges"
    rule: str = ""
    chosen_by_default: bool = False


@record
class ActionSpent(Event):
    actor: str
    action: str                   # what it paid for: attack, move, strike, ...
    cost: tuple[tuple[str, int], ...] = ()   # what the rules charge
    paid: tuple[tuple[str, int], ...] = ()   # what was taken (after substitution)


@record
class EffectAdded(Event):
    actor: str
    effect: Any


@record
class EffectEnded(Event):
    actor: str
    name: str
    why: str


@record
class HpChanged(Event):
    actor: str
    before: int
    after: int
    why: str
    # a harm tally the ruleset keeps, told instead (engine.harm.tallied): (tally,
    # before, after, limit, rule, reason), "Skeleton takes 4 wounds (0 → 4 of 8, D19)"
    tally: tuple[Any, ...] = ()


@record
class WentDown(Event):
    actor: str
    word: str = "down"            # the ruleset's word for it ("Down", "dying", ...)
    rule: str = ""


@record
class Revived(Event):
    actor: str


@record
class Notice(Event):
    """What the application did beside a command (a party's state written back): said
    with it, never logged."""

    text: str


@record
class Hidden(Event):
    """The GM kept an actor off the player view (`hide`) or put it back (`reveal`)."""

    actor: str
    hidden: bool


@record
class FieldSet(Event):
    actor: str
    field: str
    before: Any
    after: Any
    why: str = ""           # an action's reason (a sheet change); none: the GM's set
    said: str = ""          # its own words: a template over these fields (`says:`)


@record
class DiceRolled(Event):
    label: str
    roll: Any


@record
class DiceSkipped(Event):
    """`reroll`: the dice move on past `count` dice, so the next roll is fresh."""

    count: int
    before: int                   # the dice position before and after
    after: int


@record
class Said(Event):
    """Any other action (`act`): what it was and what it cost."""

    actor: str
    kind: str
    text: str

    def pays_for(self) -> set[str]:
        return {"act", self.text, self.kind}


@record
class Reacted(Event):
    """An actor reacted outside its turn: an answer to an interrupt inside another
    actor's action, or a `react` of its own, with what it spent and has left."""

    actor: str
    answer: str
    during: str = ""
    spent: tuple[tuple[str, int], ...] = ()
    left: tuple[tuple[str, int], ...] = ()
    rule: str = ""

    def pays_for(self) -> set[str]:
        return {"react"} if self.spent else set()


@record
class Resolved(Event):
    """A ruleset's outcome (an attack, a test, a spell): rendered by its type."""

    actor: str
    outcome: Any
    situation: tuple[str, ...] = ()
    action: str = ""              # the action it resolves, whose spends it folds in

    def pays_for(self) -> set[str]:
        return {self.action} if self.action else set()

    def verdict_words(self) -> dict[str, str]:
        """Each target's result in words the players may hear (hit, miss), for the
        player view; an outcome type that has them says so."""
        return {}


@record
class Played(Resolved):
    """A declared action's outcome (`engine.declared_records.Outcome`: each target's result and
    the notes its steps took); `words` say what the actor did ("attacks")."""

    words: str = ""


@record
class Told(Event):
    """A line a ruleset's own rules say as they play (the clock's time passing), in the
    ruleset's words; `style` is how the screen draws it."""

    text: str
    style: str = ""
