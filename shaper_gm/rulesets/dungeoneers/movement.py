"""Move and sprint by a travel speed on the tile grid (D21), and forced movement (D25)."""

from __future__ import annotations

from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Actor, Encounter
from shaper_gm.engine.steps import Note
from shaper_gm.records import record
from shaper_gm.rulesets.dungeoneers import grid
from shaper_gm.rulesets.dungeoneers.events import ConditionEnded, Moved, TallyChanged
from shaper_gm.rulesets.dungeoneers.flow import begin, finish
from shaper_gm.rulesets.dungeoneers.outcomes import MoveOutcome
from shaper_gm.rulesets.dungeoneers.state import actor_of, data_of, release_grapples, with_data


@record
class MoveRequest:
    actor: str | None
    tile: str
    speed: str | None = None      # a travel speed on the sheet; None: the first listed


def placed(actor: Actor) -> str:
    if actor.zone is None:
        raise RuleViolation(f"{actor.name} is not on the grid yet",
                            f"place it first: place {actor.id} TILE")
    return actor.zone


def tiles_between(rs, a: str, b: str) -> int:
    return grid.distance(a, b, rs.numbers.diagonal_cost)


def move(state: Encounter, rs, request: MoveRequest, tape=None):
    """D21: up to the chosen travel speed in tiles, for 1 AP."""
    return _travel(state, rs, request, sprint=False)


def sprint(state: Encounter, rs, request: MoveRequest, tape=None):
    """D21: twice the travel speed, and 1 stress."""
    return _travel(state, rs, request, sprint=True)


def _travel(state: Encounter, rs, request: MoveRequest, *, sprint: bool):
    action = "sprint" if sprint else "move"
    actor = actor_of(state, request.actor)
    start = placed(actor)
    end = grid.canonical(request.tile, state.cols, state.rows)
    speeds = dict(actor.sheet.speeds)
    speed = (request.speed or next(iter(speeds), "ground")).lower()
    if speed not in speeds:
        raise RuleViolation(f"{actor.name} has no {speed} travel speed (D21)",
                            f"its speeds: {_speeds(actor)}")
    numbers = rs.numbers
    allowed = speeds[speed] * (numbers.sprint_multiplier if sprint else 1)
    tiles = tiles_between(rs, start, end)
    if tiles == 0:
        raise RuleViolation(f"{actor.name} is already on {end}", "name another tile")
    if tiles > allowed:
        hint = (f"sprint covers {speeds[speed] * numbers.sprint_multiplier}" if not sprint
                else "move in several actions")
        raise RuleViolation(f"{end} is {tiles} tiles from {start}; {action} at "
                            f"{speed.title()} ({speeds[speed]}) covers {allowed} (D21)",
                            f"{hint}, or choose a nearer tile")
    holder = data_of(actor).grappled_by
    if holder and numbers.grappled_cannot_move:
        raise RuleViolation(f"{actor.name} is grappled by {state.actors[holder].name} and "
                            "cannot move (D24)", "break free first (act), or wait until the "
                            "grappler is forced away")
    begun = begin(state, rs, actor.id, action, numbers.cost(action))
    actor = begun.actor.with_(zone=end)
    events = list(begun.events)
    notes = [Note(f"{speed} speed {speeds[speed]}" + (" x 2 (sprint)" if sprint else ""),
                  allowed, "D21"), Note(f"tiles {start} to {end}", tiles, "D21")]
    gained = 0
    if sprint and numbers.sprint_stress:
        gained = numbers.sprint_stress
        values = actor.resource_map()
        before = values.get("stress", 0)
        values["stress"] = before + gained
        actor = actor.with_resources(values)
        events.append(TallyChanged(actor.id, "stress", before, before + gained, "sprint"))
        notes.append(Note("stress gained", gained, "D21"))
    if data_of(actor).hanging:
        actor = with_data(actor, hanging=False)
        events.append(ConditionEnded(actor.id, "hanging", None, "it moved"))
    state = begun.state.with_actor(actor)
    events.append(Moved(actor.id, start, end, tiles, speed, action))
    if data_of(actor).grappling and numbers.move_ends_grapple:
        state, released = release_grapples(state, actor.id, "the grappler moved away (D24)")
        events += released
    state, settled = finish(state, rs, actor.id, begun.cost)
    outcome = MoveOutcome(actor.id, start, end, tiles, allowed, speed, sprint, gained,
                          begun.cost, tuple(notes))
    return state, events + settled, outcome


def _speeds(actor: Actor) -> str:
    return ", ".join(f"{name} {n}" for name, n in actor.sheet.speeds) or "none"


def force(state: Encounter, actor_id: str, end: str, why: str) -> tuple[Encounter, list]:
    """Forced movement (D25): no AP; a forced grappler lets go (D24)."""
    actor = state.actors[actor_id]
    start = actor.zone
    state = state.with_actor(actor.with_(zone=end))
    events: list = [Moved(actor_id, start, end, tiles_or_zero(start, end), "ground", "forced")]
    if data_of(actor).grappling:
        state, released = release_grapples(state, actor_id, f"{why} (D24)")
        events += released
    return state, events


def tiles_or_zero(start: str | None, end: str) -> int:
    return grid.distance(start, end) if start else 0


def tile_offers(state: Encounter, rs, actor: Actor, action: str) -> list:
    """Every tile by distance from `actor`, with what reaching it costs: one move at the
    first travel speed, a sprint (and its stress), or more than one action (D21)."""
    from shaper_gm.engine.offers import tile_offers
    speeds = dict(actor.sheet.speeds)
    reach = speeds.get(next(iter(speeds), None), 0)
    numbers = rs.numbers

    def note(tile: str) -> tuple[int, str]:
        tiles = tiles_between(rs, actor.zone, tile)
        if tiles == 0:
            return 0, "here"
        if tiles <= reach and action == "move":
            plural = "s" if tiles > 1 else ""
            return tiles, f"{tiles} tile{plural} · move, {numbers.cost('move')} AP"
        if tiles <= reach * numbers.sprint_multiplier:
            return tiles, f"{tiles} tiles · sprint, {numbers.cost('sprint')} AP and 1 stress"
        return tiles, f"{tiles} tiles · beyond one {action}"
    return tile_offers(state, note)
