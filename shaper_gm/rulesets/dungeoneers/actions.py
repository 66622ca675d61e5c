"""Dungeoneers' play actions (commands.md "Dungeoneers verbs") as engine `Action`s: what
they cost (D2), every refusal before anything is paid (`prepare`) and their effect on
the paid state (`resolve`). `engine.play.perform` runs them; whose turn it is, paying,
reactions and readied actions (D8, D9) and who is up after (D3-D6) are the engine's.

Here: what every action shares (its price, what it took, its outcome event, who acts
on whom) and the actions without a test: move and sprint, interact, defend, ready, deep
breath and focus. Those with one are in `contests.py` and `spells.py`. A request's
words are `actor`, `target`, `zone` (a tile), `spell-id` and READY_ROLE; its flags
`with`, `boon`, `bane`, `damage-bonus`, `ledge`, `speed`, `draw`, `stow`, `pickup`, `tiles` and
`arca`.
"""

from __future__ import annotations

from dataclasses import replace

from shaper_gm.engine import events as ev
from shaper_gm.engine import ground, speeds
from shaper_gm.engine.actions import Acting, Action, Done
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.gear import drawable
from shaper_gm.engine.state import Actor, Effect, Encounter
from shaper_gm.engine.steps import Note
from shaper_gm.rulesets.dungeoneers.events import (
    ActionReadied,
    ActionResolved,
    ActionTaken,
    ConditionEnded,
    Cost,
    HoldingChanged,
    Moved,
    TallyChanged,
)
from shaper_gm.rulesets.dungeoneers.models import READY_ROLE, READYABLE
from shaper_gm.rulesets.dungeoneers.rules import (
    data_of,
    encounter_data,
    hands_used,
    release_grapples,
    with_data,
)


def priced(name: str):
    """The AP an action costs by the content's costs table (D2)."""
    return lambda acting: {"ap": acting.rs.numbers.cost(name)}


def paid(acting: Acting, action: str, ap: int | None = None) -> Cost:
    """What the action took, read off the paid state (D2, D8)."""
    ap = acting.rs.numbers.cost(action) if ap is None else ap
    return Cost(action, ap, acting.state.actors[acting.actor].resource("ap"), acting.reaction)


def taped(tape) -> dict:
    return {"notes": tuple(tape.notes), "rolls": tuple(tape.rolls)}


def played(acting: Acting, done, **more):
    """A played `rules.Contest` as the action's outcome: what it took and its breakdown."""
    return replace(done, cost=paid(acting, done.action), **taped(acting.tape), **more)


def resolved(acting: Acting, state: Encounter, outcome, *after, others=()) -> Done:
    event = ActionResolved(acting.actor, outcome, action=outcome.cost.action)
    return Done(state, (event, *after), outcome, others)


def plain(acting: Acting, state: Encounter, action: str, text: str, *events) -> Done:
    """An action with no dice, told in the GM's text or its own (D22, D23): its event
    is its outcome."""
    taken = ActionTaken(acting.actor, action, text, acting.reaction, paid(acting, action))
    return Done(state, (*events, taken), taken)


# --- who against whom (D16, D19, D24, D25) ------------------------------------------------

def opponents(state: Encounter, request, doing: str) -> tuple[Actor, Actor]:
    """The acting creature and its target, both able to take part."""
    actor, target = state.actors[request.actor], state.actors[request.target]
    if actor.down:
        raise RuleViolation(f"{actor.name} is down and cannot {doing} (D19)",
                            "heal its wounds first, or act with another creature")
    if target.id == actor.id:
        raise RuleViolation(f"{actor.name} cannot {doing} itself", "name another creature")
    if target.down:
        raise RuleViolation(f"{target.name} is already down (D19)", "choose another target")
    return actor, target


def net_boon(request) -> int:
    boon, bane = request.get("boon") or 0, request.get("bane") or 0
    if boon < 0 or bane < 0:
        raise RuleViolation("boon and bane are counted from 0 (D15)", "e.g. --boon 1")
    return boon - bane


def threatened(state: Encounter, rs, actor: Actor, target: Actor, rule: str, doing: str):
    """D24, D25: only a creature within the actor's threat range (D16)."""
    tiles = rs.tiles_apart(state, actor.id, target.id)
    if tiles > actor.sheet.threat_range:
        raise RuleViolation(f"{actor.name} can only {doing} a creature it threatens: "
                            f"{target.name} is {tiles} tiles away, threat range "
                            f"{actor.sheet.threat_range} ({rule})", "move closer first")

# --- move and sprint (D21, D24, D29) ------------------------------------------------------------

