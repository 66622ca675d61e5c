"""Situational rules read off the battlefield: melee, Outnumbered, firing into melee, range.

Everything here is a pure function of a `FieldView`, a read-only snapshot the encounter
builds from its live state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from shaper_gm.engine import grid
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.records import record
from shaper_gm.rulesets.shaper.parts import Mod

if TYPE_CHECKING:
    from shaper_gm.rulesets.shaper.content.models import RulesetNumbers, Weapon

Zone = grid.Cell                  # (column, row), both 0-based: A1 is (0, 0) (S9)

# The automatic modifiers the GM may overrule with --ignore NAME (S13, S15, S16): each
# name matched against the modifier's reason.
IGNORABLE = {"outnumbered": "Outnumbered", "firing-into-melee": "firing into melee",
             "beyond-max-range": "beyond max range"}


def steps(numbers: RulesetNumbers, a: Zone, b: Zone) -> int:
    """Zone distance in Short steps (S10), the one measure of range, movement and
    completion: at most one diagonal step ("shaper"), or any number ("king")."""
    return grid.steps(a, b, most_diagonals=1 if numbers.diagonal == "shaper" else None)


def focus_bands(library, held) -> int:
    """Bands the held foci (a wand) add to a spell's range (S13)."""
    return sum(item.spell_range_bonus for item in (library.weapons.get(h) for h in held)
               if item is not None)


def band_name(n: int, names: tuple[str, ...]) -> str:
    """0 -> names[0] ("Close"), ... the last name, then "Long+N" beyond it (S10)."""
    last = len(names) - 1
    return names[n] if n <= last else f"{names[last]}+{n - last}"


@record
class Placement:
    zone: Zone
    side: str
    engagement: str | None = None     # engagement group id, None when not engaged
    down: bool = False


@record
class FieldView:
    actors: Mapping[str, Placement]
    names: Mapping[str, str] | None = None   # id -> display name, for messages
    # engagement -> its members in the actors' order; None: found among `actors`
    groups: Mapping[str, tuple[str, ...]] | None = None

    def at(self, actor: str) -> Placement:
        try:
            return self.actors[actor]
        except KeyError:
            raise RuleViolation(f"no actor {actor!r} on the battlefield",
                                "add it first, or check the id") from None

    def name(self, actor: str) -> str:
        return (self.names or {}).get(actor, actor)

    def members(self, engagement: str | None) -> tuple[str, ...]:
        """Actors standing in an engagement; Down actors have left it (S8)."""
        if engagement is None:
            return ()
        if self.groups is not None:
            return tuple(a for a in self.groups[engagement] if not self.actors[a].down)
        return tuple(a for a, p in self.actors.items()
                     if p.engagement == engagement and not p.down)


def in_melee(view: FieldView, a: str, b: str) -> bool:
    """Melee range means the same engagement, not merely the same zone (S11)."""
    pa, pb = view.at(a), view.at(b)
    return (a != b and pa.engagement is not None and pa.engagement == pb.engagement
            and not pa.down and not pb.down)


def engaged_enemies(view: FieldView, actor: str) -> tuple[str, ...]:
    me = view.at(actor)
    return tuple(a for a in view.members(me.engagement) if view.at(a).side != me.side)


def outnumbered(view: FieldView, actor: str) -> bool:
    """S16: the actor's engagement holds more enemies than its own side (itself included)."""
    me = view.at(actor)
    if me.engagement is None or me.down:
        return False
    members = view.members(me.engagement)
    own = sum(1 for a in members if view.at(a).side == me.side)
    return len(members) - own > own


def firing_into_melee(view: FieldView, attacker: str, target: str, kind: str) -> bool:
    """S15: a ranged attack or offensive spell into an engagement holding an ally.

    Reading: the attacker must itself be outside that engagement. In the source battle
    Taylor casts at an enemy she is engaged with alongside Josh and takes no penalty;
    Josh, shooting from outside into Monica's engagement, does.
    """
    if kind not in ("ranged", "spell"):
        return False
    me, tp = view.at(attacker), view.at(target)
    if tp.engagement is None or me.engagement == tp.engagement:
        return False
    return any(view.at(a).side == me.side for a in view.members(tp.engagement)
               if a != attacker)


@record
class RangeCheck:
    distance: int
    band: str
    max_range: int
    max_band: str
    at_max_range: bool
    modifiers: tuple[Mod, ...] = ()   # ("disadvantage", "beyond max range", "S13") or ()
    melee: bool = False

    @property
    def ok(self) -> bool:
        return not self.modifiers


def range_check(numbers: RulesetNumbers, view: FieldView, attacker: str, target: str,
                weapon: Weapon, *, extra_bands: int = 0,
                spell_range_bonus: int = 0) -> RangeCheck:
    """Can `attacker` reach `target` with `weapon`? Raises RuleViolation when not (S11, S13)."""
    me, tp = view.at(attacker), view.at(target)
    names = numbers.band_names
    steps_away = steps(numbers, me.zone, tp.zone)
    who, whom = view.name(attacker), view.name(target)
    if weapon.kind == "melee":
        if not in_melee(view, attacker, target):
            hint = ("engage first (Minor action, S14)" if steps_away == 0
                    else f"move to {whom}'s zone, then engage (Minor action, S14)")
            raise RuleViolation(f"{who} is not engaged with {whom} (S11): a melee weapon "
                                f"needs Melee range", hint)
        return RangeCheck(steps_away, band_name(steps_away, names), 0, band_name(0, names),
                          at_max_range=True, melee=True)
    # S13: the weapon's max range, a spell's the base spell range and a held focus (a
    # wand); range skills add to either.
    base = numbers.base_spell_range + spell_range_bonus if weapon.kind == "spell" \
        else weapon.range
    reach = base + extra_bands
    over = steps_away - reach
    # S11: same zone is Close; in the same engagement it is Melee, for a spell or a bow too.
    check = RangeCheck(steps_away, band_name(steps_away, names), reach,
                       band_name(reach, names), at_max_range=(steps_away == reach),
                       melee=in_melee(view, attacker, target))
    if over <= 0:
        return check
    if over <= numbers.beyond_max_range_bands:
        return RangeCheck(check.distance, check.band, reach, check.max_band, False,
                          (Mod("disadvantage", "beyond max range", "S13"),))
    bands = "band" if over == 1 else "bands"
    raise RuleViolation(
        f"{whom} is {over} {bands} beyond max range (S13): {who}'s {weapon.name} reaches "
        f"{check.max_band}, {whom} is at {check.band}",
        f"move closer (at most {numbers.beyond_max_range_bands} beyond max range, with "
        f"Disadvantage), or use a skill that adds range")
