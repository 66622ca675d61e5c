"""Wounds: damage types and how a creature takes them (D19, D20).

Wounds replace hit points: they add up on the `wounds` resource, and a creature whose
wounds reach its wound limit is down (D19). Each application of wounds is adjusted by
the target's vulnerabilities and resistances to the type, its category or all damage,
and immunity makes it 0 (D20); critical hits repeat the whole application (D18).
"""

from __future__ import annotations

from shaper_gm.engine import events as ev
from shaper_gm.engine.state import Encounter
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers.events import TallyChanged
from shaper_gm.rulesets.dungeoneers.models import DamageTypes, Sheet
from shaper_gm.rulesets.dungeoneers.state import release_grapples


@record
class Defenses:
    """What of a target's D20 entries covers one damage type."""

    vulnerable: int = 0
    resist: int = 0
    immune: bool = False

    def apply(self, wounds: int) -> int:
        """One application of wounds after D20."""
        if self.immune:
            return 0
        return max(0, wounds + self.vulnerable - self.resist)

    def describe(self) -> str:
        if self.immune:
            return "immune"
        parts = [f"vulnerability({self.vulnerable})" if self.vulnerable else "",
                 f"resistance({self.resist})" if self.resist else ""]
        return ", ".join(p for p in parts if p) or "none"


def defenses(types: DamageTypes, sheet: Sheet, code: str | None) -> Defenses:
    if code is None:
        return Defenses()
    return Defenses(
        vulnerable=sum(n for entry, n in sheet.vulnerable if types.covers(entry, code)),
        resist=sum(n for entry, n in sheet.resist if types.covers(entry, code)),
        immune=any(types.covers(entry, code) for entry in sheet.immune))


def dealt(base: int, criticals: int, guard: Defenses) -> tuple[int, int]:
    """(wounds per application, wounds in all): once plus once per critical hit (D18)."""
    each = guard.apply(base)
    return each, each * (1 + criticals)


def take_wounds(state: Encounter, target_id: str, wounds: int, why: str,
                limit: int) -> tuple[Encounter, list]:
    """Add wounds to a creature; at its wound limit it goes down (D19)."""
    target = state.actors[target_id]
    before = target.resource("wounds")
    after = before + max(0, wounds)
    if after == before:
        return state, []
    values = target.resource_map()
    values["wounds"] = after
    state = state.with_actor(target.with_resources(values))
    events: list = [TallyChanged(target_id, "wounds", before, after, why, limit)]
    if after >= limit and not target.down:
        state, downed = go_down(state, target_id)
        events += downed
    return state, events


def heal_wounds(state: Encounter, target_id: str, amount: int, why: str,
                limit: int) -> tuple[Encounter, list]:
    """Remove wounds; below its limit a down creature is up again (D19)."""
    target = state.actors[target_id]
    before = target.resource("wounds")
    after = max(0, before - max(0, amount))
    values = target.resource_map()
    values["wounds"] = after
    state = state.with_actor(target.with_resources(values))
    events: list = []
    if after != before:
        events.append(TallyChanged(target_id, "wounds", before, after, why, limit))
    if target.down and after < limit:
        state, back = revive(state, target_id)
        events += back
    return state, events


def go_down(state: Encounter, actor_id: str) -> tuple[Encounter, list]:
    """D19: down; it lets go of any grapple and leaves the AP order."""
    state = state.with_actor(state.actors[actor_id].with_(down=True))
    state, released = release_grapples(state, actor_id, "it is down (D19)")
    return state, [ev.WentDown(actor_id, "down", "D19"), *released]


def revive(state: Encounter, actor_id: str) -> tuple[Encounter, list]:
    """D19: below its wound limit again, the creature is back in the fight."""
    return state.with_actor(state.actors[actor_id].with_(down=False)), [ev.Revived(actor_id)]