def _route(acting: Acting, sprint: bool) -> tuple:
    """D21: up to a travel speed in tiles (twice that sprinting); not while grappled (D24)."""
    state, rs, numbers = acting.state, acting.rs, acting.rs.numbers
    actor = state.actors[acting.actor]
    start = rs.placed(state, actor.id)
    end = rs.canonical_zone(acting.request.arg("zone"), state.cols, state.rows)
    speed, per = speeds.chosen(actor.name, actor.sheet.speeds, acting.request.get("speed"),
                               "D21")
    allowed = per * (numbers.sprint_multiplier if sprint else 1)
    tiles = rs.distance(start, end)
    if tiles == 0:
        raise RuleViolation(f"{actor.name} is already on {end}", "name another tile")
    there = sorted(state.standing_on(end) - {actor.id})
    if numbers.one_per_tile and there:
        raise RuleViolation(f"{state.actors[there[0]].name} stands on {end}: a tile holds one "
                            "standing creature (D21, one_per_tile)",
                            "move to a free tile next to it")
    if tiles > allowed:
        hint = (f"sprint covers {per * numbers.sprint_multiplier}" if not sprint
                else "move in several actions")
        raise RuleViolation(f"{end} is {tiles} tiles from {start}; "
                            f"{'sprint' if sprint else 'move'} at {speed.title()} "
                            f"({per}) covers {allowed} (D21)",
                            f"{hint}, or choose a nearer tile")
    holder = data_of(actor).grappled_by
    if holder and numbers.grappled_cannot_move:
        raise RuleViolation(f"{actor.name} is grappled by {state.actors[holder].name} and "
                            "cannot move (D24)",
                            f"break free first: break-free ({numbers.cost('break-free')} "
                            "AP), or wait until the grappler is forced away")
    return start, end, speed, per, allowed, tiles


def _travel(acting: Acting, sprint: bool) -> Done:
    start, end, speed, per, allowed, tiles = acting.plan
    numbers, action = acting.rs.numbers, "sprint" if sprint else "move"
    actor = acting.state.actors[acting.actor].with_(zone=end)
    events: list = []
    gained = numbers.sprint_stress if sprint else 0
    if gained:
        stress = actor.resource("stress")
        events.append(TallyChanged(actor.id, "stress", stress, stress + gained, "sprint"))
        actor = actor.with_resource("stress", stress + gained)
    if data_of(actor).hanging:
        actor = with_data(actor, hanging=False)
        events.append(ConditionEnded(actor.id, "hanging", None, "it moved"))
    state = acting.state.with_actor(actor)
    moved = Moved(actor.id, start, end, tiles, speed, action, allowed, gained,
                  paid(acting, action))
    events.append(moved)
    if data_of(actor).grappling and numbers.move_ends_grapple:
        state, released = release_grapples(state, actor.id, "the grappler moved away (D24)")
        events += released
    return Done(state, tuple(events), moved)


MOVE = Action("move", lambda acting: _travel(acting, False), priced("move"),
              lambda acting: _route(acting, False), what="a move")
SPRINT = Action("sprint", lambda acting: _travel(acting, True), priced("sprint"),
                lambda acting: _route(acting, True), what="a sprint")


# --- actions without dice (D9, D22, D23, D26, D27) -------------------------------------------

def _holding(acting: Acting) -> tuple[tuple[str, ...], tuple | None]:
    """D22: what the creature holds after stowing, drawing and picking up, in two
    hands; and the entry of the item it picks up off the map, if any."""
    rs, actor = acting.rs, acting.state.actors[acting.actor]
    draw, stow = acting.request.get("draw"), acting.request.get("stow")
    pickup = acting.request.get("pickup")
    holding = list(data_of(actor).holding)
    if stow is not None:
        if stow not in holding:
            raise RuleViolation(f"{actor.name} is not holding {stow!r} (D22)",
                                f"it holds: {', '.join(holding) or 'nothing'}")
        holding.remove(stow)
    if draw is not None:
        drawable(actor.name, draw, actor.sheet.weapons, draw in holding, "D22",
                 then="strike")
    entry = within_reach(acting.state, rs, actor, pickup) if pickup is not None else None
    for taken in (draw, pickup):
        if taken is None:
            continue
        holding.append(taken)
        used = hands_used(rs, holding)
        if used > rs.numbers.hands:
            raise RuleViolation(f"{actor.name} has no hands free for the {taken}: it would "
                                f"take {used} of {rs.numbers.hands} (D22)",
                                "stow something first (interact --stow ITEM)")
    return tuple(holding), entry


def within_reach(state: Encounter, rs, actor: Actor, item: str) -> tuple:
    """The nearest place `item` lies within `pickup_reach` tiles of the creature (D22)."""
    tile, reach = rs.placed(state, actor.id), rs.numbers.pickup_reach
    near = sorted((rs.distance(tile, e[1]), e) for e in encounter_data(state).lying
                  if e[0] == item)
    if not near or near[0][0] > reach:
        where = ", ".join(e[1] for _, e in near) or "nowhere"
        raise RuleViolation(f"no {item} lies within {reach} tile{'s' * (reach != 1)} of "
                            f"{actor.name} on {tile}; it lies on {where} (D22)",
                            f"move to {near[0][1][1]} or next to it first" if near else
                            "a weapon lies where it was thrown")
    return near[0][1]


