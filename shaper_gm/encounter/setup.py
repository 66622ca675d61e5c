"""Setting a fight up for any ruleset: actors in and out, placement, and turn order.
The ruleset builds each actor (`make_actor`), names cells (`canonical_zone`), rolls
initiative and breaks its ties; what follows a removal or a move is its hook."""

from __future__ import annotations

import re

from shaper_gm.engine import events as ev
from shaper_gm.engine import grid
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.state import Encounter as EncounterState
from shaper_gm.engine.summoning import leaving
from shaper_gm.records import record

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
RESERVED_IDS = {"all", "spell"}


@record
class NewActor:
    """What `add` asks for; unset fields come from the template or the ruleset's default
    sheet. `numbers` are sheet numbers by name (`--stat`, `--hp`, ...); `extra` holds the
    ruleset's own choices (items, skills, proficiencies, ...)."""

    id: str
    template: object | None = None   # the ruleset's template (a content sheet)
    side: str | None = None
    zone: str | None = None
    name: str | None = None
    numbers: tuple[tuple[str, int], ...] = ()
    extra: tuple[tuple[str, object], ...] = ()
    lacks: tuple[str, ...] = ()      # items of its sheet it comes without (`--lacks`)
    carries: tuple[str, ...] = ()    # items beyond its sheet (`--carries`)


def new_encounter(ruleset_id: str, cols: int, rows: int, seed: int,
                  system: object = None) -> tuple[EncounterState, list]:
    refusal = grid.size_refusal(cols, rows)
    if refusal is not None:
        raise refusal
    state = EncounterState(ruleset=ruleset_id, seed=seed, cols=cols, rows=rows, system=system)
    return state, [ev.EncounterCreated(cols, rows, seed, ruleset_id)]


def check_new_id(state: EncounterState, actor_id: str, reserved: frozenset = frozenset()) -> None:
    if not ID_PATTERN.match(actor_id) or actor_id in RESERVED_IDS | reserved:
        raise RuleViolation(f"{actor_id!r} cannot be an actor id",
                            "use lowercase letters, digits and -, e.g. goblin-1")
    if actor_id in state.actors:
        raise RuleViolation(f"there is already an actor {actor_id!r}",
                            "pick another id, or remove it first")


def add_actor(state: EncounterState, rs, spec: NewActor) -> tuple[EncounterState, list]:
    check_new_id(state, spec.id, frozenset(rs.reserved_ids()))
    zone = rs.canonical_zone(spec.zone, state.cols, state.rows) if spec.zone else None
    actor = rs.make_actor(spec, zone)
    events: list = [ev.ActorAdded(spec.id, actor.name, actor.side, zone, actor.hp)]
    if spec.lacks or spec.carries:          # what an earlier fight left it (a party's)
        before = rs.carried(actor)
        actor = rs.carrying(actor, spec.lacks, spec.carries)
        events.append(ev.FieldSet(spec.id, "items", before, rs.carried(actor),
                                  "what an earlier fight left it"))
    state = state.with_actor(actor).with_(order=(*state.order, spec.id))
    return state, events


def remove_actor(state: EncounterState, rs, actor_id: str) -> tuple[EncounterState, list]:
    if state.turn == actor_id and getattr(rs.turn_order, "one_action_turns", False):
        state = state.with_(turn=None)        # only up by default: the ruleset settles anew
    elif state.turn == actor_id:
        raise RuleViolation(f"{actor_id} is taking its turn", "end the turn first, then remove")
    return leaving(state, rs, actor_id)


def place(state: EncounterState, rs, actor_id: str, zone_text: str) -> tuple[EncounterState, list]:
    """Put an actor in a cell at no action cost (setup and GM fixes)."""
    zone = rs.canonical_zone(zone_text, state.cols, state.rows)
    actor = state.actors[actor_id]
    state = state.with_actor(actor.with_(zone=zone))
    state, followed = rs.on_placed(state, actor_id, actor.zone)
    return state, [ev.Placed(actor_id, zone), *followed]


# --- turn order -------------------------------------------------------------------------

def sort_order(state: EncounterState, rs) -> tuple[str, ...]:
    """Higher initiative first; ties by the ruleset's tie-break, then as listed."""
    listed = {actor_id: place for place, actor_id in enumerate(state.order)}
    rolled = [a for a in listed if state.actors[a].initiative is not None]
    unrolled = [a for a in listed if state.actors[a].initiative is None]
    rolled.sort(key=lambda a: (-state.actors[a].initiative,
                               -rs.order_tiebreak(state.actors[a]), listed[a]))
    return tuple(rolled + unrolled)


