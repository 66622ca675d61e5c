"""What the Dungeoneers tests read of a creature and of the encounter, from the state
of the ruleset written as data (content/dungeoneers), by the names the Python ruleset's
records gave them (`actor.system`, `state.system`, before the ruleset was data): the weapons in
hand (the sheet's `holding`), the grapple (the `grappled` condition its grappler gave,
D24), hanging at a ledge (D29), the action readied (an effect `ready-ACTION`, D9), what
lies on the map and the ambient arca (D16, D28)."""

from __future__ import annotations

from types import SimpleNamespace

from shaper_gm.engine.laying import ground_of


def data_of(actor, state=None) -> SimpleNamespace:
    """The creature's weapons in hand, grapples, ledge and action readied; whom it
    grapples needs `state` on the data version (the condition is on the one held)."""
    names = {e.name for e in actor.effects}
    by = next((e.caster for e in actor.effects if e.name == "grappled"), None)
    others = state.actors.items() if state is not None else ()
    holds = next((a for a, other in others for e in other.effects
                  if e.name == "grappled" and e.caster == actor.id), None)
    readied = next((n.removeprefix("ready-") for n in sorted(names)
                    if n.startswith("ready-")), None)
    return SimpleNamespace(holding=tuple(getattr(actor.sheet, "holding", ()) or ()),
                           grappled_by=by, grappling=holds, hanging="hanging" in names,
                           readied=readied)


def encounter_data(state) -> SimpleNamespace:
    """What lies on the map, (item, tile, beside whom), and the ambient arca (D16, D28)."""
    ground = ground_of(state)
    return SimpleNamespace(lying=tuple(ground.lying),
                           ambient_arca=dict(ground.numbers).get("ambient_arca", 0))


def resolved(event) -> bool:
    """Whether the event is an action's outcome (the engine's Played), its breakdown in
    outcome.notes."""
    return type(event).__name__ == "Played"


class Facts:
    """An action's final facts on the data version, read by name, a few by the names the
    Python ruleset's outcome gives them (base_wounds, the damage type's code, a deep
    breath's limit, a move's end, a contest's success, a check's total, a spell's arca)."""

    ALIASES = {"base_wounds": "base", "damage_type": "code", "limit": "capacity",
               "end": "destination", "success": "hit", "total": "grab_total",
               "stress_gained": "stress", "arca_ambient": "ambient", "arca_paid": "owed",
               "arca_caster": "owed", "speed": "mode", "distance": "tiles_away",
               "attack": "skill"}


def condition_started(events, actor: str, name: str, other: str | None, why: str) -> bool:
    """The actor came under the condition (grappled, grappling, hanging; D24, D29), given
    by `other`: the Python ruleset's ConditionStarted with its words `why`, or the data
    version's effect of that name added, its caster `other` (its own actor if None)."""
    return any(type(e).__name__ == "ConditionStarted" and
               (e.actor, e.condition, e.other, e.why) == (actor, name, other, why)
               or type(e).__name__ == "EffectAdded" and e.actor == actor and
               e.effect.name == name and (other is None or e.effect.caster in (other, actor))
               for e in events)


def condition_ended(events, actor: str, name: str, why: str) -> bool:
    """The condition ended: the Python ruleset's ConditionEnded with its words `why`, or
    the data version's effect of that name ended."""
    return any(type(e).__name__ == "ConditionEnded" and (e.actor, e.condition) ==
               (actor, name) and e.why == why
               or type(e).__name__ == "EffectEnded" and (e.actor, e.name) == (actor, name)
               for e in events)


def moved(events, actor: str, start: str, end: str, tiles: int, speed: str, how: str) -> bool:
    """The actor moved from `start` to `end`: the Python ruleset's Moved with its tiles
    speed and how (move, sprint, forced, D21, D25), or the engine's Moved of a worked-out
    move, its distance in words (a forced one `is forced`)."""
    unit = "1 tile" if tiles == 1 else f"{tiles} tiles"
    return any(type(e).__name__ == "Moved" and (e.actor, e.start, e.end) == (actor, start, end)
               and ((getattr(e, "how", None), getattr(e, "tiles", None),
                     getattr(e, "speed", None)) == (how, tiles, speed) or
                    getattr(e, "distance", None) == unit and how in getattr(e, "word", ""))
               for e in events)
