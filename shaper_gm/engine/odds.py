"""The one record of an action's exact odds, whatever the ruleset.

A ruleset's `odds` verb runs its action's own steps over exact distributions and fills
this record; `render` draws it and `commands.oddsjson` writes it as JSON, the same for
every ruleset. Chances are exact Fractions and distributions `dice.Dist`s; each says the
ruling it comes from, and `assumed` lists the numbers the odds read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shaper_gm.records import record

if TYPE_CHECKING:      # exact odds only: the module itself loads no fractions
    from fractions import Fraction

    from shaper_gm.dice.exact import Dist


@record
class Chance:
    key: str                  # its JSON key and, with `_` as a space, its label: hit, down
    p: Fraction
    note: str = ""            # what it means and its ruling: "only higher hits, T9"
    label: str = ""           # the ruleset's own word, when it is not the key's

    @property
    def title(self) -> str:
        return self.label or self.key.replace("_", " ")


@record
class Spread:
    key: str                  # damage, hp_lost, wounds, margin, ...
    dist: Dist
    note: str = ""
    label: str = ""           # the column's title when the key does not read well

    @property
    def title(self) -> str:
        return self.label or self.key.replace("_", " ")


@record
class Fact:
    """A number of the action itself, shown under the heading: ``roll  3 of 5 dice``
    (JSON only, when it has no text)."""

    key: str
    text: str
    value: Any = None         # what JSON gives for it (the text when None)
    note: str = ""


@record
class TargetOdds:
    target: str
    chances: tuple[Chance, ...]
    spreads: tuple[Spread, ...]
    harm: str                 # the spread that is what the target loses
    resource: str = "hp"      # what that loss comes off the target (`hp` or a resource)
    start: int | None = None  # how much of it the target has before the action
    limit: int | None = None  # for a count that goes up (wounds): the most it takes

    def chance(self, key: str) -> Fraction:
        return next(c.p for c in self.chances if c.key == key)

    def dist(self, key: str) -> Dist:
        return next(s.dist for s in self.spreads if s.key == key)

    @property
    def harm_dist(self) -> Dist:
        return self.dist(self.harm)


@record
class Odds:
    actor: str
    action: str               # how the heading names it: "attacks", "power strike"
    targets: tuple[TargetOdds, ...]
    weapon: str = ""          # the weapon's (or spell's) name as the GM reads it
    facts: tuple[Fact, ...] = ()
    assumed: tuple[str, ...] = ()     # the numbers the odds read, each with its ruling

    @property
    def only(self) -> TargetOdds:
        """The one target of a single-target action."""
        return self.targets[0]