def ties(state: EncounterState, rs, order: tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for a, b in zip(order, order[1:], strict=False):
        x, y = state.actors[a], state.actors[b]
        if (x.initiative is not None and x.initiative == y.initiative
                and rs.order_tiebreak(x) == rs.order_tiebreak(y)):
            out.append((a, b))
    return out


def roll_initiative(state: EncounterState, rs, dice, given: dict[str, object],
                    only: list[str] | None = None,
                    entered: set[str] | frozenset[str] = frozenset()
                    ) -> tuple[EncounterState, list, list]:
    """Roll (or take the given faces or total of) each actor's initiative, as its ruleset
    rolls it. A roll for one actor (`only`), or one the GM entered for a named actor
    (`entered`), is marked entered; a roll for everyone keeps each entered roll and rolls
    the rest. Also returns (actor, roll, what the log writes) per actor rolled, for the
    log line."""
    one = only is not None
    targets = only if one else [a for a in state.order if state.actors[a].summoner is None]
    rolls, changed, kept = [], [], []
    for actor_id in targets:
        actor = state.actors[actor_id]
        if (not one and actor_id not in entered and actor.initiative_entered
                and actor.initiative is not None):
            kept.append(actor_id)
            continue
        source = dice.source("roll", given.get(actor_id), actor=actor_id)
        roll = rs.initiative(actor, source)
        source.finish()
        rolls.append((actor_id, roll, source.logged()))
        # A roll the GM entered (`init ID --roll`, `init --roll ID=FACES`) is kept by a
        # later bare `init`.
        changed.append(actor.with_(initiative=roll.total,
                                   initiative_entered=one or actor_id in entered))
    state = state.with_actors(changed)
    order = sort_order(state, rs)
    # Summons follow their summoner.
    order = with_summons_after(state, order)
    tie = ties(state, rs, order)
    notes = []
    if kept:
        names = ", ".join(state.actors[a].name for a in kept)
        notes.append(f"kept as entered: {names}")
    if tie:
        notes.append("tie: " + "; ".join(f"{a} and {b}" for a, b in tie)
                     + " (the GM decides: init ID ID ... to reorder)")
    state = state.with_(order=order)
    shown = tuple((a, r) for a, r, _ in rolls) + tuple(
        (a, _entered(state.actors[a].initiative)) for a in kept)
    return state, [ev.OrderSet(order, shown, "; ".join(notes))], rolls


def _entered(total: int):
    """An initiative kept as the GM entered it, shown like a roll of that total."""
    from shaper_gm.dice import Roll, parse
    return Roll(expr=parse("0"), dice=(), constant=0, total=total, entered=total)


def with_summons_after(state: EncounterState, order: tuple[str, ...]) -> tuple[str, ...]:
    """Each summons right after its summoner, in the order's sequence; the rest (a
    summons whose summoner is not listed) at the end."""
    base, summons = [], {}
    for actor_id in order:
        summoner = state.actors[actor_id].summoner
        if summoner is None:
            base.append(actor_id)
        else:
            summons.setdefault(summoner, []).append(actor_id)
    out: list[str] = []
    for actor_id in base:
        out.append(actor_id)
        out += summons.pop(actor_id, ())
    placed = set(out)
    out += [a for a in order if a not in placed]
    return tuple(out)


def set_order(state: EncounterState, ids: list[str]) -> tuple[EncounterState, list]:
    """The GM sets the order by hand: the named actors first, in that order, then the rest."""
    if len(set(ids)) != len(ids):
        raise RuleViolation("an actor is named twice in the order", "name each actor once")
    named = set(ids)
    rest = [a for a in state.order if a not in named]
    order = with_summons_after(state, (*ids, *rest))
    return state.with_(order=order), [ev.OrderSet(order, (), "set by hand")]


def move_in_order(state: EncounterState, actor_id: str, *, before: str | None = None,
                  after: str | None = None) -> tuple[EncounterState, list]:
    order = [a for a in state.order if a != actor_id]
    anchor = before or after
    if anchor == actor_id:
        raise RuleViolation("an actor cannot move relative to itself", "name another actor")
    index = order.index(anchor) + (1 if after else 0)
    order.insert(index, actor_id)
    order = with_summons_after(state, tuple(order))
    return state.with_(order=order), [ev.OrderSet(order, (), "reordered by hand")]