def lying_word(state: Encounter, word: str) -> str:
    """An item lying on the map, by unique prefix; refused when none lies there (D22)."""
    from shaper_gm.engine.names import match_one
    lying = ground.items(encounter_data(state).lying)
    if not lying:
        raise RuleViolation("no weapon lies on the map (D22)",
                            "a thrown weapon lies on its target's tile")
    return match_one(word, lying, "weapon", f"lying: {', '.join(lying)}")


def _interact(acting: Acting) -> Done:
    """D22: open a door, drink a potion, ... or draw, stow or pick up a weapon."""
    request, actor, state = acting.request, acting.state.actors[acting.actor], acting.state
    holding, entry = acting.plan
    changed = holding != data_of(actor).holding
    moves = [f"{word} {request.get(flag)}" for flag, word in
             (("draw", "draws"), ("stow", "stows"), ("pickup", "picks up")) if request.get(flag)]
    text = request.arg("text") or ", ".join(moves)
    if entry is not None:                  # it carries the weapon from now on (D22)
        weapons = tuple(dict.fromkeys((*actor.sheet.weapons, entry[0])))
        actor = actor.with_(sheet=replace(actor.sheet, weapons=weapons))
        data = encounter_data(state, acting.rs.numbers.ambient_arca)
        state = state.with_(system=data.with_(lying=ground.taken(data.lying, entry)))
    state = state.with_actor(with_data(actor, holding=holding))
    held = (HoldingChanged(actor.id, data_of(actor).holding, holding),) if changed else ()
    return plain(acting, state, "interact", text, *held)


def _defend(acting: Acting) -> Done:
    """D23: defensive until the start of its next turn: boon on its dodging tests."""
    actor, boon = acting.state.actors[acting.actor], acting.rs.numbers.defend_boon
    guard = Effect("defensive", source="defend", mods=(("defense_boon", boon),),
                   until=f"start:{actor.id}")
    kept = tuple(e for e in actor.effects if e.name != "defensive")
    state = acting.state.with_actor(actor.with_(effects=(*kept, guard)))
    return plain(acting, state, "defend", "defensive until the start of its next turn",
                 ev.EffectAdded(actor.id, guard))


def _ready_plan(acting: Acting) -> str:
    named = acting.request.arg(READY_ROLE, "")
    if named.strip().lower() not in READYABLE:
        raise RuleViolation(f"{named!r} is not an action a creature "
                            "can ready (D9)", f"ready one of: {', '.join(READYABLE)}")
    return named.strip().lower()


def _ready(acting: Acting) -> Done:
    """D9: hold one action until the round ends; only the readying AP is paid now."""
    state = acting.state.with_actor(with_data(acting.state.actors[acting.actor],
                                              readied=acting.plan))
    readied = ActionReadied(acting.actor, acting.plan)
    return Done(state, (readied,), readied)


def _restore_plan(acting: Acting, breath: bool) -> tuple[int, int, int]:
    """D26: a deep breath only above stress capacity; D27: focus below the most arca.
    (before, after, limit)."""
    rs, actor = acting.rs, acting.state.actors[acting.actor]
    if breath:
        limit, stress = rs.stat(actor.sheet, "stress_capacity"), actor.resource("stress")
        if stress <= limit:
            raise RuleViolation(f"{actor.name} has {stress} stress, not above its capacity "
                                f"{limit}: no deep breath (D26)",
                                "deep breath is for a creature above its stress capacity")
        return stress, max(0, stress - rs.numbers.deep_breath_relief), limit
    limit, arca = rs.stat(actor.sheet, "arca_max"), actor.resource("arca")
    if arca >= limit:
        raise RuleViolation(f"{actor.name} already has its most arca, {limit} (D27)",
                            "focus when some arca is spent")
    return arca, min(limit, arca + rs.numbers.focus_regain), limit


def _restore(acting: Acting, breath: bool) -> Done:
    before, after, limit = acting.plan
    action, resource = ("deep-breath", "stress") if breath else ("focus", "arca")
    actor = acting.state.actors[acting.actor]
    notes = ((Note("stress capacity (endurance)", limit, "D26"),
              Note("stress after a deep breath", after, "D26")) if breath else
             (Note("arca maximum (2 x wisdom)", limit, "D27"),
              Note("arca after focus", after, "D27")))
    outcome = TallyChanged(actor.id, resource, before, after, action, limit,
                           paid(acting, action), notes)
    return resolved(acting, acting.state.with_actor(actor.with_resource(resource, after)),
                    outcome)


INTERACT = Action("interact", _interact, priced("interact"), _holding, what="an interaction")
DEFEND = Action("defend", _defend, priced("defend"), what="defending")
READY = Action("ready", _ready, priced("ready"), _ready_plan, what="readying an action",
               phrase="ready an action")
DEEP_BREATH = Action("deep-breath", lambda acting: _restore(acting, True),
                     priced("deep-breath"), lambda acting: _restore_plan(acting, True),
                     what="a deep breath", phrase="take a deep breath")
FOCUS = Action("focus", lambda acting: _restore(acting, False), priced("focus"),
               lambda acting: _restore_plan(acting, False), what="focusing")
